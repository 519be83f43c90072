import { HttpAgent } from '@ag-ui/client';
import { aguiTransport, aiSdkTransport, createAgentChat, type AgentChat, type Transport } from '@agent-chat/core';
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RICH_REASONING, RICH_SOURCES, RICH_SUGGESTIONS, RICH_TEXT } from '../agent/rich-reply.js';
import type { TaskState } from '../agent/task-state.js';
import { startTestServer, type TestServer } from '../test-support.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ tokenDelayMs: 0 });
});
afterAll(() => t.dispose());

/** The rich answer's canonical content, state and usage, as a chat over `transport` ends up with them. */
async function richAnswerOver(transport: Transport) {
  const chat: AgentChat<TaskState> = createAgentChat<TaskState>({ transport });
  await chat.send('explain how it works');
  const state = chat.getState();
  return { chat, state, answer: state.messages.at(-1)! };
}

describe('the rich answer over the AG-UI and AI SDK bridges: the same parts, suggestions and usage as over Genkit', () => {
  it.each([
    ['AG-UI', () => aguiTransport({ url: t.server.aguiUrl })],
    ['AI SDK', () => aiSdkTransport({ url: t.server.aiSdkUrl })],
  ])('%s: reasoning, text, the cited sources, suggestions and usage; the next turn continues the session', async (_name, transport) => {
    const { chat, state, answer } = await richAnswerOver(transport());
    expect(state.status).toBe('ready');
    expect(answer.content.filter((part) => !('source' in part))).toEqual([{ reasoning: RICH_REASONING }, { text: RICH_TEXT }]);
    expect(answer.content.filter((part) => 'source' in part).map((part) => (part as { source: unknown }).source)).toEqual(RICH_SOURCES);
    expect(state.suggestions).toEqual(RICH_SUGGESTIONS);
    expect(answer.usage?.outputTokens).toBeGreaterThan(40);
    expect(answer.usage?.totalTokens).toBe((answer.usage?.inputTokens ?? 0) + (answer.usage?.outputTokens ?? 0));
    // The sources go back with the history and do not break the fork-point match: the session continues.
    expect((await chat.send('add Buy milk')).text).toBe('Added “Buy milk” (task #1).');
    expect(chat.getState().suggestions).toBeUndefined();
  });

  it("AG-UI: the reference HttpAgent sees CUSTOM source (one per source), suggestions, then usage before RUN_FINISHED", async () => {
    const agent = new HttpAgent({ url: t.server.aguiUrl, threadId: `rich-${Date.now()}` });
    agent.messages = [{ id: 'u1', role: 'user', content: 'sources please' }];
    const seen: Array<{ type: string; name?: string; value?: unknown }> = [];
    await agent.runAgent({}, { onEvent: ({ event }) => void seen.push(event as never) });
    const tail = seen.filter((event) => event.type === 'CUSTOM' || event.type === 'RUN_FINISHED');
    expect(tail.map((event) => event.name ?? event.type)).toEqual(['source', 'source', 'suggestions', 'usage', 'RUN_FINISHED']);
    expect(tail.slice(0, 2).map((event) => event.value)).toEqual(RICH_SOURCES);
    expect(tail[2]!.value).toEqual(RICH_SUGGESTIONS);
    expect(tail[3]!.value).toMatchObject({ inputTokens: expect.any(Number), outputTokens: expect.any(Number), totalTokens: expect.any(Number) });
    expect(agent.messages.at(-1)).toMatchObject({ role: 'assistant', content: RICH_TEXT });
  });

  it("AI SDK: the AI SDK's own reader gets source-url parts, the data-suggestions chunk and usage in the message metadata", async () => {
    const transport = new DefaultChatTransport<UIMessage>({ api: t.server.aiSdkUrl });
    const stream = await transport.sendMessages({
      chatId: `rich-${Date.now()}`,
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'sources please' }] }],
      trigger: 'submit-message',
      messageId: undefined,
      abortSignal: undefined,
    });
    const data: unknown[] = [];
    let message: UIMessage | undefined;
    for await (const snapshot of readUIMessageStream<UIMessage>({ stream: stream.pipeThrough(new TransformStream({ transform(chunk, out) { if (chunk.type === 'data-suggestions') data.push(chunk); out.enqueue(chunk); } })), onError: (error) => { throw error; } })) message = snapshot;
    expect(message!.parts.filter((part) => part.type === 'source-url')).toEqual(
      RICH_SOURCES.map((source, index) => ({ type: 'source-url', sourceId: `source-${index + 1}`, url: source.url, title: source.title })),
    );
    expect(message!.parts.filter((part) => part.type === 'text').map((part) => (part as { text: string }).text)).toEqual([RICH_TEXT]);
    expect(data).toEqual([{ type: 'data-suggestions', data: RICH_SUGGESTIONS, transient: true }]);
    expect(message!.metadata).toMatchObject({ finishReason: 'stop', usage: { inputTokens: expect.any(Number), outputTokens: expect.any(Number), totalTokens: expect.any(Number) } });
  });
});
