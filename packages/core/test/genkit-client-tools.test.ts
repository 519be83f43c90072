import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgentChat, genkitTransport, isToolResponsePart, type AgentChatError } from '@agent-chat/core';
import { startGenkitLiveServer, type GenkitLiveServer } from './genkit-live-server.js';
import { clientTools } from '../src/index.js';

let server: GenkitLiveServer;
beforeAll(async () => {
  server = await startGenkitLiveServer({ tokenDelayMs: 15 });
});
afterAll(() => server.close());

describe('live Genkit agent: a client-side tool is an interrupt (defineInterrupt)', () => {
  for (const agent of ['chatAgent', 'clientAgent']) {
    it(`${agent}: the interrupt runs in the browser and the turn is resumed with resume.respond automatically`, async () => {
      const execute = vi.fn((input: { zone: string }, { toolCallId }: { toolCallId: string }) => `09:30 ${input.zone} (${toolCallId})`);
      const chat = createAgentChat({ features: [clientTools()], transport: genkitTransport({ url: server.agentUrl(agent) }), tools: { localTime: { execute } } });
      const response = await chat.send('clock');
      expect(response.error).toBeNull();
      expect(response.finishReason).toBe('stop');
      expect(response.text).toBe('Your local time is 09:30 UTC (t1).');
      expect(execute).toHaveBeenCalledTimes(1);
      expect(chat.getState().interrupts).toEqual([]);
      const answers = chat.getState().messages.flatMap((message) => message.content).filter(isToolResponsePart);
      // Recorded once: the server does not stream the answer back.
      expect(answers.map((part) => part.toolResponse)).toEqual([{ name: 'localTime', ref: 't1', output: '09:30 UTC (t1)' }]);
      // The conversation goes on from the resumed turn.
      expect((await chat.send('hi')).text).toBe('Hello, world!');
    });
  }

  it('an agent that asks forever: exactly maxToolRounds resumes, then tool-rounds-exceeded, then the next send works', async () => {
    const errors: AgentChatError[] = [];
    const execute = vi.fn(() => 'now');
    const chat = createAgentChat({ features: [clientTools()],
      transport: genkitTransport({ url: server.agentUrl('chatAgent') }),
      maxToolRounds: 3,
      tools: { localTime: { execute } },
      onError: (error) => errors.push(error),
    });
    const response = await chat.send('clock forever');
    expect(response.error?.code).toBe('tool-rounds-exceeded');
    expect(execute).toHaveBeenCalledTimes(3);
    expect(errors.map((error) => error.code)).toEqual(['tool-rounds-exceeded']);
    const next = await chat.send('hi');
    expect(next.error).toBeNull();
    expect(next.text).toBe('Hello, world!');
  });

  it('a client tool without execute waits; addToolResult answers the interrupt by its ref', async () => {
    const chat = createAgentChat({ features: [clientTools()], transport: genkitTransport({ url: server.agentUrl('chatAgent') }), tools: { localTime: {} } });
    const first = await chat.send('clock');
    expect(first.finishReason).toBe('interrupted');
    expect(chat.getState().clientToolCalls.t1).toMatchObject({ name: 'localTime', status: 'waiting', input: { zone: 'UTC' } });
    const done = await chat.addToolResult({ toolCallId: 't1', output: '23:59' });
    expect(done.text).toBe('Your local time is 23:59.');
  });
});
