/// <reference types="vite/client" />
import { composeStories } from '@storybook/react';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test/axe.js';
import '../test/storybook-annotations.js';

type StoriesModule = Parameters<typeof composeStories>[0];
/** What the tests use of a composed story. */
interface ComposedStory {
  run(context?: { canvasElement?: HTMLElement }): Promise<void>;
  load(): Promise<void>;
}
const compose = (module: StoriesModule) => composeStories(module) as unknown as Record<string, ComposedStory>;

// Every story file of the package: each story is rendered, its play function asserts its behaviour, then axe checks it.
const modules = import.meta.glob<StoriesModule>('./**/*.stories.tsx', { eager: true });
const canvases: HTMLElement[] = [];

// What `staticDirs` serves in Storybook (.storybook/main.ts): the kept recordings under /recordings/, for stories
// that load one by URL (recordingLoader). Anything else goes to the real fetch.
beforeAll(() => {
  const fetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), document.baseURI);
    if (!url.pathname.startsWith('/recordings/')) return fetch(input, init);
    // From `dirname`: under jsdom, `import.meta.url` is not a file URL.
    const file = join(import.meta.dirname, '../../testing/recordings', basename(url.pathname));
    return new Response(await readFile(file), { headers: { 'Content-Type': 'application/json' } });
  });
});

afterAll(async () => {
  // Unmounts the last story rendered (each `run` cleans up the one before it).
  const [module] = Object.values(modules);
  const [story] = Object.values(compose(module!));
  await story?.load();
  for (const canvas of canvases) canvas.remove();
  vi.unstubAllGlobals();
});

for (const [path, module] of Object.entries(modules)) {
  describe(path.replace('./', ''), () => {
    for (const [name, Story] of Object.entries(compose(module))) {
      it(`${name}: plays, and axe finds no violations`, async () => {
        const canvasElement = document.createElement('div');
        document.body.append(canvasElement);
        canvases.push(canvasElement);
        await Story.run({ canvasElement });
        expect(await axeViolations(canvasElement)).toEqual([]);
      });
    }
  });
}
