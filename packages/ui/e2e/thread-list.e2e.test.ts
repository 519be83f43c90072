/**
 * AgentChatView with threads in Debian's Chromium (a production build of e2e/thread-list) over the browser's own
 * IndexedDB and BroadcastChannel: create, send, switch (also mid-answer), rename, archive, delete with undo, a reload,
 * a second tab that follows the first, the phone sheet, and axe in both themes.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, type Browser } from '../../../apps/demo/e2e/browser.js';
import { findChromium } from '../../../apps/demo/e2e/find-chromium.mjs';
import { servePage } from './page-fixture.js';
import type { StaticServer } from './static-server.js';

const chromiumPath = findChromium();

const titles = (page: Page) => page.locator('.acu-thread-open .acu-thread-title').allTextContents();
const shownMessages = (page: Page) => page.locator('.acu-threaded__chat article .acu-message__body').allTextContents();
async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

describe.skipIf(!chromiumPath)('AgentChatView with threads in Chromium', () => {
  let server: StaticServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await servePage('thread-list');
    browser = await launchBrowser(chromiumPath!);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('create, send, switch mid-answer, rename, archive, delete and undo; a reload and a second tab see it all', async () => {
    const { page, errors } = await browser.newPage();
    const second = await browser.newPage();
    try {
      await page.goto(`${server.url}/`);
      await page.waitForSelector('body[data-ready="true"]');
      await send(page, 'Plan the trip');
      await expect.poll(() => shownMessages(page)).toEqual(['Plan the trip', expect.stringContaining('Answer to Plan the trip')]);
      await expect.poll(() => titles(page)).toEqual(['Plan the trip']);
      const firstUrl = page.url();
      expect(firstUrl).toMatch(/\?thread=[0-9a-f-]{36}$/);

      // A second conversation, left mid-answer (stopped: this transport cannot reattach), and back.
      await page.getByRole('button', { name: 'New chat' }).click();
      await expect.poll(() => shownMessages(page)).toEqual([]);
      await send(page, 'long');
      await page.locator('.acu-thread-running').waitFor();
      await page.getByRole('button', { name: 'Plan the trip', exact: true }).click();
      await expect.poll(() => shownMessages(page)).toEqual(['Plan the trip', expect.stringContaining('Answer to Plan the trip')]);
      await expect.poll(() => page.locator('.acu-thread-running').count()).toBe(0);
      expect(page.url()).toBe(firstUrl);
      await page.getByRole('button', { name: 'long', exact: true }).click();
      await expect.poll(() => shownMessages(page)).toEqual(['long', expect.stringContaining('Answer to long')]);

      // The second tab lists both; a rename in the first shows in it.
      await second.page.goto(firstUrl);
      await second.page.waitForSelector('body[data-ready="true"]');
      await expect.poll(() => titles(second.page)).toEqual(['long', 'Plan the trip']);
      await expect.poll(() => shownMessages(second.page)).toEqual(['Plan the trip', expect.stringContaining('Answer to Plan the trip')]);
      await page.getByRole('button', { name: 'long', exact: true }).press('F2');
      const field = page.getByRole('textbox', { name: 'Rename' });
      await field.fill('A long answer');
      await field.press('Enter');
      await expect.poll(() => titles(second.page)).toEqual(['A long answer', 'Plan the trip']);

      // Archive moves it under Archived; Delete removes with an undo.
      await page.getByRole('button', { name: 'A long answer', exact: true }).hover();
      await page.getByRole('button', { name: 'Archive: A long answer' }).click();
      await expect.poll(() => page.locator('.acu-thread-group').allTextContents()).toEqual([expect.stringMatching(/^(Today|Yesterday)$/), 'Archived']); // Yesterday when the run crosses midnight
      await page.getByRole('button', { name: 'Plan the trip', exact: true }).focus();
      await page.keyboard.press('Delete');
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Deleted' }).textContent()).toContain('Deleted “Plan the trip”.');
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => titles(page)).toEqual(['Plan the trip', 'A long answer']);

      // A reload of the active thread's URL (the stopped one) restores it from IndexedDB, its partial answer too.
      const stopped = await shownMessages(page);
      expect(stopped).toEqual(['long', expect.stringContaining('Answer to long')]);
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]');
      await expect.poll(() => titles(page)).toEqual(['Plan the trip', 'A long answer']);
      await expect.poll(() => shownMessages(page)).toEqual(stopped);
      await page.getByRole('button', { name: 'Plan the trip', exact: true }).click();
      await expect.poll(() => shownMessages(page)).toEqual(['Plan the trip', expect.stringContaining('Answer to Plan the trip')]);
      expect(errors).toEqual([]);
      expect(second.errors).toEqual([]);
    } finally {
      await page.close();
      await second.page.close();
    }
  });

  it('an unknown id is a calm "not found" with a way back; on a phone the list is a sheet; axe-clean in both themes', async () => {
    const { page, errors } = await browser.newPage();
    try {
      await page.goto(`${server.url}/?thread=no-such-thread`);
      await page.waitForSelector('body[data-ready="true"]');
      await page.getByText('This conversation is not available.').waitFor();
      for (const theme of ['light', 'dark']) {
        await page.evaluate((value) => document.documentElement.setAttribute('data-acu-theme', value), theme);
        expect(await axeViolations(page), theme).toEqual([]);
      }
      await page.getByRole('button', { name: 'Start a new chat' }).click();
      await page.getByRole('textbox', { name: 'Message' }).waitFor();

      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.locator('.acu-threaded__list').isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Conversations', expanded: false }).click();
      expect(await page.locator('.acu-threaded__list').isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  // Timings reported, not asserted: a shared 2-core machine.
  it('timings: opens a list of 10,000 threads and switches to a thread of 1,000 messages from IndexedDB', async () => {
    const { page, errors } = await browser.newPage();
    try {
      await page.goto(`${server.url}/?seed=10000`);
      await page.waitForSelector('body[data-ready="true"]');
      const runs: Array<{ read: number; list: number; switch: number }> = [];
      for (let run = 0; run < 3; run++) {
        await page.goto(`${server.url}/`);
        await page.waitForSelector('body[data-ready="true"]');
        const read = await page.evaluate(() => (window as unknown as { timings: { listRead: Promise<number> } }).timings.listRead);
        const list = await page.evaluate(() => (window as unknown as { timings: { listPainted: Promise<number> } }).timings.listPainted);
        // The first page is the newest threads, in order, after the new chat the view made (Chromium reads it with one getAllRecords, backwards).
        if (run === 0) expect((await titles(page)).filter((title) => title.startsWith('Thread ')).slice(0, 3)).toEqual(['Thread 9999', 'Thread 9998', 'Thread 9997']);
        const switched = await page.evaluate(() => (window as unknown as { timings: { switchTo(id: string): Promise<number> } }).timings.switchTo('big'));
        runs.push({ read, list, switch: switched });
      }
      expect(await page.locator('.acu-thread-open').count()).toBeLessThan(60);
      expect(await page.locator('.acu-threaded__chat article').count()).toBeGreaterThan(0);
      console.log(`[threads] 10,000 threads: first page of 50 read from IndexedDB ${runs.map((run) => run.read.toFixed(0)).join(' / ')} ms and the list painted ${runs.map((run) => run.list.toFixed(0)).join(' / ')} ms after the script started; switch to 1,000 messages painted in ${runs.map((run) => run.switch.toFixed(0)).join(' / ')} ms`);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);
});
