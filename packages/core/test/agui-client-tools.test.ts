import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgentChat, type AgentChatError } from '../src/index.js';
import { aguiTransport } from '../src/protocols/agui/agui-transport.js';
import { startAguiLiveServer, type AguiLiveServer } from './agui-live-server.js';
import { clientTools } from '../src/index.js';

let server: AguiLiveServer;
beforeAll(async () => {
  server = await startAguiLiveServer();
});
afterAll(() => server.close());

const localTime = {
  description: "The user's local time",
  inputSchema: { type: 'object', properties: { zone: { type: 'string' } } },
};

describe('live AG-UI server: client-side tools', () => {
  it('declares the tools in RunAgentInput, runs the TOOL_CALL in the browser, and the next run carries the tool message', async () => {
    const before = server.requests.length;
    const execute = vi.fn((input: { zone: string }) => `09:30 ${input.zone}`);
    const chat = createAgentChat({ features: [clientTools()], transport: aguiTransport({ url: server.url }), tools: { localTime: { ...localTime, execute } } });
    const response = await chat.send('clock');
    expect(response.text).toBe('Your local time is 09:30 UTC.');
    expect(execute).toHaveBeenCalledWith({ zone: 'UTC' }, expect.objectContaining({ signal: expect.any(AbortSignal) }));
    const bodies = server.requests.slice(before).map((request) => request.body);
    expect(bodies).toHaveLength(2);
    for (const body of bodies) expect(RunAgentInputSchema.safeParse(body).success).toBe(true);
    expect(bodies[0].tools).toEqual([{ name: 'localTime', description: "The user's local time", parameters: localTime.inputSchema }]);
    const [assistant, tool] = bodies[1].messages.slice(-2);
    expect(assistant).toMatchObject({ role: 'assistant', toolCalls: [{ type: 'function', function: { name: 'localTime', arguments: '{"zone":"UTC"}' } }] });
    expect(tool).toMatchObject({ role: 'tool', toolCallId: assistant.toolCalls[0].id, content: '09:30 UTC' });
    expect(bodies[1].resume).toBeUndefined();
    expect(chat.getState().messages.map((message) => message.role)).toEqual(['user', 'model', 'tool', 'model']);
  });

  it('an agent that asks forever: exactly maxToolRounds automatic runs, then tool-rounds-exceeded, then the next send works', async () => {
    const before = server.requests.length;
    const errors: AgentChatError[] = [];
    const chat = createAgentChat({ features: [clientTools()],
      transport: aguiTransport({ url: server.url }),
      maxToolRounds: 3,
      tools: { localTime: { ...localTime, execute: () => 'now' } },
      onError: (error) => errors.push(error),
    });
    const response = await chat.send('clock forever');
    expect(response.error?.code).toBe('tool-rounds-exceeded');
    expect(server.requests.length - before).toBe(1 + 3);
    expect(errors.map((error) => error.code)).toEqual(['tool-rounds-exceeded']);
    const next = await chat.send('hi');
    expect(next.text).toBe('Hello, world!');
    expect(server.requests.length - before).toBe(5);
  });

  it('a chat without the tool declares none, and the agent says so', async () => {
    const chat = createAgentChat({ features: [clientTools()], transport: aguiTransport({ url: server.url }) });
    const response = await chat.send('clock');
    expect(response.error?.message).toContain('localTime');
  });
});
