// examples/nextjs as a user installs it (the packages from `npm pack` tarballs), built by `next build` with Cache
// Components on, served by `next start`, and driven in Chromium: the server-rendered history hydrates without a
// warning, a turn streams with its tool card, an artifact opens, an interrupt is answered, a reload renders again —
// with no console error and no cancelled request. The in-process agent (a Genkit agent the Next server runs itself,
// through @agent-chat/server's genkitRoutes) survives reloads in the middle of its answers: each answer resumes and
// ends once, from one turn on the server. Then the same copy under `next dev`, whose React reports every hydration mismatch
// (attributes included) and every dev-only warning in the console: none may appear.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findChromium } from '../../apps/demo/e2e/find-chromium.mjs';
import { launchBrowser, type Browser } from '../../apps/demo/e2e/browser.js';
import { preparedExample, prepareExample } from '../prepare-example.mjs';
import { chatJourney, composer, countCancelledRequests, freePort, HYDRATION_WARNING, screenshots, send, startExample, type ExampleStack } from './example-app.js';

const chromium = findChromium();

/** Opens a page of the app, collecting console errors, page errors and hydration warnings of any level. */
async function openPage(browser: Browser, stack: ExampleStack, path: string): Promise<{ page: Page; problems: string[] }> {
  const { page, errors } = await browser.newPage();
  const problems = errors;
  page.on('console', (message) => {
    if (message.type() !== 'error' && HYDRATION_WARNING.test(message.text())) problems.push(`${message.type()}: ${message.text()}`);
  });
  await page.goto(new URL(path, stack.url).href);
  return { page, problems };
}

/** Everything the message list shows, without whitespace differences. */
const conversation = async (page: Page) => ((await page.locator('.acu-message-list').textContent()) ?? '').replace(/\s+/g, ' ');

const occurrences = (text: string, part: string) => text.split(part).length - 1;

/** How the in-process agent's answer ends. */
const END = 'without running the turn again.';

/** Waits until the chat is ready with `count` whole answers of the in-process agent shown. */
async function waitForAnswers(page: Page, count: number, timeout = 30_000): Promise<void> {
  await expect.poll(async () => occurrences(await conversation(page), END), { timeout }).toBe(count);
  await page.locator('.acu-chat[data-state="ready"]').waitFor({ timeout });
}

/** The in-process answers' texts (the model messages with text, not the tool cards), without whitespace differences. */
const answers = async (page: Page) =>
  (await page.locator('article.acu-message[data-role="model"] .acu-message__text').allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());

/**
 * /in-process, three questions of two words each, so that the scripted agent's three answers are the same text:
 * - the first answer is cut by a reload (the Genkit session is not named yet: the page reattaches to the kept turn on
 *   an empty chat), and so is the second (the page restores the named session, then reattaches to the turn);
 * - the third runs uninterrupted: the reference.
 * Each reloaded answer ends equal to the reference (nothing repeated, nothing missed) and starts with what the page
 * showed before the reload; each question shows once; the browser sent one POST per question (a reload re-ran
 * nothing: the new page read the turn's stream) and the server's model started one turn per question.
 */
async function inProcessReloadJourney(page: Page, stack: ExampleStack, { firstAnswerTimeout = 30_000, reloadIsSlow = false } = {}): Promise<void> {
  const requests: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/in-process/')) requests.push(`${request.method()} ${pathname}`);
  });
  const serverTurns = (question: string) => occurrences(stack.output.join(''), `[in-process agent] turn: ${JSON.stringify(question)}`);

  const partials: string[] = [];
  for (const [index, question] of ['hello there', 'general kenobi'].entries()) {
    await send(page, question);
    // Mid-answer: this question's answer has begun and has not ended.
    await expect
      .poll(async () => {
        const shown = await answers(page);
        return shown.length === index + 1 && shown[index]!.startsWith('Your message has 2 words.') && !shown[index]!.endsWith(END);
      }, { timeout: index === 0 ? firstAnswerTimeout : 30_000, interval: 50 })
      .toBe(true);
    partials.push((await answers(page))[index]!);
    await page.reload();
    await composer(page).waitFor();
    await waitForAnswers(page, index + 1);
  }

  await send(page, 'one more');
  await waitForAnswers(page, 3);
  const shown = await answers(page);
  const reference = shown[2]!;
  expect(reference).toMatch(/^Your message has 2 words\. This answer comes from a Genkit agent .* without running the turn again\.$/);
  expect(shown).toEqual([reference, reference, reference]);
  for (const partial of partials) expect(reference.startsWith(partial) && partial.length < reference.length).toBe(true);
  expect(await page.locator('article.acu-message[data-role="user"] .acu-message__text').allTextContents()).toEqual(['hello there', 'general kenobi', 'one more']);
  expect(occurrences(await conversation(page), 'This answer comes from')).toBe(3);

  expect(requests.filter((request) => request === 'POST /api/in-process/agent')).toHaveLength(3);
  // After each reload the new page read the rest from the turn's stream. Under `next dev` a reloaded page may come up
  // after the second turn ended: the restored session then holds the whole answer, and reattaching rightly does nothing.
  const streams = requests.filter((request) => /^GET \/api\/in-process\/agent\/turns\/[^/]+\/stream$/.test(request)).length;
  if (reloadIsSlow) expect(streams).toBeGreaterThanOrEqual(1);
  if (reloadIsSlow) expect(streams).toBeLessThanOrEqual(2);
  else expect(streams).toBe(2);
  for (const question of ['hello there', 'general kenobi', 'one more']) expect(serverTurns(question)).toBe(1);
}

describe.skipIf(!chromium)('examples/nextjs (next build, next start, from the packed packages)', () => {
  let stack: ExampleStack | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    // EXAMPLES_SKIP_PREPARE=1 reuses the copy an earlier run installed and built.
    const dir = process.env.EXAMPLES_SKIP_PREPARE === '1' ? preparedExample('nextjs') : prepareExample('nextjs');
    const port = await freePort();
    stack = await startExample(dir, [process.execPath, join(dir, 'node_modules/next/dist/bin/next'), 'start', '-H', '127.0.0.1', '-p', String(port)], port);
    browser = await launchBrowser(chromium!);
    // Installing and building the example (npm install, next build / vite build) takes minutes on a busy machine.
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  const open = (path: string) => openPage(browser!, stack!, path);

  it('renders the history on the server and hydrates it cleanly; sends, streams a tool card, opens an artifact, answers an interrupt, reloads', async () => {
    // The server's HTML, before any script runs, holds the history.
    const html = await (await fetch(stack!.url)).text();
    expect(html).toContain('What can you do?');
    expect(html).toContain('<strong>task list</strong>');

    const { page, problems } = await open('/');
    const { cancelled } = await countCancelledRequests(page);
    await composer(page).waitFor();
    await expect.poll(() => page.locator('article.acu-message').count()).toBe(2);

    await chatJourney(page);

    // Every turn's body was read to its end: DevTools shows no cancelled request.
    expect(cancelled).toEqual([]);
    await screenshots(page, 'nextjs', 'view');

    await page.reload();
    await composer(page).waitFor();
    await expect.poll(() => page.locator('article.acu-message').count()).toBe(2);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the page composed from the parts works the same, with no console error', async () => {
    const { page, problems } = await open('/parts');
    await composer(page).waitFor();
    const { cancelled } = await countCancelledRequests(page);
    await send(page, 'add Walk the dog');
    await page.locator('.acu-tool-row').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('article.acu-message[data-role="model"]').last().textContent(), { timeout: 30_000 }).toMatch(/Walk the dog/);
    await page.getByRole('button', { name: /^send/i }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^stop/i }).count()).toBe(0);
    expect(cancelled).toEqual([]);
    await screenshots(page, 'nextjs', 'parts');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the in-process agent (app/api/in-process, @agent-chat/server): a reload mid-answer, in the first turn and in a named session, resumes the answer, which ends once, from one turn', async () => {
    const { page, problems } = await open('/in-process');
    await composer(page).waitFor();
    await inProcessReloadJourney(page, stack!);
    await screenshots(page, 'nextjs', 'in-process');
    expect(problems).toEqual([]);
    await page.close();
  }, 90_000);
});

describe.skipIf(!chromium)('examples/nextjs under next dev (development React: hydration and dev warnings)', () => {
  let stack: ExampleStack | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    // The copy the describe above installed (or a fresh install when this one runs alone); `next dev` builds on demand.
    const dir = existsSync(join(preparedExample('nextjs'), 'node_modules/next')) ? preparedExample('nextjs') : prepareExample('nextjs', { build: false });
    const port = await freePort();
    stack = await startExample(dir, [process.execPath, join(dir, 'node_modules/next/dist/bin/next'), 'dev', '-H', '127.0.0.1', '-p', String(port)], port, { NODE_ENV: 'development' });
    browser = await launchBrowser(chromium!);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it.each(['/', '/parts'])('%s hydrates with no console error or warning about hydration, and a turn answers', async (path) => {
    const { page, problems } = await openPage(browser!, stack!, path);
    // Development pages compile on first request and hydrate later than production ones.
    await composer(page).waitFor({ timeout: 120_000 });
    await send(page, 'add Buy milk');
    await expect.poll(() => page.locator('article.acu-message[data-role="model"]').last().textContent(), { timeout: 60_000 }).toMatch(/Buy milk/);
    await expect.poll(() => page.getByRole('button', { name: /^stop/i }).count(), { timeout: 30_000 }).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);

  it('/in-process hydrates with no console error or warning, and reloads mid-answer resume the answers (StrictMode runs the restore effect twice)', async () => {
    const { page, problems } = await openPage(browser!, stack!, '/in-process');
    await composer(page).waitFor({ timeout: 120_000 });
    // The route (and genkit with it) compiles on the first turn's request.
    await inProcessReloadJourney(page, stack!, { firstAnswerTimeout: 120_000, reloadIsSlow: true });
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);
});
