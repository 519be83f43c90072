/**
 * The built Storybook (`storybook build`, as `npm test` makes it in node_modules/.cache/storybook-static) served
 * statically and opened in Debian's Chromium, in the light and the dark theme (the dark one on a 390×844 phone): every
 * story's iframe renders its component (no error display, no endless "preparing" spinner, no page errors) and axe-core,
 * color contrast included, finds no violations in it. STORYBOOK_URL=<url> checks a
 * running Storybook instead (`npm run storybook`).
 *
 * One page serves every case of a variant: its first story loads by its iframe URL (with the variant's globals), the
 * next ones are switched to through the preview's channel (`setCurrentStory`, as Storybook's own manager does), which
 * spares a load of the whole preview per case (a fresh load took 13–22 s a case on a loaded machine, a switch
 * 0.5–1.2 s). The cases run variant by variant, so a switch never changes the globals: a globals change first
 * re-renders the story still on screen, and a switch sent with one was seen to reload the whole preview, and once (CI)
 * to report a play's failure (LongHistory's) in a case whose own render had finished. A plain switch does neither.
 * After a failed case the next one loads afresh by URL, so one broken story cannot fail the ones after it.
 *
 * The recorded stories (Recorded/*, Recordings/*: a conversation replayed by @agent-chat/testing) are screenshot in each
 * variant once their case passes, into e2e-screenshots/storybook/ (git-ignored, for a human to look at); the last case
 * checks each picture is a whole rendered page of its variant's size.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, launchBrowser, settleAnimations, type Browser } from '../../../apps/demo/e2e/browser.js';
import { findChromium } from '../../../apps/demo/e2e/find-chromium.mjs';
import { serveStatic, type StaticServer } from './static-server.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const staticDir = `${root}node_modules/.cache/storybook-static`;
const chromiumPath = findChromium();
const runningStorybook = process.env.STORYBOOK_URL?.replace(/\/$/, '');

if (!chromiumPath) {
  console.warn('!! NO CHROMIUM FOUND: the Storybook browser check is SKIPPED (apt-get install -y chromium, or set CHROMIUM_PATH).');
  if (process.env.CI === 'true') {
    it('has a Chromium to drive (CI=true)', () => {
      throw new Error('No Chromium found: install Debian\'s (apt-get install -y chromium) or set CHROMIUM_PATH.');
    });
  }
}

/** The built Storybook's story ids; built here first when `npm test` has not built it. */
function storyIds(): string[] {
  if (!existsSync(`${staticDir}/index.json`)) {
    const bin = `${root}node_modules/.bin/storybook`;
    const args = ['build', '--quiet', '--output-dir', staticDir];
    const result = spawnSync(bin, args, { cwd: root, stdio: 'inherit', env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' } });
    if (result.status !== 0) throw new Error('storybook build failed');
  }
  return storiesOf(JSON.parse(readFileSync(`${staticDir}/index.json`, 'utf8')) as StoryIndex);
}

interface StoryIndex {
  entries: Record<string, { id: string; type: string }>;
}

const storiesOf = (index: StoryIndex) => Object.values(index.entries).filter((entry) => entry.type === 'story').map((entry) => entry.id);

/** Where a story's render ended: Storybook's preview (`window.__STORYBOOK_PREVIEW__`) runs each render through phases. */
const FINAL_PHASES = ['finished', 'errored', 'aborted'];

/** The stories screenshot in each variant: the recorded conversations. */
const RECORDED = /^record(ed|ings)-/;
const shotsDir = `${root}e2e-screenshots/storybook`;
/** The screenshots taken in this run: `<id> (<variant>)` → the PNG's bytes. */
const shots = new Map<string, Buffer>();

const ids = !chromiumPath ? [] : runningStorybook ? storiesOf((await (await fetch(`${runningStorybook}/index.json`)).json()) as StoryIndex) : storyIds();

describe.skipIf(!chromiumPath)('Storybook in Chromium', () => {
  let server: StaticServer;
  let browser: Browser;
  /** The page the cases of one variant share, and its collected errors. */
  let shared: { page: Page; errors: string[] } | undefined;
  /** The variant the shared page was loaded with, or undefined when the next case must load afresh. */
  let loaded: string | undefined;

  beforeAll(async () => {
    server = runningStorybook ? { url: runningStorybook, close: async () => {} } : await serveStatic(staticDir);
    browser = await launchBrowser(chromiumPath!);
  });

  afterAll(async () => {
    await shared?.page.close();
    await browser?.close();
    await server?.close();
  });

  it('has every story of the stories files in its index', () => {
    expect(ids.length).toBeGreaterThanOrEqual(31);
  });

  // Each story in both schemes; the dark one also at a phone's size, where the layouts change.
  const variants = [
    { name: 'light', globals: 'theme:light;device:desktop', viewport: { width: 1280, height: 860 } },
    { name: 'dark, mobile', globals: 'theme:dark;device:mobile', viewport: { width: 390, height: 844 } },
  ];
  // Variant by variant: the shared page never changes its globals (see above).
  const cases = variants.flatMap((variant) => ids.map((id) => [id, variant.name, variant] as const));

  it.each(cases)('%s (%s) renders its component, and axe finds no violations', async (id, _name, variant) => {
    const fresh = loaded !== variant.name;
    if (fresh && shared) {
      await shared.page.close();
      shared = undefined;
    }
    if (!shared) {
      shared = await browser.newPage();
      const { errors } = shared;
      shared.page.on('response', (response) => {
        if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
      });
    }
    const { page, errors } = shared;
    const theme = variant.globals.includes('theme:dark') ? 'dark' : 'light';
    errors.length = 0;
    let passed = false;
    try {
      await page.setViewportSize(variant.viewport);
      if (fresh) {
        await page.goto(`${server.url}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story&globals=${variant.globals}`);
        loaded = variant.name;
      } else {
        await page.evaluate((storyId) => {
          const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: { emit(event: string, payload: unknown): void } }).__STORYBOOK_ADDONS_CHANNEL__;
          channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
        }, id);
      }
      // This story's render at its end, in this variant's theme.
      const phase = await page
        .waitForFunction(
          ({ storyId, finals, theme }) => {
            const render = (window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { id?: string; phase?: string } } }).__STORYBOOK_PREVIEW__?.currentRender;
            const themed = document.querySelector('.story-frame')?.getAttribute('data-acu-theme') === theme;
            return render?.id === storyId && render.phase && finals.includes(render.phase) && themed ? render.phase : false;
          },
          { storyId: id, finals: FINAL_PHASES, theme },
          { timeout: 30_000 },
        )
        .then((handle) => handle.jsonValue())
        .catch(() => 'never finished');
      // Colours fade between the schemes: axe measures the contrast once they have.
      await settleAnimations(page);
      const shown = await page.evaluate(() => ({
        body: [...document.body.classList].filter((name) => name.startsWith('sb-show-')),
        error: document.querySelector('#error-message')?.textContent?.trim() ?? '',
        elements: document.querySelectorAll('#storybook-root *').length,
        text: (document.querySelector('#storybook-root') as HTMLElement | null)?.innerText.trim().length ?? 0,
      }));
      expect({ phase, body: shown.body, error: shown.error }).toEqual({ phase: 'finished', body: ['sb-show-main'], error: '' });
      expect(shown.elements, 'elements rendered in #storybook-root').toBeGreaterThan(0);
      expect(errors, 'errors in the page').toEqual([]);
      expect(await page.evaluate(() => document.querySelector('.story-frame')?.getAttribute('data-acu-theme'))).toBe(theme);
      expect(await axeViolations(page, '#storybook-root')).toEqual([]);
      if (RECORDED.test(id)) {
        mkdirSync(shotsDir, { recursive: true });
        shots.set(`${id} (${variant.name})`, await page.screenshot({ path: `${shotsDir}/${id}-${theme}.png` }));
      }
      passed = true;
    } finally {
      // A failed case may have left the page in any state: the next one starts from a fresh load.
      if (!passed) loaded = undefined;
    }
  });

  // After every case (vitest runs a file's cases in order): each recorded story has a picture in both variants.
  it.skipIf(!ids.some((id) => RECORDED.test(id)))('screenshots every recorded story in both variants: whole pages of the variant\'s size, not blank', () => {
    const expected = cases.filter(([id]) => RECORDED.test(id)).map(([id, name, variant]) => ({ key: `${id} (${name})`, viewport: variant.viewport }));
    expect([...shots.keys()].sort()).toEqual(expected.map(({ key }) => key).sort());
    for (const { key, viewport } of expected) {
      const png = shots.get(key)!;
      // The PNG's IHDR: width and height at bytes 16 and 20.
      expect({ key, width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual({ key, ...viewport });
      // A rendered page, not a frame of one colour (one of these sizes compresses to 3–5 kB; the sparsest story here,
      // one message and the thinking state on the phone, was 11.6 kB).
      expect(png.length, key).toBeGreaterThan(8_000);
    }
  });
});
