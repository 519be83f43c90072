// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { highlighter } from '../highlighter.js';
import { loadedGrammars, prepare, tokenizeLines } from './engine.js';
import { grammarOf } from './languages.js';

// Where there is no Web Worker (here, Node), the highlighter tokenizes on the main thread in slices of lines that
// carry the grammar's state from one to the next: what it gives must be what Shiki gives for the whole block at once.
describe('the highlighter on the main thread', () => {
  it('loads the grammar of a language when its first block comes, and no other', async () => {
    expect(loadedGrammars()).toEqual([]);
    expect(await highlighter.highlight('SELECT 1;', 'cobol')).toBeNull();
    expect(loadedGrammars()).toEqual([]);
    const lines = await highlighter.highlight('const a = 1;', 'ts');
    expect(lines?.[0]?.map((token) => token.content).join('')).toBe('const a = 1;');
    expect(loadedGrammars()).toEqual(['typescript']);
    await highlighter.highlight('x = 1', 'py');
    expect(loadedGrammars()).toEqual(['typescript', 'python']);
  }, 60_000);

  it('a long block tokenized in slices equals the block tokenized at once (a comment and a string across slices)', async () => {
    const code = Array.from({ length: 90 }, (_, line) =>
      line === 15 ? '/* a comment that opens here' : line === 27 ? '   and closes here */ const after = `a template' : line === 44 ? 'string that ends here`;' : `export const value${line}: number = ${line} * 2; // line ${line}`,
    ).join('\n');
    const grammar = grammarOf('typescript')!;
    // Shiki gives up on a line after 500 ms by Date.now() (the rest of it plain): on a loaded machine either side could
    // be cut so. With Date stopped that guard never fires; the slices are still cut by lines and idle periods.
    vi.useFakeTimers({ toFake: ['Date'] });
    let whole: ReturnType<typeof tokenizeLines>['lines'] = [];
    let sliced: Awaited<ReturnType<typeof highlighter.highlight>> = null;
    try {
      whole = tokenizeLines(await prepare(grammar), grammar, code).lines;
      sliced = await highlighter.highlight(code, 'typescript');
    } finally {
      vi.useRealTimers();
    }
    expect(sliced).toHaveLength(90);
    expect(sliced).toEqual(whole);
    // The comment's inside is coloured as a comment (not as code), on a line of the second slice.
    const inside = sliced![20]!.map((token) => token.style['--acu-code-light']);
    expect(new Set(inside).size).toBe(1);
    expect(sliced![20]).toEqual(whole[20]);
  }, 60_000);

  it('asks for a block once: the same code again is the same answer, not tokenized again', async () => {
    const first = highlighter.highlight('let x = 2;', 'js');
    const again = highlighter.highlight('let x = 2;', 'javascript');
    expect(again).toBe(first);
    expect(await again).toEqual(await first);
  });
});
