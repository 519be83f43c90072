import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');

it('the README\'s stories file is the one the repository builds and checks in Chromium (packages/ui/stories)', () => {
  const readme = readFileSync(join(root, 'packages/testing/README.md'), 'utf8');
  const stories = readFileSync(join(root, 'packages/ui/stories/readme-recorded.stories.tsx'), 'utf8');
  const blocks = [...readme.matchAll(/```tsx\n([\s\S]*?)```/g)].map((match) => match[1]);
  expect(blocks).toContain(stories);
});
