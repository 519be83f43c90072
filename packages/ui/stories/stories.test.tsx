/// <reference types="vite/client" />
import { composeStories } from '@storybook/react';
import { afterAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../test/axe.js';

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

afterAll(async () => {
  // Unmounts the last story rendered (each `run` cleans up the one before it).
  const [module] = Object.values(modules);
  const [story] = Object.values(compose(module!));
  await story?.load();
  for (const canvas of canvases) canvas.remove();
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
