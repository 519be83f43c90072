// examples/vite — the README's smallest app in Vite's React template — installed from the packed packages (in the
// install it shares with the README check, outside the repository), built
// (tsc + vite build), served by `vite preview` and driven in Chromium: the whole journey with no console error and no
// cancelled request; the template's centred #root and its missing height do not reach the view.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../apps/demo/e2e/find-chromium.mjs';
import { launchBrowser, type Browser } from '../../apps/demo/e2e/browser.js';
import { exampleModules, preparedExample, prepareExample } from '../prepare-example.mjs';
import { chatJourney, composer, countCancelledRequests, freePort, screenshots, startExample, type ExampleStack } from './example-app.js';

const chromium = findChromium();

describe.skipIf(!chromium)('examples/vite (vite build, vite preview, from the packed packages)', () => {
  let stack: ExampleStack | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    // EXAMPLES_SKIP_PREPARE=1 reuses the copy an earlier run installed and built.
    const dir = process.env.EXAMPLES_SKIP_PREPARE === '1' ? preparedExample('vite') : prepareExample('vite');
    const port = await freePort();
    stack = await startExample(dir, [process.execPath, join(exampleModules('vite'), 'vite/bin/vite.js'), 'preview', '--port', String(port), '--strictPort'], port);
    browser = await launchBrowser(chromium!);
    // Installing and building the example (npm install, next build / vite build) takes minutes on a busy machine.
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('sends, streams a tool card, opens an artifact, answers an interrupt; the view fits the screen and reads left to right', async () => {
    const { page, errors } = await browser!.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(stack!.url);
    await composer(page).waitFor();
    const { cancelled } = await countCancelledRequests(page);

    await chatJourney(page);

    // Vite's template centres #root's text and gives it no height: the messages still start at the left, and the
    // view is no taller than the screen (the conversation scrolls inside it, the composer stays in view).
    const body = page.locator('article.acu-message[data-role="model"] .acu-message__body').first();
    expect(await body.evaluate((element) => getComputedStyle(element).textAlign)).toMatch(/^(start|left)$/);
    const view = await page.locator('.acu-chat').boundingBox();
    expect(view!.height).toBeLessThanOrEqual(844);
    expect(await composer(page).isVisible()).toBe(true);
    const composerBox = await composer(page).boundingBox();
    expect(composerBox!.y + composerBox!.height).toBeLessThanOrEqual(844);

    expect(cancelled).toEqual([]);
    await screenshots(page, 'vite', 'view');
    await page.reload();
    await composer(page).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
