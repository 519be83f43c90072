import * as smd from 'streaming-markdown';

/** One node of parsed markdown: a token with its attributes and children (text or nodes). */
export interface MarkdownNode {
  type: smd.Token;
  attrs: Partial<Record<smd.Attr, string>>;
  children: Array<MarkdownNode | string>;
}

/**
 * Parses markdown into a plain tree with streaming-markdown, which treats raw HTML as text: nothing here is ever
 * handed to the DOM as HTML. It also closes unfinished syntax, so a half-streamed message renders sensibly.
 */
export function parseMarkdown(text: string): MarkdownNode {
  const root: MarkdownNode = { type: smd.DOCUMENT, attrs: {}, children: [] };
  const stack: MarkdownNode[] = [root];
  const top = () => stack[stack.length - 1]!;
  const renderer: smd.Renderer<null> = {
    data: null,
    add_token(_data, type) {
      const node: MarkdownNode = { type, attrs: {}, children: [] };
      top().children.push(node);
      stack.push(node);
    },
    end_token() {
      if (stack.length > 1) stack.pop();
    },
    add_text(_data, value) {
      const children = top().children;
      const last = children[children.length - 1];
      if (typeof last === 'string') children[children.length - 1] = last + value;
      else children.push(value);
    },
    set_attr(_data, type, value) {
      top().attrs[type] = value;
    },
  };
  const parser = smd.parser(renderer);
  smd.parser_write(parser, text);
  smd.parser_end(parser);
  return root;
}

/** The plain text under a node. */
export function nodeText(node: MarkdownNode | string): string {
  if (typeof node === 'string') return node;
  let text = '';
  for (const child of node.children) text += nodeText(child);
  return text;
}
