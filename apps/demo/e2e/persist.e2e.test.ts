/**
 * `persist()` alone keeps a conversation across reloads: the demo's `/persist` page (an `AgentChatView` whose only
 * reload handling is that feature) reloaded in the middle of an answer, on the three routes of the agent server.
 */
import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { STORY_TEXT } from '@agent-chat/agent-server';
import type { DemoPage } from './demo-page.js';
import { squash, useDemoSuite } from './demo-suite.js';
import { findChromium } from './find-chromium.mjs';

const chromiumPath = findChromium();

describe.skipIf(!chromiumPath)('persist() in Chromium', () => {
  // A reload mid-request is reported by the browser itself; anything else is an error.
  const suite = useDemoSuite(chromiumPath!, {
    tokenDelayMs: 10,
    expectedErrors: /ERR_INCOMPLETE_CHUNKED_ENCODING|ERR_CONNECTION_(RESET|CLOSED|REFUSED)|ERR_EMPTY_RESPONSE|Failed to fetch|network error/i,
  });

  const lastAnswer = async (demo: DemoPage) => squash(await demo.lastModelMessage().textContent());
  const userMessages = (demo: DemoPage) => demo.page.locator('article.acu-message[data-role="user"]').count();

  it.each([['genkit'], ['agui'], ['ai-sdk']])('%s: a reload in the middle of the first answer shows its question once and the whole answer once; the next send continues the conversation', async (protocol) => {
    const demo = await suite.openDemo(protocol === 'genkit' ? '' : `?protocol=${protocol}`, 'persist');
    const posts: string[] = [];
    demo.page.on('request', (request: Request) => {
      if (request.method() === 'POST' && /^\/api\/(agent|agui|ai-sdk)$/.test(new URL(request.url()).pathname)) posts.push(request.postData() ?? '');
    });
    await demo.send('tell me a long story');
    await expect.poll(async () => (await lastAnswer(demo)).length, { timeout: 20_000 }).toBeGreaterThan(80);
    const partial = await lastAnswer(demo);
    await demo.page.reload();
    await demo.composer.waitFor();
    await expect.poll(() => lastAnswer(demo), { timeout: 30_000 }).toBe(squash(STORY_TEXT));
    expect(squash(STORY_TEXT).startsWith(partial)).toBe(true);
    expect(await userMessages(demo)).toBe(1);
    expect(posts).toHaveLength(1);
    // The conversation goes on in the same session: the agent sees the first turn (the task is the session's first).
    await demo.sendButton.waitFor();
    await demo.send('add Walk the dog');
    await expect.poll(() => lastAnswer(demo), { timeout: 20_000 }).toBe(squash('Added “Walk the dog” (task #1).'));
    // Reloaded once more when idle: both turns come back.
    await demo.page.reload();
    await expect.poll(() => demo.messages.count(), { timeout: 10_000 }).toBe(4);
    expect(squash(await demo.page.locator('body').textContent())).toContain(squash(STORY_TEXT));
    expect(await demo.page.getByRole('alert').count()).toBe(0);
  });
});
