import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { IncrementalMarkdown, isOpenNode, MAX_MARKDOWN_DEPTH, nodeText, parseMarkdownDocument, type MarkdownDocument, type MarkdownNode } from './markdown-tree.js';

/** A node with adjacent text pieces joined: how text is cut into pieces depends on how it was fed, not what it says. */
type Plain = { type: number; attrs: Record<string, string>; children: Array<Plain | string> };
function plain(node: MarkdownNode): Plain {
  const children: Array<Plain | string> = [];
  for (const child of node.children) {
    const last = children[children.length - 1];
    if (typeof child === 'string' && typeof last === 'string') children[children.length - 1] = last + child;
    else children.push(typeof child === 'string' ? child : plain(child));
  }
  return { type: node.type, attrs: { ...node.attrs }, children };
}
const plainDocument = (document: MarkdownDocument) => ({ root: plain(document.root), headings: document.headings });

function depthOf(root: MarkdownNode): number {
  let deepest = 0;
  const todo: Array<[MarkdownNode, number]> = [[root, 0]];
  while (todo.length > 0) {
    const [node, depth] = todo.pop()!;
    deepest = Math.max(deepest, depth);
    for (const child of node.children) if (typeof child !== 'string') todo.push([child, depth + 1]);
  }
  return deepest;
}

// Markdown-ish text from the characters that steer the parser, in the shapes chat replies use.
const SNIPPETS = [
  '# ', '## ', '###### ', '> ', '>> ', '- ', '* ', '+ ', '1. ', '12. ', '- [ ] ', '- [x] ', '    ', '\t', '  ',
  '```', '```ts\n', '~~~', '`', '``', '**', '*', '__', '_', '~~', '$', '$$', '\\(', '\\)', '\\[', '\\]', '\\',
  '[', ']', '(', ')', '](', '![', '[a](https://example.com/x)', '![i](https://example.com/i.png)', 'http://a.example/b ',
  '|', '| a | b |\n|---|---|\n', '---\n', '***\n', '<br>', '<script>', '&amp;', 'word', 'two words', 'é', '😀', '\n', '\n\n',
];
const markdownText = fc.array(fc.oneof(fc.constantFrom(...SNIPPETS), fc.string({ maxLength: 6 })), { maxLength: 60 }).map((parts) => parts.join(''));

describe('IncrementalMarkdown', () => {
  it('prints nothing to the console for text that trips streaming-markdown\'s own asserts, and leaves console.assert as it was', () => {
    const assert = vi.spyOn(console, 'assert');
    try {
      for (const text of ['|\n    \\(two words', '``---\néhttp://a.example/b     | a | b |\n|---|---|\n- \\)\t']) {
        const markdown = new IncrementalMarkdown();
        for (const char of text) {
          markdown.append(char);
          markdown.view();
        }
        expect(nodeText(markdown.end().root)).toContain(text.includes('two words') ? 'two words' : 'a.example');
      }
      expect(assert).not.toHaveBeenCalled();
      expect(console.assert).toBe(assert);
    } finally {
      assert.mockRestore();
    }
  });

  it('fed in random pieces, every view equals a full parse of the same text', () => {
    fc.assert(
      fc.property(markdownText, fc.array(fc.nat(), { maxLength: 12 }), (text, cuts) => {
        const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        const markdown = new IncrementalMarkdown();
        let fed = 0;
        for (const point of [...points, text.length]) {
          markdown.append(text.slice(fed, point));
          fed = point;
          expect(plainDocument(markdown.view())).toEqual(plainDocument(parseMarkdownDocument(text.slice(0, point))));
        }
      }),
      { seed: 1813, numRuns: 400 },
    );
  });

  it('keeps finished blocks as the same objects from one view to the next; only the open block is new', () => {
    const markdown = new IncrementalMarkdown();
    markdown.append('# Title\n\nFirst paragraph.\n\n```js\nlet a = 1;\n```\n\nSecond');
    const before = markdown.view().root.children;
    markdown.append(' paragraph grows');
    const after = markdown.view().root.children;
    expect(after).toHaveLength(before.length);
    expect(after.slice(0, -1)).toEqual(before.slice(0, -1));
    after.slice(0, -1).forEach((block, index) => expect(block).toBe(before[index]));
    expect(after[after.length - 1]).not.toBe(before[before.length - 1]);
    expect(nodeText(after[after.length - 1]!)).toBe('Second paragraph grows');
  });

  it('a whole view (the text ended) has no open node; its finished blocks are the streaming view\'s own', () => {
    const markdown = new IncrementalMarkdown();
    markdown.append('Intro.\n\n- item with code:\n\n  ```ts\n  let a');
    const streaming = markdown.view();
    const openPath = (node: MarkdownNode): MarkdownNode[] => {
      const last = node.children[node.children.length - 1];
      return typeof last === 'object' ? [node, ...openPath(last)] : [node];
    };
    expect(openPath(streaming.root).every(isOpenNode)).toBe(true);
    const whole = markdown.view(true);
    expect(openPath(whole.root).some(isOpenNode)).toBe(false);
    expect(plainDocument(whole)).toEqual(plainDocument(streaming));
    expect(whole.root.children[0]).toBe(streaming.root.children[0]); // the finished paragraph: the same object
    expect(plainDocument(whole)).toEqual(plainDocument(parseMarkdownDocument('Intro.\n\n- item with code:\n\n  ```ts\n  let a')));
  });

  it('feeds each character to the parser once, however many views are taken', () => {
    const markdown = new IncrementalMarkdown();
    const text = 'Some **bold** text and `code`.\n\n'.repeat(200);
    for (let at = 0; at < text.length; at += 7) {
      markdown.append(text.slice(at, at + 7));
      markdown.view();
    }
    expect(markdown.charsParsed).toBe(text.length);
  });
});

describe('hostile markdown', () => {
  // Linear time on hostile input is counted, not timed: markdown-parse-cost.test.ts.
  it('bounds the depth: 3,000 nested blockquotes and lists keep their text at a limited depth', () => {
    const quotes = parseMarkdownDocument('>'.repeat(3000) + ' deep text\n');
    expect(depthOf(quotes.root)).toBeLessThanOrEqual(MAX_MARKDOWN_DEPTH);
    expect(nodeText(quotes.root)).toContain('deep text');
    const list = Array.from({ length: 3000 }, (_, level) => `${'  '.repeat(level)}- item ${level}`).join('\n');
    const lists = parseMarkdownDocument(list);
    expect(depthOf(lists.root)).toBeLessThanOrEqual(MAX_MARKDOWN_DEPTH);
    expect(nodeText(lists.root)).toContain('item 2999');
    const emphasis = parseMarkdownDocument('*a _b '.repeat(3000));
    expect(depthOf(emphasis.root)).toBeLessThanOrEqual(MAX_MARKDOWN_DEPTH);
  });

  it('takes a long undecided run as text: a 100,000-character link URL, digits at a line start', () => {
    expect(nodeText(parseMarkdownDocument('[a](' + 'x'.repeat(100_000)).root).length).toBeGreaterThan(99_000);
    expect(nodeText(parseMarkdownDocument('1'.repeat(100_000)).root)).toHaveLength(100_000);
  });
});
