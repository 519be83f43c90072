/**
 * Hostile agent content in a real Chromium: a Vite-built page renders a reply with remote images, script in Markdown,
 * SVG and HTML artifacts, 3,000-deep nesting, 200,000 `*` and a message whose renderer throws. Every request leaving
 * the page's origin is recorded and aborted.
 */
import { fileURLToPath } from 'node:url';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from './browser.js';
import { findChromium } from './find-chromium.mjs';
import { serveBuiltPage, type StaticPage } from './static-page.js';

const chromiumPath = findChromium();

describe.skipIf(!chromiumPath)('hostile content in Chromium', () => {
  let site: StaticPage;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const offOrigin: string[] = [];

  beforeAll(async () => {
    site = await serveBuiltPage(fileURLToPath(new URL('./hostile-page/', import.meta.url)));
    browser = await launchBrowser(chromiumPath!);
    ({ page, errors } = await browser.newPage());
    const origin = new URL(site.url).origin;
    const isOwn = (url: string) => url.startsWith(origin) || /^(data|blob):/.test(url);
    page.on('request', (request: Request) => {
      if (!isOwn(request.url())) offOrigin.push(request.url());
    });
    await page.route('**/*', (route) => (isOwn(route.request().url()) ? route.continue() : route.abort()));
    await page.goto(site.url);
    await page.waitForSelector('body[data-turn="done"]', { state: 'attached', timeout: 60_000 }).catch(async (error) => {
      throw new Error(`${error}\n${errors.join('\n')}\n${(await page.locator('body').innerHTML()).slice(0, 3000)}`);
    });
    await page.waitForSelector('.acu-artifact__download');
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('requests nothing from another origin: remote images and media wait for a click', async () => {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
    expect(offOrigin).toEqual([]);
    const buttons = await page.locator('.acu-media-gate__load').allTextContents();
    expect(buttons).toContain('Load image from attacker.example');
    expect(buttons).toContain('Load video from attacker.example');
    // The data: SVG image loads (an <img> runs no script).
    expect(await page.locator('img[src^="data:image/svg+xml"]').count()).toBe(1);
  });

  it('runs nothing from the content: no script in Markdown, SVG or HTML reads localStorage', async () => {
    expect(await page.evaluate(() => (window as { __stolen?: unknown }).__stolen)).toBeUndefined();
    expect(await page.locator('.acu-chat script, iframe:not([sandbox]), object, embed').count()).toBe(0);
    const link = page.locator('a', { hasText: 'click me' });
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await link.textContent()).toContain('(attacker.example)');
    // Each artifact download is bytes to save: opened from its blob: URL, it cannot render (and so cannot run).
    const types = await page.evaluate(async () =>
      Promise.all([...document.querySelectorAll<HTMLAnchorElement>('a.acu-artifact__download')].map(async (anchor) => {
        if (!anchor.href.startsWith('blob:')) return `not a blob: ${anchor.href}`;
        return (await (await fetch(anchor.href)).blob()).type;
      })),
    );
    expect(types.filter((type) => type !== '' && !type.startsWith('not a blob')).every((type) => type === 'application/octet-stream')).toBe(true);
    expect(types.filter((type) => type === 'application/octet-stream').length).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => (window as { __stolen?: unknown }).__stolen)).toBeUndefined();
  });

  it('survives deep nesting and a throwing renderer: the root is not blank, the bad message shows its error', async () => {
    expect(await page.locator('#root').textContent()).toContain('The end of the hostile reply.');
    expect(await page.locator('#root').textContent()).toContain('deep quote');
    expect(await page.locator('[data-state="render-error"]').textContent()).toBe('This message could not be shown.');
    expect(errors.filter((error) => /Maximum call stack/.test(error))).toEqual([]);
    expect(offOrigin).toEqual([]);
  });
});
