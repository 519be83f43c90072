import { lastAssistantMessageIsCompleteWithToolCalls, validateUIMessages, type UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgentChat, type AgentChatError } from '@agent-chat/core';
import { aiSdkTransport } from '../src/protocols/ai-sdk/ai-sdk-transport.js';
import { startAiSdkLiveServer, type AiSdkLiveServer } from './ai-sdk-live-server.js';
import { clientTools } from '../src/index.js';

let server: AiSdkLiveServer;
beforeAll(async () => {
  server = await startAiSdkLiveServer();
});
afterAll(() => server.close());

const chatRequestsSince = (from: number) => server.requests.slice(from).filter((request) => request.path === '/api/chat');

describe('live AI SDK route (streamText): client-side tools', () => {
  it('runs a tool the server did not execute and sends it back as addToolResult + sendAutomaticallyWhen would; the server completes', async () => {
    const before = server.requests.length;
    const execute = vi.fn(async (input: { zone: string }) => `09:30 ${input.zone}`);
    const chat = createAgentChat({ features: [clientTools()], transport: aiSdkTransport({ url: server.api }), tools: { localTime: { execute } } });
    const response = await chat.send('clock');
    expect(response.error).toBeNull();
    expect(response.text).toBe('Your local time is 09:30 UTC.');
    expect(execute).toHaveBeenCalledTimes(1);
    expect(execute.mock.calls[0]![0]).toEqual({ zone: 'UTC' });
    const [, followUp] = chatRequestsSince(before).map((request) => request.body);
    // The AI SDK's own checks: the messages validate, and its auto-send predicate holds for them.
    const messages = await validateUIMessages({ messages: followUp.messages }) as UIMessage[];
    expect(lastAssistantMessageIsCompleteWithToolCalls({ messages })).toBe(true);
    expect(followUp).toMatchObject({ trigger: 'submit-message', messageId: messages.at(-1)!.id });
    expect(messages.at(-1)!.parts).toContainEqual(expect.objectContaining({ type: 'tool-localTime', state: 'output-available', output: '09:30 UTC', input: { zone: 'UTC' } }));
  });

  it('an agent that asks forever: exactly maxToolRounds follow-ups, then tool-rounds-exceeded, then the next send works', async () => {
    const before = server.requests.length;
    const errors: AgentChatError[] = [];
    const chat = createAgentChat({ features: [clientTools()],
      transport: aiSdkTransport({ url: server.api }),
      maxToolRounds: 2,
      tools: { localTime: { execute: () => 'now' } },
      onError: (error) => errors.push(error),
    });
    const response = await chat.send('clock forever');
    expect(response.error?.code).toBe('tool-rounds-exceeded');
    expect(chatRequestsSince(before)).toHaveLength(3);
    expect(errors.map((error) => error.code)).toEqual(['tool-rounds-exceeded']);
    const next = await chat.send('hello');
    expect(next.text).toBe('Hello, world!');
  });
});
