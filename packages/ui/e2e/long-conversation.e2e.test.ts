/**
 * MessageList over 10,000 messages in Debian's Chromium (a production build of e2e/long-conversation): only the rows
 * near the viewport are mounted, the reader scrolls to the first message and back to the latest, loading earlier
 * pages keeps what they look at in place, a new turn streams at the end, and axe finds no violations.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, type Browser } from '../../../apps/demo/e2e/browser.js';
import { findChromium } from '../../../apps/demo/e2e/find-chromium.mjs';
import { servePage } from './page-fixture.js';
import type { StaticServer } from './static-server.js';

const chromiumPath = findChromium();

// A row is an article: a user's message or a whole answer (an answer with a tool call is three messages, one row).
// longHistory(10,000) is 9,092 rows (message 9,951 is row 9,047); longHistory(300) is 274 rows, its last an answer.

/** The mounted rows' places in the conversation (aria-posinset), and which of them are in view. */
function rowsOf(page: Page) {
  return page.evaluate(() => {
    const list = document.querySelector('.acu-message-list')!.getBoundingClientRect();
    const rows = [...document.querySelectorAll<HTMLElement>('article[aria-posinset]')];
    const inView = rows.filter((row) => {
      const box = row.getBoundingClientRect();
      return box.bottom > list.top && box.top < list.bottom;
    });
    return {
      mounted: rows.map((row) => Number(row.getAttribute('aria-posinset'))),
      inView: inView.map((row) => Number(row.getAttribute('aria-posinset'))),
      setsize: rows[0]?.getAttribute('aria-setsize'),
      elements: document.getElementsByTagName('*').length,
    };
  });
}

const scrollTo = (page: Page, top: number) => page.evaluate((value) => {
  document.querySelector('.acu-message-list')!.scrollTop = value;
}, top);

describe.skipIf(!chromiumPath)('MessageList with 10,000 messages in Chromium', () => {
  let server: StaticServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await servePage('long-conversation');
    browser = await launchBrowser(chromiumPath!);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('mounts fewer than 100 rows; scrolls to the first message and back to the latest; a new turn streams at the end', { timeout: 120_000 }, async () => {
    const { page, errors } = await browser.newPage();
    try {
      await page.goto(`${server.url}/?count=10000&pageSize=10000`);
      // Building 10,000 messages and the list's first measure took over 30 s on a CI machine under load.
      await page.waitForSelector('[role="feed"][data-state="virtual"] article', { timeout: 60_000 });
      await expect.poll(async () => (await rowsOf(page)).inView).toContain(9_092);
      const atEnd = await rowsOf(page);
      expect(atEnd.mounted.length).toBeLessThan(100);
      expect(atEnd.setsize).toBe('9092');

      // To the top: rows there are measured as they mount, and the list settles on the first message.
      await expect.poll(async () => {
        await scrollTo(page, 0);
        return (await rowsOf(page)).inView;
      }, { timeout: 15_000 }).toContain(1);
      expect((await rowsOf(page)).mounted.length).toBeLessThan(100);
      await page.getByRole('button', { name: 'Jump to latest' }).click();
      await expect.poll(async () => (await rowsOf(page)).inView).toContain(9_092);
      await expect.poll(() => page.getByRole('button', { name: 'Jump to latest' }).count()).toBe(0);

      // A turn: the list follows it to its end.
      await page.evaluate(() => (window as unknown as { chat: { send: (text: string) => Promise<unknown> } }).chat.send('one more'));
      await expect.poll(async () => (await rowsOf(page)).inView).toContain(9_094);
      const after = await rowsOf(page);
      expect(after.setsize).toBe('9094');
      expect(after.mounted.length).toBeLessThan(100);
      console.log(`[long conversation] 10,000 messages: ${atEnd.mounted.length} rows mounted, ${atEnd.elements} DOM elements; after a turn ${after.mounted.length} rows, ${after.elements} elements`);
      expect(await axeViolations(page, '.acu-message-list')).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  // The chunks the page loaded (Vite names each after its module): Markdown and the virtualiser load on demand.
  const chunks = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name.split('/').pop()!));

  it('a short list renders every row without the virtualiser; answers show as Markdown; a streamed answer never shows its plain fallback', async () => {
    const { page, errors } = await browser.newPage();
    try {
      await page.goto(`${server.url}/?count=12&pageSize=50`);
      await page.waitForSelector('[role="feed"][data-state="all"] article');
      await expect.poll(() => page.locator('.acu-message__text[data-state="markdown"] strong').count()).toBe(6);
      expect(await page.locator('.acu-markdown__plain').count()).toBe(0);
      // Watched from before the turn: any plain fallback added to the page, even for a frame, is recorded.
      await page.evaluate(() => {
        const seen = ((window as unknown as { plainSeen: number }).plainSeen = 0);
        void seen;
        new MutationObserver(() => {
          if (document.querySelector('.acu-markdown__plain')) (window as unknown as { plainSeen: number }).plainSeen++;
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      await page.evaluate(() => (window as unknown as { chat: { send: (text: string) => Promise<unknown> } }).chat.send('one more'));
      await expect.poll(() => page.locator('article[data-role="model"]').last().getAttribute('data-state')).toBe('done');
      expect(await page.locator('article[data-role="model"]').last().locator('.acu-message__text[data-state="markdown"] strong').first().textContent()).toBe('streamed');
      expect(await page.evaluate(() => (window as unknown as { plainSeen: number }).plainSeen)).toBe(0);
      expect(await page.locator('[role="feed"]').getAttribute('data-state')).toBe('all');
      const loaded = await chunks(page);
      expect(loaded.some((name) => /^markdown-.*\.js$/.test(name))).toBe(true);
      expect(loaded.some((name) => /^virtual-rows-.*\.js$/.test(name))).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('a 300-message history: the virtualiser loads, the rows show as Markdown, and it scrolls to the first message and back', async () => {
    const { page, errors } = await browser.newPage();
    try {
      // Every row the list ever mounts, by its place in the conversation, from before the page's own script.
      await page.addInitScript(() => {
        const added: number[] = ((window as unknown as { rowsAdded: number[] }).rowsAdded = []);
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.addedNodes) {
              if (!(node instanceof Element)) continue;
              for (const article of node.matches('article') ? [node] : node.querySelectorAll('article')) added.push(Number(article.getAttribute('aria-posinset')));
            }
          }
        }).observe(document, { childList: true, subtree: true });
      });
      const rowsAdded = () => page.evaluate(() => [...(window as unknown as { rowsAdded: number[] }).rowsAdded]);
      await page.goto(`${server.url}/?count=300&pageSize=300`);
      // Building 10,000 messages and the list's first measure took over 30 s on a CI machine under load.
      await page.waitForSelector('[role="feed"][data-state="virtual"] article', { timeout: 60_000 });
      await expect.poll(async () => (await rowsOf(page)).inView).toContain(274);
      expect((await rowsOf(page)).mounted.length).toBeLessThan(100);
      // It opens at its end: the first rows the virtualiser mounts are the latest ones (on an unsized first render its
      // scroll to the end had no room, so rows 1… were mounted, measured and dropped first). Rows without a place are
      // the ones every row rendered while the virtualiser's chunk loaded.
      const opened = await rowsAdded();
      expect(Math.min(...opened.filter((place) => place > 0))).toBeGreaterThan(240);
      // A scroll of a row or two mounts nothing: the rows drawn still cover the viewport with rows to spare.
      const atEnd = await rowsOf(page);
      await page.evaluate(() => {
        const list = document.querySelector('.acu-message-list')!;
        // One row: the shortest mounted (an answer with a tool card is one row, several times a question's height).
        const row = Math.min(...[...list.querySelectorAll('article')].map((article) => article.getBoundingClientRect().height));
        list.scrollTop -= row;
      });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect((await rowsOf(page)).mounted).toEqual(atEnd.mounted);
      expect(await rowsAdded()).toEqual(opened);
      await expect.poll(() => page.locator('article[aria-posinset="274"] .acu-message__text[data-state="markdown"] strong').count()).toBe(1);
      await expect.poll(async () => {
        await scrollTo(page, 0);
        return (await rowsOf(page)).inView;
      }, { timeout: 15_000 }).toContain(1);
      await expect.poll(() => page.locator('article[aria-posinset="2"] .acu-message__text[data-state="markdown"] strong').textContent()).toBe('1');
      expect(await page.locator('.acu-markdown__plain').count()).toBe(0);
      await page.getByRole('button', { name: 'Jump to latest' }).click();
      await expect.poll(async () => (await rowsOf(page)).inView).toContain(274);
      expect((await chunks(page)).some((name) => /^virtual-rows-.*\.js$/.test(name))).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('loading earlier messages keeps the rows the reader looks at in place', async () => {
    const { page, errors } = await browser.newPage();
    try {
      await page.goto(`${server.url}/?count=10000&pageSize=50`);
      // Building 10,000 messages and the list's first measure took over 30 s on a CI machine under load.
      await page.waitForSelector('[role="feed"][data-state="virtual"] article', { timeout: 60_000 });
      await expect.poll(async () => (await rowsOf(page)).inView).toContain(9_092);
      const earlier = page.locator('.acu-message-list__earlier');
      expect(await earlier.textContent()).toBe('Show earlier messages (9950)');
      // Near the top of the page taken: the page before it loads above, and the same rows stay in view.
      await scrollTo(page, 10);
      await expect.poll(() => earlier.textContent()).toBe('Show earlier messages (9900)');
      // The first row in view was 9,047 (message 9,951), scrolled 10 px into: it stays the first, or its neighbour after re-measuring.
      // Read once the list has drawn the new page's rows (right after the button's text changes, its rows may still be
      // mounting: an empty view read as Infinity here once).
      await expect.poll(async () => (await rowsOf(page)).inView.length).toBeGreaterThan(0);
      const shown = (await rowsOf(page)).inView;
      expect(Math.min(...shown)).toBeGreaterThanOrEqual(9046);
      expect(Math.min(...shown)).toBeLessThanOrEqual(9048);
      expect(await page.evaluate(() => document.querySelector('.acu-message-list')!.scrollTop)).toBeGreaterThan(1000);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
