import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RICH_REASONING, RICH_SOURCES, RICH_SUGGESTIONS, RICH_TEXT } from './rich-reply.js';
import { startTestServer, type TestServer } from '../test-support.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ tokenDelayMs: 0 });
});
afterAll(() => t.dispose());

describe('the scripted agent\'s rich answer, through the kit\'s Genkit client', () => {
  it('reasoning, then the text with code, math and citations, the sources, suggestions and usage', async () => {
    const chat = t.chat();
    await chat.send('explain how it works');
    const state = chat.getState();
    expect(state.status).toBe('ready');
    const answer = state.messages[state.messages.length - 1]!;
    expect(answer.content).toEqual([
      { reasoning: RICH_REASONING },
      { text: RICH_TEXT },
      ...RICH_SOURCES.map((source) => ({ source })),
    ]);
    expect(state.suggestions).toEqual(RICH_SUGGESTIONS);
    expect(answer.usage?.outputTokens).toBeGreaterThan(40);
    expect(answer.usage?.totalTokens).toBe((answer.usage?.inputTokens ?? 0) + (answer.usage?.outputTokens ?? 0));
    expect(answer.timing?.durationMs).toBeGreaterThanOrEqual(0);
    expect(answer.timing?.reasoningMs).toBeGreaterThanOrEqual(0);
  });
});
