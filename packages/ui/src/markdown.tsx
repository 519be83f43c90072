import { memo, useMemo, type HTMLAttributes, type ReactNode } from 'react';
import * as smd from 'streaming-markdown';
import { cx } from './class-names.js';
import { CodeBlock } from './code-block.js';
import { nodeText, parseMarkdown, type MarkdownNode } from './markdown-tree.js';
import { safeLinkUrl, safeMediaUrl } from './safe-url.js';

/** Props of {@link Markdown}. */
export interface MarkdownProps extends HTMLAttributes<HTMLDivElement> {
  /** The markdown source. Raw HTML in it renders as text. */
  text: string;
  /** The level of the text's top heading, so a message's `#` does not outrank the page's headings. Default 3 (h3). */
  headingLevel?: number;
}

const INLINE: Partial<Record<smd.Token, 'p' | 'code' | 'em' | 'strong' | 's' | 'blockquote' | 'ul' | 'li' | 'tr'>> = {
  [smd.PARAGRAPH]: 'p', [smd.CODE_INLINE]: 'code', [smd.ITALIC_AST]: 'em', [smd.ITALIC_UND]: 'em',
  [smd.STRONG_AST]: 'strong', [smd.STRONG_UND]: 'strong', [smd.STRIKE]: 's', [smd.BLOCKQUOTE]: 'blockquote',
  [smd.LIST_UNORDERED]: 'ul', [smd.LIST_ITEM]: 'li', [smd.TABLE_ROW]: 'tr', [smd.EQUATION_INLINE]: 'code',
};

/** Heading levels used → rendered levels, ranked from `base` so that no level is skipped (h3, h4 … not h3, h5). */
type HeadingLevels = ReadonlyMap<number, number>;

function headingLevels(root: MarkdownNode, base: number): HeadingLevels {
  const used = new Set<number>();
  const visit = (node: MarkdownNode) => {
    const level = smd.heading_to_level(node.type); // 0 when not a heading
    if (level) used.add(level);
    for (const child of node.children) if (typeof child !== 'string') visit(child);
  };
  visit(root);
  return new Map([...used].sort((a, b) => a - b).map((level, rank) => [level, Math.min(6, base + rank)]));
}

function renderChildren(node: MarkdownNode, levels: HeadingLevels, inHead = false): ReactNode[] {
  return node.children.map((child, index) => (typeof child === 'string' ? child : renderNode(child, index, levels, inHead)));
}

function renderNode(node: MarkdownNode, key: number, levels: HeadingLevels, inHead = false): ReactNode {
  const { type, attrs } = node;
  const Tag = INLINE[type];
  if (Tag) return <Tag key={key}>{renderChildren(node, levels, inHead)}</Tag>;
  const level = smd.heading_to_level(type);
  if (level) {
    const Heading = `h${levels.get(level)!}` as 'h3';
    return <Heading key={key}>{renderChildren(node, levels)}</Heading>;
  }
  switch (type) {
    case smd.CODE_BLOCK:
    case smd.CODE_FENCE:
    case smd.EQUATION_BLOCK:
      return <CodeBlock key={key} code={nodeText(node)} language={attrs[smd.LANG]} />;
    case smd.LINK:
    case smd.RAW_URL: {
      const href = safeLinkUrl(attrs[smd.HREF]);
      const children = renderChildren(node, levels);
      if (!href) return <span key={key} className="acu-markdown__unsafe-link">{children}</span>;
      return <a key={key} href={href} target="_blank" rel="noopener noreferrer">{children}</a>;
    }
    case smd.IMAGE: {
      const src = safeMediaUrl(attrs[smd.SRC]);
      const alt = nodeText(node);
      return src ? <img key={key} src={src} alt={alt} loading="lazy" /> : <span key={key}>{alt}</span>;
    }
    case smd.LIST_ORDERED: {
      const start = Number(attrs[smd.START]);
      return <ol key={key} start={Number.isFinite(start) && start !== 1 ? start : undefined}>{renderChildren(node, levels)}</ol>;
    }
    case smd.TABLE: {
      const [head, ...body] = node.children.filter((child): child is MarkdownNode => typeof child !== 'string');
      return (
        <div key={key} className="acu-markdown__table">
          <table>
            {head ? <thead>{renderNode(head, 0, levels, true)}</thead> : null}
            <tbody>{body.map((row, index) => renderNode(row, index, levels))}</tbody>
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
      return <hr key={key} />;
    default:
      return <span key={key}>{renderChildren(node, levels)}</span>;
  }
}

/** Markdown rendered as React elements, never as HTML: raw HTML shows as text, unsafe link and image URLs are dropped. */
export const Markdown = memo(function Markdown({ text, headingLevel = 3, className, ...rest }: MarkdownProps) {
  const content = useMemo(() => {
    const root = parseMarkdown(text);
    return renderChildren(root, headingLevels(root, headingLevel));
  }, [text, headingLevel]);
  return (
    <div {...rest} className={cx('acu-markdown', className)}>
      {content}
    </div>
  );
});
