/**
 * The demo's conversations page (`/c/:id`) in Chromium against the real agent server: create, switch mid-answer (the
 * turn detached and rejoined), rename, archive, delete with undo and a reload, on Genkit, AG-UI and the AI SDK route,
 * with the threads kept in the browser (IndexedDB) and by the server (`/api/threads`), a second tab following the
 * first; another browser of the same user follows on focus, another user's sees none of it; a failing store (a
 * server's 500, a full IndexedDB) shows an error and keeps what is on screen.
 */
import type { Page } from 'playwright-core';
import { STORY_TEXT } from '@agent-chat/agent-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, screenshot, settleAnimations, type Browser } from './browser.js';
import { startDemoStack, type DemoStack } from './demo-stack.js';
import { squash } from './demo-suite.js';
import { findChromium } from './find-chromium.mjs';

const chromiumPath = findChromium();

const titles = (page: Page) => page.locator('.acu-thread-open .acu-thread-title').allTextContents();
// Read without waiting (a locator's innerText waits for its element): polls see what is there now.
const conversation = async (page: Page) => (await page.locator('.acu-threaded__chat .acu-message-list').allInnerTexts()).join('\n');
const lastAnswer = async (page: Page) => (await page.locator('.acu-threaded__chat article[data-role="model"] .acu-message__body').allTextContents()).at(-1) ?? '';
const thread = (page: Page, title: string) => page.getByRole('button', { name: title, exact: true });
async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('textbox', { name: 'Message' }).or(page.getByText('This conversation is not available')).first().waitFor({ timeout: 20_000 });
}

describe.skipIf(!chromiumPath)('the demo\'s conversations in Chromium', () => {
  let stack: DemoStack;
  let browser: Browser;
  const pageErrors: string[][] = [];
  let users = 0;
  /** A tab signed in as `user` (the demo's per-browser id, set before the page's scripts run): each test its own. */
  const newPage = async (user: string, on: Browser = browser) => {
    const { page, errors } = await on.newPage();
    pageErrors.push(errors);
    await page.addInitScript((id) => window.localStorage.setItem('agent-chat-demo/user', id), user);
    return page;
  };
  const newUser = () => `e2e-user-${++users}-${Date.now().toString(36)}`;

  beforeAll(async () => {
    stack = await startDemoStack({ tokenDelayMs: 5 });
    browser = await launchBrowser(chromiumPath!);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    // The browser logs every answer of 404 (a thread the server does not know: a new one, another user's), 409 (another
    // user's id taken), the stranger's request without a user (401) and the failure test's 500s; anything else is an error.
    expect(pageErrors.flat().filter((error) => !/Failed to load resource: the server responded with a status of (401|404|409|500)/.test(error))).toEqual([]);
  });

  it.each([
    ['genkit', 'local'], ['agui', 'local'], ['ai-sdk', 'local'],
    ['genkit', 'server'], ['agui', 'server'], ['ai-sdk', 'server'],
  ])('%s, threads kept in %s: create, switch mid-answer, rename, archive, delete and undo, reload; a second tab follows', async (protocol, store) => {
    const user = newUser();
    const page = await newPage(user);
    const second = await newPage(user);
    try {
      await open(page, `${stack.url}c/?protocol=${protocol}&store=${store}`);
      await send(page, 'add Buy milk');
      await expect.poll(() => conversation(page), { timeout: 20_000 }).toContain('Added “Buy milk” (task #1).');
      await expect.poll(() => titles(page)).toEqual(['add Buy milk']);
      await expect.poll(() => page.locator('.app-side').innerText()).toContain('Buy milk');
      const shoppingUrl = page.url();
      expect(new URL(shoppingUrl).pathname).toMatch(/^\/c\/[\w-]+$/);

      // The second tab opens the thread's link and follows the first from now on.
      await open(second, shoppingUrl);
      await expect.poll(() => conversation(second), { timeout: 20_000 }).toContain('Added “Buy milk” (task #1).');

      // A second conversation, left mid-answer: the turn runs on on the server; coming back shows all of it.
      await page.locator('.acu-thread-new').click();
      await send(page, 'tell me a long story');
      await expect.poll(async () => squash(await lastAnswer(page)).length, { timeout: 20_000 }).toBeGreaterThan(80);
      await thread(page, 'add Buy milk').click();
      await expect.poll(() => conversation(page)).toContain('Added “Buy milk” (task #1).');
      expect(page.url()).toBe(shoppingUrl);
      await expect.poll(() => titles(second)).toEqual(['tell me a long story', 'add Buy milk']);
      await thread(page, 'tell me a long story').click();
      await expect.poll(async () => squash(await lastAnswer(page)), { timeout: 30_000 }).toBe(squash(STORY_TEXT));

      // Rename (F2) shows in the other tab; archive moves it under Archived.
      await thread(page, 'add Buy milk').press('F2');
      const field = page.getByRole('textbox', { name: 'Rename' });
      await field.fill('Shopping');
      await field.press('Enter');
      await expect.poll(() => titles(second)).toEqual(['tell me a long story', 'Shopping']);
      await thread(page, 'Shopping').hover();
      await page.getByRole('button', { name: 'Archive: Shopping' }).click();
      await expect.poll(() => page.locator('.acu-thread-group').allTextContents()).toEqual([expect.stringMatching(/^(Today|Yesterday)$/), 'Archived']); // Yesterday when the run crosses midnight

      // Reading the archived one, delete the other with the keyboard, then undo.
      await thread(page, 'Shopping').click();
      await expect.poll(() => conversation(page)).toContain('Added “Buy milk” (task #1).');
      await thread(page, 'tell me a long story').focus();
      await page.keyboard.press('Delete');
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Deleted' }).textContent()).toContain('Deleted “tell me a long story”.');
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => titles(page)).toEqual(['tell me a long story', 'Shopping']);

      // A reload of the first thread's link restores it, its task list too.
      await open(page, shoppingUrl);
      await expect.poll(() => conversation(page), { timeout: 20_000 }).toContain('Added “Buy milk” (task #1).');
      await expect.poll(() => titles(page)).toEqual(['tell me a long story', 'Shopping']);
      expect(await page.locator('.app-side').innerText()).toContain('Buy milk');
    } finally {
      await page.close();
      await second.close();
    }
  }, 120_000);

  it('background runs (?background=3): three threads asked for a story while a fourth is shown answer on, marked running, then each unread; opening one shows its whole answer', async () => {
    const page = await newPage(newUser());
    try {
      await open(page, `${stack.url}c/?background=3`);
      for (let index = 0; index < 3; index++) {
        if (index > 0) await page.locator('.acu-thread-new').click();
        await send(page, `tell me a long story`);
        await expect.poll(async () => squash(await lastAnswer(page)).length, { timeout: 20_000 }).toBeGreaterThan(0);
      }
      await page.locator('.acu-thread-new').click();
      await expect.poll(() => page.getByRole('img', { name: 'Answering…' }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await expect.poll(() => page.getByRole('img', { name: 'New answer' }).count(), { timeout: 30_000 }).toBe(3);
      expect(await page.getByRole('img', { name: 'Answering…' }).count()).toBe(0);
      expect((await page.locator('.acu-thread-list [aria-live="polite"]').allTextContents()).filter(Boolean)).toEqual(Array(3).fill('tell me a long story: New answer'));
      await page.getByRole('button', { name: /^tell me a long story/ }).first().click();
      await expect.poll(async () => squash(await lastAnswer(page)), { timeout: 10_000 }).toBe(squash(STORY_TEXT));
      await expect.poll(() => page.getByRole('img', { name: 'New answer' }).count()).toBe(2);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('another browser is another user: it lists none of the first one\'s threads, a /c/<id> link to one is "not available", and no route of the server gives it away', async () => {
    const page = await newPage(newUser());
    const other = await launchBrowser(chromiumPath!);
    try {
      await open(page, `${stack.url}c/?store=server`);
      await send(page, 'add Secret plan');
      await expect.poll(() => titles(page), { timeout: 20_000 }).toEqual(['add Secret plan']);
      const secretUrl = page.url();

      // Another browser: the demo makes it a user id of its own.
      const { page: stranger, errors } = await other.newPage();
      pageErrors.push(errors);
      await open(stranger, `${stack.url}c/?store=server`);
      await expect.poll(() => stranger.locator('.acu-thread-open').count()).toBe(1);
      expect(await titles(stranger)).not.toContain('add Secret plan');
      await open(stranger, secretUrl);
      await stranger.getByText('This conversation is not available.').waitFor();
      expect(await conversation(stranger)).not.toContain('Secret');
      // Nor does any route give it away to the stranger's own user (its browser's id, what the demo's pages send).
      const id = new URL(secretUrl).pathname.split('/').at(-1)!;
      const answers = await stranger.evaluate(async (threadId) => {
        const user = { 'x-agent-user': localStorage.getItem('agent-chat-demo/user') ?? '' };
        const json = { ...user, 'content-type': 'application/json' };
        const run = { threadId, runId: 'peek', messages: [], state: {}, tools: [], context: [], forwardedProps: {} };
        const statuses = await Promise.all([
          fetch(`/api/threads/${threadId}`, { headers: user }),
          fetch(`/api/ai-sdk/chats/${threadId}`, { headers: user }),
          fetch('/api/agui/connect', { method: 'POST', headers: json, body: JSON.stringify(run) }),
          fetch('/api/agent/getSnapshot', { method: 'POST', headers: json, body: JSON.stringify({ data: { sessionId: threadId } }) }),
          fetch('/api/ai-sdk', { method: 'POST', headers: json, body: JSON.stringify({ id: threadId, messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'mine now' }] }] }) }),
          fetch(`/api/ai-sdk/chats/${threadId}`),
        ]);
        return statuses.map((response) => response.status);
      }, id);
      expect(answers).toEqual([404, 404, 404, 404, 404, 401]);
      expect(await titles(page)).toEqual(['add Secret plan']);
      await stranger.getByRole('button', { name: 'Start a new chat' }).click();
      await stranger.getByRole('textbox', { name: 'Message' }).waitFor();
    } finally {
      await page.close();
      await other.close();
    }
  }, 60_000);

  it('a store that fails (the server answers 500) shows an error and loses nothing on screen', async () => {
    const page = await newPage(newUser());
    try {
      await open(page, `${stack.url}c/?store=server`);
      await send(page, 'add Keep me');
      await expect.poll(() => conversation(page), { timeout: 20_000 }).toContain('Added “Keep me” (task #1).');
      await expect.poll(() => titles(page)).toEqual(['add Keep me']);
      await page.route('**/api/threads/**', (route) => route.fulfill({ status: 500, body: 'store down' }));
      await thread(page, 'add Keep me').press('F2');
      const field = page.getByRole('textbox', { name: 'Rename' });
      await field.fill('Renamed while down');
      await field.press('Enter');
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'could not be saved' }).textContent()).toContain('answered 500');
      expect(await titles(page)).toEqual(['Renamed while down']);
      expect(await conversation(page)).toContain('Added “Keep me” (task #1).');
    } finally {
      await page.close();
    }
  }, 60_000);

  it('two browsers of one user on the server store (no BroadcastChannel between them): the other shows a change when its window is focused again', async () => {
    const user = newUser();
    const page = await newPage(user);
    const other = await launchBrowser(chromiumPath!);
    // What the browser sends when the user comes back to that window (headless windows are never unfocused).
    const focus = (on: Page) => on.evaluate(() => window.dispatchEvent(new Event('focus')));
    try {
      await open(page, `${stack.url}c/?store=server`);
      await send(page, 'add Buy milk');
      await expect.poll(() => conversation(page), { timeout: 20_000 }).toContain('Added “Buy milk” (task #1).');
      await expect.poll(() => titles(page)).toEqual(['add Buy milk']);
      const shoppingUrl = page.url();

      const { page: laptop, errors } = await other.newPage();
      pageErrors.push(errors);
      await laptop.addInitScript((id) => window.localStorage.setItem('agent-chat-demo/user', id), user);
      await open(laptop, shoppingUrl);
      await expect.poll(() => conversation(laptop), { timeout: 20_000 }).toContain('Added “Buy milk” (task #1).');

      // Changes in the first browser: a rename, a new thread, another turn in the thread the second one shows.
      await thread(page, 'add Buy milk').press('F2');
      const field = page.getByRole('textbox', { name: 'Rename' });
      await field.fill('Shopping');
      await field.press('Enter');
      await page.locator('.acu-thread-new').click();
      await send(page, 'add Walk the dog');
      await expect.poll(() => titles(page), { timeout: 20_000 }).toEqual(['add Walk the dog', 'Shopping']);
      await thread(page, 'Shopping').click();
      await send(page, 'add Eggs');
      await expect.poll(() => conversation(page), { timeout: 20_000 }).toContain('Added “Eggs” (task #2).');
      // The turn's end is saved to the server's summary after it shows.
      await expect.poll(async () => (await page.request.get(`${stack.url}api/threads?limit=10`, { headers: { 'x-agent-user': user } }).then((response) => response.json()) as { threads: { title: string; preview?: string }[] }).threads.find((item) => item.title === 'Shopping')?.preview ?? '', { timeout: 20_000 }).toContain('Eggs');

      // Nothing told the second browser yet.
      expect(await titles(laptop)).toEqual(['add Buy milk']);
      await focus(laptop);
      await expect.poll(() => titles(laptop), { timeout: 20_000 }).toEqual(['Shopping', 'add Walk the dog']);
      await expect.poll(() => conversation(laptop), { timeout: 20_000 }).toContain('Added “Eggs” (task #2).');
      await expect.poll(() => laptop.locator('.app-side').innerText()).toContain('Eggs');

      // A delete in the first browser (kept in the store after its undo time) leaves the second one's list on its next focus.
      await thread(page, 'add Walk the dog').focus();
      await page.keyboard.press('Delete');
      await expect.poll(async () => {
        await focus(laptop);
        return titles(laptop);
      }, { timeout: 20_000, interval: 500 }).toEqual(['Shopping']);
    } finally {
      await page.close();
      await other.close();
    }
  }, 90_000);

  it('the local store full (IndexedDB put fails with QuotaExceededError): the error shows, and nothing on screen is lost', async () => {
    const page = await newPage(newUser());
    // Every IndexedDB put throws QuotaExceededError once the test says so, as a full disk does.
    await page.addInitScript(() => {
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
        if ((window as unknown as { quotaFull?: boolean }).quotaFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return put.apply(this, args);
      };
    });
    try {
      await open(page, `${stack.url}c/`);
      await send(page, 'add Keep me');
      await expect.poll(() => conversation(page), { timeout: 20_000 }).toContain('Added “Keep me” (task #1).');
      await expect.poll(() => titles(page)).toEqual(['add Keep me']);
      await page.evaluate(() => Object.assign(window, { quotaFull: true }));

      // A rename and a new turn: neither can be kept; both stay on screen with the error.
      await thread(page, 'add Keep me').press('F2');
      const field = page.getByRole('textbox', { name: 'Rename' });
      await field.fill('Renamed when full');
      await field.press('Enter');
      const alert = page.locator('.acu-thread-error');
      await expect.poll(() => alert.textContent()).toContain('The quota has been exceeded.');
      expect(await titles(page)).toEqual(['Renamed when full']);
      await page.getByRole('button', { name: 'Dismiss' }).click();
      await send(page, 'add Still here');
      await expect.poll(() => conversation(page), { timeout: 20_000 }).toContain('Added “Still here” (task #2).');
      await expect.poll(() => alert.textContent()).toContain('The quota has been exceeded.');
      expect(await conversation(page)).toContain('Added “Keep me” (task #1).');
      expect(await page.locator('.app-side').innerText()).toContain('Still here');
      expect(await titles(page)).toEqual(['Renamed when full']);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('screenshots: light, dark and a 390×844 phone with the thread list; axe-clean', async () => {
    const page = await newPage(newUser());
    try {
      await open(page, `${stack.url}c/`);
      for (const text of ['add Buy milk', 'add Call the bank']) {
        await page.locator('.acu-thread-new').click();
        await send(page, text);
        await expect.poll(() => titles(page), { timeout: 20_000 }).toContain(text);
      }
      await expect.poll(() => page.locator('.app-side').innerText(), { timeout: 20_000 }).toContain('Call the bank');
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((value) => document.documentElement.setAttribute('data-acu-theme', value), theme);
        await settleAnimations(page);
        expect(await axeViolations(page), theme).toEqual([]);
        await screenshot(page, `40-conversations-${theme}`);
      }
      await page.setViewportSize({ width: 390, height: 844 });
      await settleAnimations(page);
      // Nothing wider than the phone: the header wraps.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, '41-conversations-phone');
      await page.getByRole('button', { name: 'Conversations', expanded: false }).click();
      await settleAnimations(page);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, '42-conversations-phone-list');
    } finally {
      await page.close();
    }
  }, 90_000);
});
