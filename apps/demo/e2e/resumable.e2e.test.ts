/**
 * Turns that survive the page: a reload in the middle of a long answer, and a connection cut mid-stream, on the
 * protocols the demo serves, against the real agent server and the built demo in Chromium.
 */
import { describe, expect, it } from 'vitest';
import { STORY_TEXT } from '@agent-chat/agent-server';
import { screenshot } from './browser.js';
import type { DemoPage } from './demo-page.js';
import { squash, useDemoSuite } from './demo-suite.js';
import { findChromium } from './find-chromium.mjs';

const chromiumPath = findChromium();

describe.skipIf(!chromiumPath)('resumable turns in Chromium', () => {
  // A cut connection and a reload mid-request are reported by the browser itself; anything else is an error.
  const suite = useDemoSuite(chromiumPath!, {
    tokenDelayMs: 10,
    expectedErrors: /ERR_INCOMPLETE_CHUNKED_ENCODING|ERR_CONNECTION_(RESET|CLOSED|REFUSED)|ERR_EMPTY_RESPONSE|Failed to fetch|network error/i,
  });
  const { openDemo } = suite;

  const storyStarted = (demo: DemoPage) =>
    expect.poll(async () => squash(await demo.lastModelMessage().textContent()).length, { timeout: 20_000 }).toBeGreaterThan(80);
  const storyEnded = (demo: DemoPage) =>
    expect.poll(async () => squash(await demo.lastModelMessage().textContent()), { timeout: 30_000 }).toBe(squash(STORY_TEXT));

  it.each([['genkit'], ['agui'], ['ai-sdk']])('%s: a reload in the middle of a long answer shows the earlier turns at once, the question, the whole answer, and the next send works', async (protocol) => {
    const query = protocol === 'genkit' ? '' : `?protocol=${protocol}`;
    const demo = await openDemo(query);
    await demo.send('add Buy milk', { turns: 1 });
    await demo.send('tell me a long story');
    await storyStarted(demo);
    const partial = squash(await demo.lastModelMessage().textContent());
    await demo.page.reload();
    await demo.composer.waitFor();
    await expect.poll(() => demo.conversationText(), { timeout: 10_000 }).toContain('Added “Buy milk” (task #1).');
    expect(await demo.taskTitles()).toEqual(['Buy milk']);
    await storyEnded(demo);
    expect(squash(STORY_TEXT).startsWith(partial)).toBe(true);
    // The reattached answer has its question, in its place: between the first answer and the story.
    const shown = squash(await demo.conversationText());
    const question = shown.indexOf(squash('tell me a long story'));
    expect(question).toBeGreaterThan(shown.indexOf(squash('Added “Buy milk” (task #1).')));
    expect(question).toBeLessThan(shown.indexOf(squash(STORY_TEXT)));
    await screenshot(demo.page, `16-reload-${protocol}`);
    // The client's history matches the server's again: the next turn is accepted and answered.
    await demo.send('add Walk the dog');
    await expect.poll(() => demo.taskTitles(), { timeout: 20_000 }).toEqual(['Buy milk', 'Walk the dog']);
    await expect.poll(async () => squash(await demo.lastModelMessage().textContent()), { timeout: 20_000 }).toBe(squash('Added “Walk the dog” (task #2).'));
    expect(await demo.page.getByRole('alert').count()).toBe(0);
  });

  it('genkit: a reload in the middle of the very first answer (no session named yet) reads it on, names the session, and the next send works', async () => {
    const demo = await openDemo('');
    await demo.send('tell me a long story');
    await storyStarted(demo);
    const partial = squash(await demo.lastModelMessage().textContent());
    expect(new URL(demo.page.url()).searchParams.get('session')).toBeNull();
    await demo.page.reload();
    await demo.composer.waitFor();
    await storyEnded(demo);
    expect(squash(STORY_TEXT).startsWith(partial)).toBe(true);
    // Its question shows again, above the answer.
    const shown = squash(await demo.conversationText());
    expect(shown.indexOf(squash('tell me a long story'))).toBeGreaterThanOrEqual(0);
    expect(shown.indexOf(squash('tell me a long story'))).toBeLessThan(shown.indexOf(squash(STORY_TEXT)));
    // The turn's last frame names the session: the page keeps it, and the next turn continues that session.
    await expect.poll(() => new URL(demo.page.url()).searchParams.get('session'), { timeout: 10_000 }).toMatch(/^[\w-]+$/);
    await demo.send('add Walk the dog');
    await expect.poll(() => demo.taskTitles(), { timeout: 20_000 }).toEqual(['Walk the dog']);
    expect(await demo.page.getByRole('alert').count()).toBe(0);
    // Reloaded again, the session comes back from its snapshot, with both turns.
    await demo.page.reload();
    await expect.poll(() => demo.conversationText(), { timeout: 10_000 }).toContain('Added “Walk the dog” (task #1).');
    expect(squash(await demo.conversationText())).toContain(squash(STORY_TEXT));
  });

  it.each([['genkit'], ['agui'], ['ai-sdk']])('%s: a connection cut mid-stream reads "Reconnecting…", then the answer completes', async (protocol) => {
    const demo = await openDemo(protocol === 'genkit' ? '' : `?protocol=${protocol}`);
    await demo.send('tell me a long story');
    await storyStarted(demo);
    // The demo server drops every connection, the stream's included: the transport waits 1 s, then reattaches.
    expect(suite.stack.dropConnections()).toBeGreaterThan(0);
    await expect.poll(() => demo.page.getByRole('status').filter({ hasText: 'Reconnecting…' }).count(), { timeout: 5_000, interval: 50 }).toBe(1);
    await screenshot(demo.page, `16-reconnecting-${protocol}`);
    await storyEnded(demo);
    await demo.waitForTurns(1);
    expect(await demo.lastModelMessage().textContent()).not.toBe('');
    expect(await demo.page.getByRole('status').filter({ hasText: 'Reconnecting…' }).count()).toBe(0);
  });
});
