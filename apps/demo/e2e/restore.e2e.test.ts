/**
 * After a reload the page shows exactly the server's conversation, in Chromium against the real agent server: a
 * finished client-tool turn stays finished, a later answer reattached mid-stream shows once, a denied interrupt stays
 * denied, and the versions of an answer come back on every protocol the demo speaks.
 */
import { describe, expect, it } from 'vitest';
import { STORY_TEXT } from '@agent-chat/agent-server';
import type { DemoPage } from './demo-page.js';
import { squash, useDemoSuite } from './demo-suite.js';
import { findChromium } from './find-chromium.mjs';

const chromiumPath = findChromium();
const PROTOCOLS = [['Genkit', ''], ['AG-UI', '?protocol=agui'], ['the AI SDK route', '?protocol=ai-sdk']] as const;
/** The journeys of the landing page too: each protocol on the single chat (`/chat`), one on the conversations (`/c/<id>`). */
const runs = (landing: readonly [string, string]) => [...PROTOCOLS.map(([label, query]) => [label, query, 'chat'] as const), [`${landing[0]} on the landing page`, landing[1], ''] as const];
// The versions journey's landing run is Genkit's: a thread names its Genkit session, whose first answer regenerated must
// start from the empty state (`init: {sessionId, snapshotId: null}`), not continue the session's latest snapshot.
const VERSION_RUNS = runs(PROTOCOLS[0]);

describe.skipIf(!chromiumPath)('restore equals the server (Chromium)', () => {
  const { openDemo } = useDemoSuite(chromiumPath!, {
    tokenDelayMs: 10,
    // A reload in the middle of a request is reported by the browser itself; anything else is an error.
    expectedErrors: /ERR_INCOMPLETE_CHUNKED_ENCODING|ERR_CONNECTION_(RESET|CLOSED|REFUSED)|ERR_EMPTY_RESPONSE|Failed to fetch|network error/i,
  });

  /** The model rows whose text contains `text`, and the user rows that say `text`. */
  const modelRows = (demo: DemoPage, text: string) => demo.page.locator('article.acu-message[data-role="model"]', { hasText: text });
  const userRows = (demo: DemoPage, text: string) => demo.page.locator('article.acu-message[data-role="user"]', { hasText: text });

  for (const [label, query, path] of runs(PROTOCOLS[0])) {
    it(`${label}: a finished client-tool turn ("what time is it?") is finished after a reload — no pending question, the composer free`, async () => {
      const demo = await openDemo(query, path);
      await demo.send('what time is it?');
      // The whole answer (a client tool's turn ends twice: the tool call, then the answer to its result).
      await expect.poll(() => demo.lastModelMessage().textContent(), { timeout: 15_000 }).toMatch(/^Your local time is .+\)\.$/);
      await demo.sendButton.waitFor();
      const before = await demo.lastModelMessage().textContent();
      await demo.page.reload();
      await demo.composer.waitFor();
      await expect.poll(() => demo.lastModelMessage().textContent(), { timeout: 10_000 }).toBe(before);
      const card = demo.page.getByRole('group', { name: 'Your local time' });
      await expect.poll(() => card.getAttribute('data-state')).toBe('done');
      expect(await demo.dialog.count()).toBe(0);
      expect(await demo.interruptAnswers.count()).toBe(0);
      expect(await demo.page.locator('.acu-tool[data-state="awaiting-answer"], .acu-tool[data-state="running"]').count()).toBe(0);
      // Nothing waits: the next message is answered.
      await demo.send('add Buy milk');
      await expect.poll(() => demo.taskTitles(), { timeout: 20_000 }).toEqual(['Buy milk']);
    });
  }

  for (const [label, query] of PROTOCOLS) {
    it(`${label}: a reload in the middle of a later answer shows the turn once — one question, one answer, streaming to its end`, async () => {
      const demo = await openDemo(query);
      await demo.send('add Buy milk', { turns: 1 });
      await demo.send('tell me a long story');
      await expect.poll(async () => squash(await demo.lastModelMessage().textContent()).length, { timeout: 20_000 }).toBeGreaterThan(80);
      await demo.page.reload();
      await demo.composer.waitFor();
      await expect.poll(async () => squash(await demo.lastModelMessage().textContent()), { timeout: 30_000 }).toBe(squash(STORY_TEXT));
      expect(await userRows(demo, 'tell me a long story').count()).toBe(1);
      expect(await modelRows(demo, 'Once upon a time').count()).toBe(1);
      // The whole text can show a moment before the turn's end marks the message done (seen on a loaded machine).
      await expect.poll(() => demo.page.locator('article.acu-message[data-state="done"]', { hasText: 'Once upon a time' }).count(), { timeout: 10_000 }).toBe(1);
      // And once again after the next reload, from the server's session.
      await demo.page.reload();
      await expect.poll(async () => squash(await demo.conversationText()), { timeout: 10_000 }).toContain(squash(STORY_TEXT));
      expect(await userRows(demo, 'tell me a long story').count()).toBe(1);
      expect(await modelRows(demo, 'Once upon a time').count()).toBe(1);
    });
  }

  for (const [label, query] of PROTOCOLS) {
    it(`${label}: a denied interrupt shows "denied", not "done", before and after a reload`, async () => {
      const demo = await openDemo(query);
      await demo.send('add Buy milk', { turns: 1 });
      await demo.send('clear all');
      await demo.interruptAnswers.waitFor();
      await demo.interruptAnswers.getByRole('button', { name: /deny|cancel|no/i }).click();
      await expect.poll(() => demo.lastModelMessage().textContent(), { timeout: 15_000 }).toBe('Okay, nothing was cleared. Your tasks are still there.');
      const confirm = demo.page.locator('.acu-tool', { hasText: /clear all tasks/i });
      await expect.poll(() => confirm.getAttribute('data-state')).toBe('denied');
      await demo.page.reload();
      await expect.poll(() => demo.lastModelMessage().textContent(), { timeout: 10_000 }).toBe('Okay, nothing was cleared. Your tasks are still there.');
      await expect.poll(() => confirm.getAttribute('data-state')).toBe('denied');
      expect(await demo.page.locator('.acu-tool[data-state="done"]', { hasText: /clear all tasks/i }).count()).toBe(0);
      expect(await demo.taskTitles()).toEqual(['Buy milk']);
    });
  }

  for (const [label, query, path] of VERSION_RUNS) {
    it(`${label}: the versions of an answer (‹ 2 / 2 ›) come back after a reload, each with its own text`, async () => {
      const demo = await openDemo(query, path);
      await demo.send('add Buy milk', { turns: 1 });
      await modelRows(demo, 'Added “Buy milk” (task #1).').getByRole('button', { name: 'Regenerate answer' }).click();
      await demo.waitForTurns(2);
      await expect.poll(() => demo.page.getByRole('group', { name: 'Version 2 of 2' }).count()).toBe(1);
      await demo.send('add Walk the dog', { turns: 3 });
      await expect.poll(() => demo.taskTitles(), { timeout: 20_000 }).toEqual(['Buy milk', 'Walk the dog']);
      await demo.page.reload();
      await expect.poll(() => demo.taskTitles(), { timeout: 10_000 }).toEqual(['Buy milk', 'Walk the dog']);
      await expect.poll(() => demo.page.getByRole('group', { name: 'Version 2 of 2' }).count(), { timeout: 10_000 }).toBe(1);
      // The first version is there to switch to: its line ends at its own answer, with its own tasks.
      await demo.page.getByRole('group', { name: 'Version 2 of 2' }).getByRole('button', { name: 'Previous version' }).click();
      await expect.poll(() => demo.page.getByRole('group', { name: 'Version 1 of 2' }).count()).toBe(1);
      expect(await userRows(demo, 'add Walk the dog').count()).toBe(0);
      await expect.poll(() => demo.taskTitles()).toEqual(['Buy milk']);
    });
  }
});
