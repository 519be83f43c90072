import { memo, type ReactNode } from 'react';
import { cx } from '../util/class-names.js';
import * as smd from 'streaming-markdown';
import { CitationMarker } from './citation-marker.js';
import { CodeFrame } from './code-block.js';
import { DiagramRendererContext, MathRendererContext } from './markdown-renderers.js';
import { RenderedSource } from './rendered-source.js';
import { useLabels } from '../labels/labels.js';
import { isOpenNode, nodeText, type MarkdownNode } from './markdown-tree.js';
import { RemoteMediaGate } from '../media/media-policy.js';
import { hostNamedBy, linkTarget, withoutBidiControls } from '../media/link-host.js';
import { safeLinkUrl, safeMediaUrl } from '../media/safe-url.js';

/** Heading levels used → rendered levels. */
export type HeadingLevels = ReadonlyMap<number, number>;

const SIMPLE: Partial<Record<smd.Token, 'p' | 'code' | 'em' | 'strong' | 's' | 'blockquote' | 'ul' | 'li'>> = {
  [smd.PARAGRAPH]: 'p', [smd.CODE_INLINE]: 'code', [smd.ITALIC_AST]: 'em', [smd.ITALIC_UND]: 'em',
  [smd.STRONG_AST]: 'strong', [smd.STRONG_UND]: 'strong', [smd.STRIKE]: 's', [smd.BLOCKQUOTE]: 'blockquote',
  [smd.LIST_UNORDERED]: 'ul', [smd.LIST_ITEM]: 'li',
};
// Rendered as their own memoized component: a finished one is skipped when its streaming parent re-renders.
const BLOCKS: ReadonlySet<number> = new Set([
  smd.PARAGRAPH, smd.BLOCKQUOTE, smd.LIST_UNORDERED, smd.LIST_ORDERED, smd.LIST_ITEM, smd.TABLE, smd.TABLE_ROW,
  smd.CODE_BLOCK, smd.CODE_FENCE, smd.EQUATION_BLOCK, smd.HEADING_1, smd.HEADING_2, smd.HEADING_3, smd.HEADING_4,
  smd.HEADING_5, smd.HEADING_6,
]);

/** Render counts of block components (read by the cost tests and benches; not part of the package's entry). */
export const markdownRenderStats = { blocks: 0 };

/** The class of the block a streaming answer's caret follows (see `MarkdownProps.caret`). */
const TAIL = 'acu-markdown__tail';

function renderChild(child: MarkdownNode | string, index: number, levels: HeadingLevels, inHead: boolean, tail = false): ReactNode {
  if (typeof child === 'string') return child;
  if (BLOCKS.has(child.type)) return <MarkdownBlock key={index} node={child} levels={levels} inHead={inHead} tail={tail} />;
  return renderNode(child, index, levels, inHead, tail ? TAIL : undefined);
}

function renderChildren(node: MarkdownNode, levels: HeadingLevels, inHead = false): ReactNode[] {
  if (node.children.length > INLINE_BUDGET && !BLOCK_CONTAINERS.has(node.type)) return renderInlineTail(node, levels, inHead);
  if (node.children.length > GROUP_SIZE) return renderGroups(node, levels, inHead);
  return node.children.map((child, index) => renderChild(child, index, levels, inHead));
}

/** Nodes whose children are blocks: any number of them render (in memoized groups). */
const BLOCK_CONTAINERS: ReadonlySet<number> = new Set([smd.DOCUMENT, smd.BLOCKQUOTE, smd.LIST_ORDERED, smd.LIST_UNORDERED, smd.TABLE, smd.TABLE_ROW]);

/**
 * Inline children rendered as elements in one paragraph (or heading, cell, …); the rest show as their source text.
 * 25,000 `$a$` formulas in one paragraph would otherwise be 25,000 renderers and 50,000 nodes in one line layout, laid
 * out again (seconds) at every token and every formula typeset.
 */
export const INLINE_BUDGET = 400;

/** The source-like text of inline nodes: formulas between `$`, everything else its text. */
function inlineSource(children: ReadonlyArray<MarkdownNode | string>): string {
  let text = '';
  for (const child of children) text += typeof child === 'string' ? child : child.type === smd.EQUATION_INLINE ? `$${nodeText(child)}$` : nodeText(child);
  return text;
}

function renderInlineTail(node: MarkdownNode, levels: HeadingLevels, inHead: boolean): ReactNode[] {
  const head = renderGroups({ ...node, children: node.children.slice(0, INLINE_BUDGET) }, levels, inHead);
  return [...head, <span key="tail" className="acu-markdown__inline-tail">{inlineSource(node.children.slice(INLINE_BUDGET))}</span>];
}

const CITATION = /^\d{1,3}$/;

function renderLink(node: MarkdownNode, key: number, levels: HeadingLevels): ReactNode {
  const target = node.attrs[smd.HREF];
  // `[3]` with no URL: a citation of the message's third source.
  if (target === undefined && node.type === smd.LINK && node.children.length === 1 && CITATION.test(String(node.children[0]))) {
    return <CitationMarker key={key} number={Number(node.children[0])} />;
  }
  const safe = safeLinkUrl(target);
  const resolved = safe === null ? null : linkTarget(safe);
  // Bidi controls in the text could reorder the host label after it: they are dropped.
  const children = renderChildren(withoutBidi(node), levels);
  if (!resolved) return <span key={key} className="acu-markdown__unsafe-link">{children}</span>;
  const { href, host } = resolved;
  // Text that reads as a URL of another host than the one the link opens is marked.
  const named = hostNamedBy(nodeText(node));
  const mismatch = host !== null && named !== null && named !== host;
  // Where the link goes, next to what it says (a bare URL says it already), isolated from the text's direction.
  const label = node.type === smd.LINK || mismatch ? host : null;
  return (
    <a key={key} href={href} target="_blank" rel="noopener noreferrer" data-kind={mismatch ? 'mismatch' : undefined}>
      {children}
      {label ? <> <bdi className="acu-markdown__host">{mismatch ? `(⚠ ${label})` : `(${label})`}</bdi></> : null}
    </a>
  );
}

/** The node with bidi controls removed from its text (links are short: a copy costs nothing). */
function withoutBidi(node: MarkdownNode): MarkdownNode {
  return { ...node, children: node.children.map((child) => (typeof child === 'string' ? withoutBidiControls(child) : withoutBidi(child))) };
}

/** Wraps each run of children that are not `type` (text, inline nodes) into one node of `type`; blank text is dropped. */
function wrapStrays(children: ReadonlyArray<MarkdownNode | string>, type: smd.Token, wrap: (run: Array<MarkdownNode | string>) => MarkdownNode): MarkdownNode[] {
  const out: MarkdownNode[] = [];
  let run: Array<MarkdownNode | string> = [];
  const flush = () => {
    if (run.some((child) => typeof child !== 'string' || child.trim())) out.push(wrap(run));
    run = [];
  };
  for (const child of children) {
    if (typeof child !== 'string' && child.type === type) {
      flush();
      out.push(child);
    } else run.push(child);
  }
  flush();
  return out;
}

const cell = (children: Array<MarkdownNode | string>): MarkdownNode => ({ type: smd.TABLE_CELL, attrs: {}, children });

/**
 * A table's rows. streaming-markdown puts a line after the table that does not start with `|` (`**bold | b |`, a link)
 * straight into the table: GFM reads such a line as a row, so it becomes a row of one cell, never a `<tbody>` holding
 * an `<a>` or `<strong>` (invalid DOM, a hydration error under a server render).
 */
function tableRows(table: MarkdownNode): MarkdownNode[] {
  return wrapStrays(table.children, smd.TABLE_ROW, (run) => ({ type: smd.TABLE_ROW, attrs: {}, children: [cell(run)] }));
}

const isCheckbox = (child: MarkdownNode | string) => typeof child !== 'string' && child.type === smd.CHECKBOX;

/**
 * A task list item (`- [x] …`): its checkbox stands for the bullet (`.acu-markdown__task`). A class from the renderer,
 * not `li:has(> .acu-markdown__checkbox)`: a `:has()` inside a streaming answer re-checks the item at every insertion.
 */
function isTaskItem(item: MarkdownNode): boolean {
  return item.children.some((child) => isCheckbox(child) || (typeof child !== 'string' && child.type === smd.PARAGRAPH && child.children.some(isCheckbox)));
}

/** One node as elements; `className` goes on its outer element (the caret's tail block). */
function renderNode(node: MarkdownNode, key: number, levels: HeadingLevels, inHead = false, className?: string): ReactNode {
  const { type, attrs } = node;
  // Only cells in a row (see tableRows).
  if (type === smd.TABLE_ROW) return <tr key={key} className={className}>{renderChildren({ ...node, children: wrapStrays(node.children, smd.TABLE_CELL, cell) }, levels, inHead)}</tr>;
  const Tag = SIMPLE[type];
  if (type === smd.LIST_ITEM && isTaskItem(node)) return <li key={key} className={cx('acu-markdown__task', className)}>{renderChildren(node, levels, inHead)}</li>;
  if (Tag) return <Tag key={key} className={className}>{renderChildren(node, levels, inHead)}</Tag>;
  const level = smd.heading_to_level(type);
  if (level) {
    const Heading = `h${levels.get(level) ?? 6}` as 'h3';
    return <Heading key={key} className={className}>{renderChildren(node, levels)}</Heading>;
  }
  switch (type) {
    case smd.EQUATION_BLOCK: {
      // Phrasing content only: markdown puts a `$$` block inside its paragraph.
      const tex = nodeText(node);
      return <RenderedSource key={key} renderer={MathRendererContext} source={tex} complete={!isOpenNode(node)} fallback={<code>{tex}</code>} className={cx('acu-math acu-math--display', className)} display tag="span" />;
    }
    case smd.CODE_BLOCK:
    case smd.CODE_FENCE: {
      // The code's text pieces as they are: while it streams, only the last piece changes.
      const code = (
        <CodeFrame key={key} className={className} codeText={() => nodeText(node)} language={attrs[smd.LANG]} complete={!isOpenNode(node)}>
          {node.children.map((child) => (typeof child === 'string' ? child : nodeText(child)))}
        </CodeFrame>
      );
      // A ```mermaid block is drawn once complete (`diagramRenderer`); formulas are typeset likewise (`mathRenderer`).
      const complete = !isOpenNode(node);
      if (attrs[smd.LANG]?.trim().toLowerCase() === 'mermaid') return <RenderedSource key={key} renderer={DiagramRendererContext} source={nodeText(node)} complete={complete} fallback={code} className={cx('acu-diagram', className)} display tag="div" />;
      return code;
    }
    case smd.EQUATION_INLINE: {
      const tex = nodeText(node);
      return <RenderedSource key={key} renderer={MathRendererContext} source={tex} complete={!isOpenNode(node)} fallback={<code>{tex}</code>} className="acu-math" display={false} tag="span" />;
    }
    case smd.LINK:
    case smd.RAW_URL:
      return renderLink(node, key, levels);
    case smd.IMAGE: {
      const src = safeMediaUrl(attrs[smd.SRC]);
      const alt = nodeText(node);
      if (!src) return <span key={key}>{alt}</span>;
      return (
        <RemoteMediaGate key={key} src={src} kind="image" label={alt}>
          {() => <img src={src} alt={alt} loading="lazy" referrerPolicy="no-referrer" />}
        </RemoteMediaGate>
      );
    }
    case smd.LIST_ORDERED: {
      const start = Number(attrs[smd.START]);
      return <ol key={key} className={className} start={Number.isFinite(start) && start !== 1 ? start : undefined}>{renderChildren(node, levels)}</ol>;
    }
    case smd.TABLE: {
      const rows = tableRows(node);
      if (!tableWithinBudget(rows)) return <TableSource key={key} rows={rows} className={className} />;
      const [head, ...body] = rows;
      return (
        // Scrolls sideways when wider than the message (phones); focusable, so that a keyboard scrolls it too.
        <div key={key} className={cx('acu-markdown__table', className)} tabIndex={0}>
          <table>
            {head ? <thead><MarkdownBlock node={head} levels={levels} inHead /></thead> : null}
            <tbody>{body.map((row, index) => <MarkdownBlock key={index} node={row} levels={levels} inHead={false} />)}</tbody>
          </table>
        </div>
      );
    }
    case smd.TABLE_CELL: {
      const Cell = inHead ? 'th' : 'td';
      return <Cell key={key}>{nodeText(node).trim() ? renderChildren(node, levels) : null}</Cell>;
    }
    case smd.CHECKBOX:
      return <span key={key} className="acu-markdown__checkbox">{attrs[smd.CHECKED] !== undefined ? '☑ ' : '☐ '}</span>;
    case smd.LINE_BREAK:
      return <br key={key} />;
    case smd.RULE:
      return <hr key={key} className={className} />;
    default:
      return <span key={key} className={className}>{renderChildren(node, levels)}</span>;
  }
}

/** What a table may be and still render as one: past it (a 3,000-column table lays out for seconds) it shows as text. */
export const TABLE_BUDGET = { maxColumns: 64, maxCells: 5_000 };

function tableWithinBudget(rows: readonly MarkdownNode[]): boolean {
  let cells = 0;
  for (const row of rows) {
    const columns = row.children.length;
    if (columns > TABLE_BUDGET.maxColumns) return false;
    cells += columns;
  }
  return cells <= TABLE_BUDGET.maxCells;
}

/** A table past its budget: its rows as lines of text, cells between `|`, with a note. */
function TableSource({ rows, className }: { rows: readonly MarkdownNode[]; className?: string }) {
  const { tooLargeToDraw } = useLabels();
  const text = rows.map((row) => `| ${row.children.map((child) => nodeText(child).trim()).join(' | ')} |`).join('\n');
  return (
    <div className={cx('acu-markdown__table-source', className)}>
      <CodeFrame codeText={() => text}>{text}</CodeFrame>
      <p className="acu-rendered__note">{tooLargeToDraw}</p>
    </div>
  );
}

interface MarkdownBlockProps {
  node: MarkdownNode;
  levels: HeadingLevels;
  inHead: boolean;
  /** The streaming caret follows this block (the last one of a streaming answer). */
  tail?: boolean;
}

/** One block (paragraph, list, item, code, …): finished nodes keep their identity, so they render once. */
export const MarkdownBlock = memo(function MarkdownBlock({ node, levels, inHead, tail = false }: MarkdownBlockProps) {
  markdownRenderStats.blocks++;
  return renderNode(node, 0, levels, inHead, tail ? TAIL : undefined);
});

interface MarkdownGroupProps {
  items: ReadonlyArray<MarkdownNode | string>;
  from: number;
  to: number;
  levels: HeadingLevels;
  inHead: boolean;
  /** Its last item carries the caret's class. */
  tail: boolean;
}

function sameGroup(previous: MarkdownGroupProps, next: MarkdownGroupProps): boolean {
  if (previous.from !== next.from || previous.to !== next.to || previous.levels !== next.levels || previous.inHead !== next.inHead || previous.tail !== next.tail) return false;
  for (let index = next.from; index < next.to; index++) if (previous.items[index] !== next.items[index]) return false;
  return true;
}

/** A run of children (top-level blocks, or a long paragraph's pieces): it renders again only when one of its own changed. */
const MarkdownGroup = memo(function MarkdownGroup({ items, from, to, levels, inHead, tail }: MarkdownGroupProps) {
  const children: ReactNode[] = [];
  for (let index = from; index < to; index++) children.push(renderChild(items[index]!, index, levels, inHead, tail && index === to - 1));
  return children;
}, sameGroup);

// Children per group: a commit compares the groups and the children of the open group, not every child.
const GROUP_SIZE = 32;

/**
 * Children in groups aligned to their indexes (appending never reshuffles the earlier groups); `tail`: the last child
 * gets the caret's class. `wrap` puts each group in an element of its own; `sealed` says the group is full and not the
 * last (every child in it is finished: only the last child is ever open).
 */
function renderGroups(node: MarkdownNode, levels: HeadingLevels, inHead: boolean, tail = false, wrap?: (group: ReactNode, from: number, sealed: boolean) => ReactNode): ReactNode[] {
  const groups: ReactNode[] = [];
  const count = node.children.length;
  for (let from = 0; from < count; from += GROUP_SIZE) {
    const to = Math.min(from + GROUP_SIZE, count);
    const group = <MarkdownGroup key={from} items={node.children} from={from} to={to} levels={levels} inHead={inHead} tail={tail && to === count} />;
    groups.push(wrap ? wrap(group, from, to - from === GROUP_SIZE && to < count) : group);
  }
  return groups;
}

/**
 * The children of the document, in runs of {@link GROUP_SIZE} blocks (`.acu-markdown__run`, a full one before the
 * last `data-sealed`); with `caret`, its last block carries `acu-markdown__tail` (the streaming caret's place). A
 * class on that one block, not a state on an ancestor: the caret moving or going away restyles one or two elements,
 * where an ancestor's state change restyled the whole answer (~15,000 elements and 40–70 ms on a 100,000-character
 * reply with highlighted code, measured in bench:browser).
 */
export function renderDocument(root: MarkdownNode, levels: HeadingLevels, caret = false): ReactNode[] {
  return renderGroups(root, levels, false, caret, (group, from, sealed) => (
    <div key={from} className="acu-markdown__run" data-sealed={sealed ? '' : undefined}>
      {group}
    </div>
  ));
}
