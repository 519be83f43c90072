import * as smd from 'streaming-markdown';

/** One node of parsed markdown: a token with its attributes and children (text or nodes). */
export interface MarkdownNode {
  type: smd.Token;
  attrs: Partial<Record<smd.Attr, string>>;
  children: Array<MarkdownNode | string>;
}

/** Nodes nested deeper than this are not created: their text goes into the deepest node kept. */
export const MAX_MARKDOWN_DEPTH = 16;
// A run of undecided characters (e.g. 200,000 `*` at a line start, a URL inside `](`) makes each further character
// cost its length inside streaming-markdown: past this length, it is taken as plain text.
const MAX_PENDING = 256;
// Where the pending length is checked: at fixed text offsets, so that the result never depends on how text was fed.
const CHECK_EVERY = 128;
// Text is kept in pieces of about this size, so that growing a long code block re-renders its last piece only.
const TEXT_PIECE = 2048;
// Where the parser is at a line start, deciding which block comes.
const ROOT_TOKENS: ReadonlySet<number> = new Set([smd.DOCUMENT, smd.BLOCKQUOTE, smd.LIST_ORDERED, smd.LIST_UNORDERED]);

/** Builds the tree from streaming-markdown's callbacks, with the depth limit, while remembering the open nodes. */
class TreeBuilder implements smd.Renderer<null> {
  data = null;
  /** Heading levels (1–6) used so far. */
  headings: Set<number>;
  constructor(
    readonly stack: MarkdownNode[],
    headings: Iterable<number> = [],
    /** Tokens opened past the depth limit and not yet closed. */
    public overflow = 0,
  ) {
    this.headings = new Set(headings);
  }
  private top() {
    return this.stack[this.stack.length - 1]!;
  }
  add_token = (_data: null, type: smd.Token) => {
    if (this.overflow > 0 || this.stack.length > MAX_MARKDOWN_DEPTH) {
      this.overflow++;
      return;
    }
    const node: MarkdownNode = { type, attrs: {}, children: [] };
    this.top().children.push(node);
    this.stack.push(node);
    const level = smd.heading_to_level(type);
    if (level) this.headings.add(level);
  };
  end_token = () => {
    if (this.overflow > 0) this.overflow--;
    else if (this.stack.length > 1) this.stack.pop();
  };
  add_text = (_data: null, value: string) => {
    const children = this.top().children;
    const last = children[children.length - 1];
    if (typeof last === 'string' && last.length < TEXT_PIECE) children[children.length - 1] = last + value;
    else children.push(value);
  };
  set_attr = (_data: null, type: smd.Attr, value: string) => {
    if (this.overflow === 0) this.top().attrs[type] = value;
  };
}

/** Takes an undecided run of characters as plain text (see MAX_PENDING). */
function spill(parser: smd.Parser) {
  const pending = parser.pending;
  if (pending.length <= MAX_PENDING || parser.token === smd.RAW_URL) return;
  if (ROOT_TOKENS.has(parser.token) && parser.hr_chars > 0) {
    // A long `***…` or `- - -…` run at a line start: still a rule if the line ends here; its length no longer matters.
    parser.pending = pending.slice(0, MAX_PENDING / 2);
    return;
  }
  parser.pending = '';
  parser.hr_chars = 0;
  parser.fence_start = 0;
  parser.fence_end = 0;
  if (ROOT_TOKENS.has(parser.token)) {
    // At a line start: open the paragraph the text belongs in, as the parser's own add_token does.
    const open = parser.tokens[parser.len];
    if (open === smd.LIST_ORDERED || open === smd.LIST_UNORDERED) {
      parser.len -= 1;
      parser.renderer.end_token(parser.renderer.data);
    }
    parser.len += 1;
    parser.tokens[parser.len] = smd.PARAGRAPH;
    parser.token = smd.PARAGRAPH;
    parser.renderer.add_token(parser.renderer.data, smd.PARAGRAPH);
    parser.indent = '';
    parser.indent_len = 0;
  }
  parser.renderer.add_text(parser.renderer.data, pending);
}

// The open path's copies in the views: nodes the text may still change (a code block still streaming).
const OPEN_NODES = new WeakSet<MarkdownNode>();

/** True for a node of a view that the text may still change (on the open path); finished nodes are never open. */
export const isOpenNode = (node: MarkdownNode): boolean => OPEN_NODES.has(node);

/** Copies a node and the path of open nodes below it (each the last child of its parent); `open`: marks the copies open. */
function cloneOpenPath(stack: readonly MarkdownNode[], open: boolean): MarkdownNode[] {
  const copies: MarkdownNode[] = [];
  for (let depth = 0; depth < stack.length; depth++) {
    const node = stack[depth]!;
    const copy = { type: node.type, attrs: { ...node.attrs }, children: node.children.slice() };
    if (open) OPEN_NODES.add(copy);
    if (depth > 0) {
      const parent = copies[depth - 1]!;
      parent.children[parent.children.length - 1] = copy;
    }
    copies.push(copy);
  }
  return copies;
}

/** Characters handed to streaming-markdown by every `IncrementalMarkdown` (read by the cost tests and benches). */
export const markdownParseStats = { chars: 0 };

/** A parsed document: its tree and the heading levels it uses. */
export interface MarkdownDocument {
  root: MarkdownNode;
  headings: readonly number[];
}

const noAssert: Console['assert'] = () => {};

/**
 * Runs streaming-markdown. Its shipped code keeps development `console.assert`s, and some model text fails them (a
 * `|` line, then an indented one) though the parse goes on fine: each would print "Assertion failed" as an error in the
 * app's console. They are silenced for the call (synchronous: no other code runs meanwhile).
 */
function quietly(run: () => void) {
  const assert = console.assert;
  console.assert = noAssert;
  try {
    run();
  } finally {
    console.assert = assert;
  }
}

/**
 * Markdown parsed as it streams: `append` feeds only the new text, `view()` is the tree as if the text ended here.
 * Finished nodes are never touched again, so they keep their identity from one view to the next; only the open path
 * (the last block, and its last child, …) is copied, and the parser's end is applied to the copies.
 *
 * streaming-markdown treats raw HTML as text, so nothing here is ever handed to the DOM as HTML.
 */
export class IncrementalMarkdown {
  private readonly root: MarkdownNode = { type: smd.DOCUMENT, attrs: {}, children: [] };
  private readonly builder = new TreeBuilder([this.root]);
  private readonly parser = smd.parser(this.builder);
  /** The text fed so far. */
  text = '';
  /** Characters handed to the parser since creation (cost accounting for tests and benches). */
  charsParsed = 0;

  /** Feeds `more` (the text's continuation). */
  append(more: string) {
    let from = 0;
    while (from < more.length) {
      const offset = this.text.length + from;
      let to = Math.min(more.length, from + CHECK_EVERY - (offset % CHECK_EVERY));
      // Never split a surrogate pair between two writes.
      if (to < more.length && /[\ud800-\udbff]/.test(more[to - 1]!)) to++;
      const piece = more.slice(from, to);
      quietly(() => smd.parser_write(this.parser, piece));
      if ((offset + to - from) % CHECK_EVERY === 0) spill(this.parser);
      from = to;
    }
    this.text += more;
    this.charsParsed += more.length;
    markdownParseStats.chars += more.length;
  }

  /**
   * The document as if the text ended here, sharing every finished node with earlier views. The copies of the open
   * path are open nodes (`isOpenNode`: a code block there may still grow), unless `whole`: the text is known to end
   * here, so nothing in it is open any more (its last code block may be highlighted, its last formula typeset).
   */
  view(whole = false): MarkdownDocument {
    const copies = cloneOpenPath(this.builder.stack, !whole);
    const builder = new TreeBuilder(copies, this.builder.headings, this.builder.overflow);
    if (this.parser.pending.length > 0) {
      const copy = { ...this.parser, tokens: this.parser.tokens.slice(), spaces: this.parser.spaces.slice(), renderer: builder };
      quietly(() => smd.parser_end(copy));
    }
    return { root: copies[0]!, headings: [...builder.headings].sort((a, b) => a - b) };
  }

  /** Ends the text: the parser's own end applied to the document itself (no copies). Append nothing after it. */
  end(): MarkdownDocument {
    quietly(() => smd.parser_end(this.parser));
    return { root: this.root, headings: [...this.builder.headings].sort((a, b) => a - b) };
  }
}

/** The whole text parsed at once, as a document (the reference the incremental views are tested against). */
export function parseMarkdownDocument(text: string): MarkdownDocument {
  const markdown = new IncrementalMarkdown();
  markdown.append(text);
  return markdown.end();
}

/** The whole text parsed into a tree. Unfinished syntax is closed, so a half-streamed message renders sensibly. */
export function parseMarkdown(text: string): MarkdownNode {
  return parseMarkdownDocument(text).root;
}

/** The plain text under a node (iterative: any depth). */
export function nodeText(node: MarkdownNode | string): string {
  let text = '';
  const todo: Array<MarkdownNode | string> = [node];
  while (todo.length > 0) {
    const next = todo.pop()!;
    if (typeof next === 'string') text += next;
    else for (let index = next.children.length - 1; index >= 0; index--) todo.push(next.children[index]!);
  }
  return text;
}
