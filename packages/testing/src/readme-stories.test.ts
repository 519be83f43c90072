import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const blocks = (language: string) => [...read('packages/testing/README.md').matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1]);

it('the README\'s stories file is the one the repository builds and checks in Chromium (packages/ui/stories)', () => {
  expect(blocks('tsx')).toContain(read('packages/ui/stories/readme-recorded.stories.tsx'));
});

it('examples/storybook is the README\'s Storybook setup as it is: main.ts, preview.tsx, the stories file, a kept recording', () => {
  expect(blocks('ts')).toContain(read('examples/storybook/.storybook/main.ts'));
  expect(blocks('tsx')).toContain(read('examples/storybook/.storybook/preview.tsx'));
  expect(blocks('tsx')).toContain(read('examples/storybook/src/recorded.stories.tsx'));
  // staticDirs serves ./recordings: the file the package ships.
  expect(read('examples/storybook/recordings/genkit-tasks.json')).toBe(read('packages/testing/recordings/genkit-tasks.json'));
});
