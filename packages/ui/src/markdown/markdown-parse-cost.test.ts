// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { IncrementalMarkdown } from './markdown-tree.js';

/**
 * The parser's work, counted: streaming-markdown decides each character against the run of undecided characters it
 * holds (`pending`), so a write costs its own length plus that run's. Every write goes through the real parser; this
 * only adds up those lengths (a count, not a clock: the verdict cannot depend on the machine's load).
 */
const work = vi.hoisted(() => ({ chars: 0 }));
vi.mock('streaming-markdown', async (importOriginal) => {
  const smd = await importOriginal<typeof import('streaming-markdown')>();
  return {
    ...smd,
    parser_write: (parser: Parameters<typeof smd.parser_write>[0], chunk: string) => {
      work.chars += parser.pending.length + chunk.length;
      return smd.parser_write(parser, chunk);
    },
  };
});

const parseWork = (text: string) => {
  const markdown = new IncrementalMarkdown();
  const before = work.chars;
  markdown.append(text);
  markdown.view();
  return work.chars - before;
};

describe('hostile markdown', () => {
  // Linear time: 16× the input costs about 16× the work (a bounded undecided run per write); a quadratic parse (as
  // streaming-markdown alone is on these, the run growing with the input) costs about 256×.
  it.each([
    ['a run of `*` (10,000 → 160,000)', (size: number) => '*'.repeat(size)],
    ['digits at a line start', (size: number) => '1'.repeat(size)],
    ['backticks', (size: number) => 'a ' + '`'.repeat(size)],
    ['a link URL that never closes', (size: number) => '[a](' + 'x'.repeat(size)],
    ['dashes and spaces', (size: number) => '- '.repeat(size / 2)],
    ['alternating emphasis', (size: number) => '*a _a '.repeat(size / 6)],
    ['nested blockquote markers', (size: number) => '>'.repeat(size) + ' x'],
  ])('parses %s in linear time', (_name, make) => {
    const small = parseWork(make(10_000));
    const large = parseWork(make(160_000));
    expect(small).toBeGreaterThanOrEqual(10_000);
    expect(large / small).toBeLessThan(20);
  });
});
