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

  it.each([['agui'], ['ai-sdk']])('%s: a reload in the middle of a long answer shows the earlier turns at once, then the whole answer', async (protocol) => {
    const demo = await openDemo(`?protocol=${protocol}`);
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
    await screenshot(demo.page, `16-reload-${protocol}`);
    // Not asserted yet: a send right after the reattached turn. The reattached answer shows without its question (the
    // server's snapshot is the last completed one), so these routes, which match the client's history against the
    // session's snapshots, refuse that send with 400 until the page restores again. Open work, in the notes of this change.
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
