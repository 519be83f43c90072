import { describe, expect, it } from 'vitest';
import { fencedBlocks } from './check-readme-code.mjs';

describe('check-readme-code: fencedBlocks', () => {
  it('finds ts and tsx blocks with their fence line, and the ones marked partial', () => {
    const markdown = ['# Title', '', '```ts', 'const a = 1;', '```', '', '```sh', 'npm test', '```', '```tsx partial', '<A />', '```'].join('\n');
    expect(fencedBlocks(markdown)).toEqual([
      { line: 3, lang: 'ts', partial: false, code: 'const a = 1;\n' },
      { line: 10, lang: 'tsx', partial: true, code: '<A />\n' },
    ]);
  });
});
