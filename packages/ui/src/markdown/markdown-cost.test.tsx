import { cleanup, render, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from './markdown.js';
import { markdownRenderStats } from './markdown-node.js';
import { markdownParseStats } from './markdown-tree.js';

afterEach(cleanup);

/** A chat-like reply of about `chars` characters: headings, paragraphs with inline marks, lists, code blocks. */
function reply(chars: number): string {
  const sections: string[] = [];
  for (let index = 0; sections.join('').length < chars; index++) {
    sections.push(
      `## Step ${index}\n\nThis step uses **bold**, *emphasis* and \`code ${index}\`, see [docs](https://example.com/${index}).\n\n` +
        `- first point ${index}\n- second point\n\n\`\`\`ts\nconst value${index} = compute(${index});\nconsole.log(value${index});\n\`\`\`\n\n`,
    );
  }
  return sections.join('').slice(0, chars);
}

/**
 * Streams `text` in 16-character commits over each of `spans` ([from, to] in characters), one commit bringing it from
 * one span to the next; the parse and render work of each 16-character commit.
 */
function streamCosts(text: string, spans: Array<[number, number]>) {
  const view = render(<Markdown text="" />);
  const costs: Array<{ at: number; chars: number; blocks: number }> = [];
  for (const [from, to] of spans) {
    view.rerender(<Markdown text={text.slice(0, from)} />);
    for (let at = from + 16; at <= to; at += 16) {
      const chars = markdownParseStats.chars;
      const blocks = markdownRenderStats.blocks;
      view.rerender(<Markdown text={text.slice(0, at)} />);
      costs.push({ at, chars: markdownParseStats.chars - chars, blocks: markdownRenderStats.blocks - blocks });
    }
  }
  return costs;
}

describe('Markdown cost per commit', () => {
  it('stays flat as the message grows 10×: the new characters are parsed, the open block renders', () => {
    // The first 2,000 characters and the last 2,000 of 20,000 streamed (what lies between comes in one commit: the
    // message is as long at 18,000 either way).
    const costs = streamCosts(reply(20_000), [[0, 2000], [18_000, 20_000]]);
    const early = costs.filter((cost) => cost.at <= 2000);
    const late = costs.filter((cost) => cost.at > 18_000);
    const max = (list: typeof costs, key: 'chars' | 'blocks') => Math.max(...list.map((cost) => cost[key]));
    // Characters parsed per commit: exactly the new ones, at 2k as at 20k.
    expect(max(early, 'chars')).toBe(16);
    expect(max(late, 'chars')).toBe(16);
    // Blocks rendered per commit: the open block and what just closed, independent of how many came before.
    const mean = (list: typeof costs) => list.reduce((sum, cost) => sum + cost.blocks, 0) / list.length;
    console.log(`[markdown cost] blocks rendered per commit: ≤2k chars max ${max(early, 'blocks')} mean ${mean(early).toFixed(2)}; >18k chars max ${max(late, 'blocks')} mean ${mean(late).toFixed(2)}`);
    expect(max(late, 'blocks')).toBeLessThanOrEqual(max(early, 'blocks') + 2);
    expect(mean(late)).toBeLessThan(mean(early) * 1.5 + 0.5);
    // The whole message re-rendered per commit would be well over 100 blocks at 20k characters.
    expect(max(late, 'blocks')).toBeLessThan(12);
  });

  it('parses and renders a burst of text (200 kB at once) over several commits, each a bounded share of it', async () => {
    const text = reply(200_000);
    const chars = markdownParseStats.chars;
    const view = render(<Markdown text={text} complete />);
    // The first commit parsed a part of the text only (32 kB), and shows it; the rest comes in later tasks.
    expect(markdownParseStats.chars - chars).toBeLessThanOrEqual(32 * 1024 + 1);
    const first = view.container.querySelectorAll('h3').length;
    expect(first).toBeGreaterThan(0);
    await waitFor(() => expect(markdownParseStats.chars - chars).toBe(text.length), { timeout: 10_000 });
    // In the end, the whole document: every heading, and the last code block finished (the text is complete).
    await waitFor(() => expect(view.container.querySelectorAll('h3').length).toBe(text.match(/^## /gm)!.length));
    expect(first).toBeLessThan(view.container.querySelectorAll('h3').length / 4);
  }, 20_000);

  it('on the server (and so while hydrating) parses the whole text at once: the HTML is the whole answer', () => {
    // Twice the 32 kB a client parses in its first commit.
    const text = reply(64 * 1024);
    const html = renderToString(<Markdown text={text} complete />);
    expect(html.match(/<h3/g)!.length).toBe(text.match(/^## /gm)!.length);
  });
});
