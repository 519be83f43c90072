import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgentChat, tnsaiTransport, type AgentChatError } from '@agent-chat/core';
import { startTnsaiLiveServer, type TnsaiLiveServer } from './tnsai-live-server.js';
import { clientTools } from '../src/index.js';

let server: TnsaiLiveServer;
beforeAll(async () => {
  server = await startTnsaiLiveServer();
});
afterAll(() => server.close());

describe('live TnsAI server: client-side tools', () => {
  it('runs a TOOL_CALL in the browser and sends its output as toolResults in the next request', async () => {
    const before = server.requests.length;
    const execute = vi.fn(async (input: { q: string }) => ({ hits: [`${input.q}.md`] }));
    const chat = createAgentChat({ features: [clientTools()], transport: tnsaiTransport({ url: server.url }), tools: { search: { execute } } });
    const response = await chat.send('tools');
    expect(response.text).toBe('Found: {"hits":["notes.md"]}');
    const [first, followUp] = server.requests.slice(before).map((request) => request.body);
    expect(first.toolResults).toBeUndefined();
    expect(followUp).toMatchObject({ message: '', sessionId: first.sessionId, toolResults: [{ toolCallId: 'call-1', name: 'search', output: { hits: ['notes.md'] } }] });
    // The history is the conversation before the answer: the answer is not sent twice.
    expect(followUp.history.map((entry: { role: string }) => entry.role)).toEqual(['user', 'assistant']);
  });

  it('an agent that asks forever: exactly maxToolRounds follow-ups, then tool-rounds-exceeded, then the next send works', async () => {
    const before = server.requests.length;
    const errors: AgentChatError[] = [];
    const chat = createAgentChat({ features: [clientTools()],
      transport: tnsaiTransport({ url: server.url }),
      maxToolRounds: 4,
      tools: { search: { execute: () => [] } },
      onError: (error) => errors.push(error),
    });
    const response = await chat.send('forever');
    expect(response.error?.code).toBe('tool-rounds-exceeded');
    expect(server.requests.slice(before).filter((request) => request.body.toolResults)).toHaveLength(4);
    expect(server.requests.length - before).toBe(5);
    expect(errors.map((error) => error.code)).toEqual(['tool-rounds-exceeded']);
    expect((await chat.send('hi')).text).toBe('Hello, world!');
  });
});
