import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../model/events.js';
import { isToolResponsePart, type ToolResponsePart } from '../../model/part.js';
import { scriptedTransport, type ScriptedTurn } from '../../transport/scripted-transport.js';
import type { TurnRequest } from '../../transport/transport.js';
import { createAgentChat } from '../agent-chat.js';
import { clientTools } from '../../index.js';

const toolCall = (name: string, ref: string, input: unknown = {}): AgentEvent[] => [
  { type: 'tool-request', part: { toolRequest: { name, ref, input } }, messageKey: `m-${ref}` },
  { type: 'turn-end', finishReason: 'other' },
];
const reply = (text: string): AgentEvent[] => [{ type: 'text-delta', text, messageKey: 't' }, { type: 'turn-end', finishReason: 'stop' }];
const respondOf = (request: TurnRequest): ToolResponsePart[] => request.input.resume?.respond ?? [];

describe('client tools', () => {
  it('runs execute, records the tool response, and continues the turn with it', async () => {
    const transport = scriptedTransport([toolCall('localTime', 'call-1', { zone: 'UTC' }), reply('It is noon.')]);
    const execute = vi.fn(async (input: { zone: string }) => ({ time: `12:00 ${input.zone}` }));
    const chat = createAgentChat({ features: [clientTools()], transport, tools: { localTime: { description: 'The local time', execute } } });
    const response = await chat.send('what time is it?');
    expect(response.text).toBe('It is noon.');
    expect(execute).toHaveBeenCalledWith({ zone: 'UTC' }, expect.objectContaining({ toolCallId: 'call-1' }));
    expect(transport.requests).toHaveLength(2);
    expect(transport.requests[0]!.tools).toEqual([{ name: 'localTime', description: 'The local time' }]);
    expect(respondOf(transport.requests[1]!)).toEqual([{ toolResponse: { name: 'localTime', ref: 'call-1', output: { time: '12:00 UTC' } } }]);
    const roles = chat.getState().messages.map((message) => message.role);
    expect(roles).toEqual(['user', 'model', 'tool', 'model']);
    expect(chat.getState().messages[2]!.content).toEqual(respondOf(transport.requests[1]!));
    // The follow-up's history is the conversation before it: the answer travels in `resume` only.
    expect(transport.requests[1]!.history.map((message) => message.role)).toEqual(['user', 'model']);
    expect(chat.getState().clientToolCalls).toEqual({});
  });

  it('leaves tool calls it does not have to the server', async () => {
    const transport = scriptedTransport([toolCall('search', 'call-1'), reply('never')]);
    const chat = createAgentChat({ features: [clientTools()], transport, tools: { localTime: { execute: () => 'noon' } } });
    await chat.send('hi');
    expect(transport.requests).toHaveLength(1);
  });

  it('sends an execute that throws back as the tool error output, and the agent may recover', async () => {
    const transport = scriptedTransport([toolCall('locate', 'call-1'), reply('I could not find you.')]);
    const chat = createAgentChat({ features: [clientTools()], transport, tools: { locate: { execute: () => { throw new Error('permission denied'); } } } });
    const response = await chat.send('where am I?');
    expect(response.text).toBe('I could not find you.');
    expect(respondOf(transport.requests[1]!)).toEqual([
      { toolResponse: { name: 'locate', ref: 'call-1', output: { error: 'permission denied' } }, metadata: { error: 'permission denied' } },
    ]);
  });

  it('makes exactly maxToolRounds automatic requests for an agent that asks forever, then fails typed; the next send works', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: 0, max: 6 }), async (maxToolRounds) => {
      let count = 0;
      const forever: ScriptedTurn = (request) => (request.input.message && textOfInput(request) === 'later' ? reply('fine') : toolCall('tick', `call-${++count}`));
      const transport = scriptedTransport([forever], { loop: true });
      const errors: string[] = [];
      const execute = vi.fn(() => 'tock');
      const chat = createAgentChat({ features: [clientTools()], transport, maxToolRounds, tools: { tick: { execute } }, onError: (error) => errors.push(error.code) });
      const response = await chat.send('go');
      expect(transport.requests.filter((request) => request.input.resume)).toHaveLength(maxToolRounds);
      expect(execute).toHaveBeenCalledTimes(maxToolRounds);
      expect(response.error?.code).toBe('tool-rounds-exceeded');
      expect(chat.getState().error?.code).toBe('tool-rounds-exceeded');
      expect(errors).toEqual(['tool-rounds-exceeded']);
      const next = await chat.send('later');
      expect(next.text).toBe('fine');
      expect(next.error).toBeNull();
      expect(chat.getState().status).toBe('ready');
    }), { numRuns: 7 });
  });

  it('defaults maxToolRounds to 10', async () => {
    let count = 0;
    const transport = scriptedTransport([() => toolCall('tick', `call-${++count}`)], { loop: true });
    const chat = createAgentChat({ features: [clientTools()], transport, tools: { tick: { execute: () => 'tock' } } });
    const response = await chat.send('go');
    expect(transport.requests).toHaveLength(11);
    expect(response.error?.code).toBe('tool-rounds-exceeded');
  });

  it('waits for addToolResult when a tool has no execute, then continues with every answer of the turn', async () => {
    const transport = scriptedTransport([
      [
        { type: 'tool-request', part: { toolRequest: { name: 'pickDate', ref: 'a', input: { label: 'Start' } } }, messageKey: 'm' },
        { type: 'tool-request', part: { toolRequest: { name: 'localTime', ref: 'b' } }, messageKey: 'm' },
        { type: 'turn-end', finishReason: 'other' },
      ],
      reply('Booked.'),
    ]);
    const chat = createAgentChat({ features: [clientTools()], transport, tools: { pickDate: {}, localTime: { execute: () => '09:00' } } });
    const first = await chat.send('book it');
    expect(first.finishReason).toBe('other');
    expect(transport.requests).toHaveLength(1);
    expect(chat.getState().clientToolCalls).toMatchObject({ a: { name: 'pickDate', status: 'waiting', input: { label: 'Start' } }, b: { status: 'answered' } });
    const done = await chat.addToolResult({ toolCallId: 'a', output: '2026-12-24' });
    expect(done.text).toBe('Booked.');
    expect(respondOf(transport.requests[1]!).map((part) => [part.toolResponse.ref, part.toolResponse.output])).toEqual([['a', '2026-12-24'], ['b', '09:00']]);
    expect(chat.getState().messages.flatMap((message) => message.content).filter(isToolResponsePart)).toHaveLength(2);
    await expect(chat.addToolResult({ toolCallId: 'a', output: 'again' })).rejects.toMatchObject({ code: 'unsupported' });
  });

  it('stop() aborts a running execute through its signal and marks the call cancelled', async () => {
    const transport = scriptedTransport([toolCall('slow', 'call-1'), reply('never')]);
    let seen: AbortSignal | undefined;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const chat = createAgentChat({ features: [clientTools()],
      transport,
      tools: {
        slow: {
          execute: (_input, { signal }) => {
            seen = signal;
            started();
            return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
          },
        },
      },
    });
    const pending = chat.send('go');
    await running;
    expect(chat.getState().clientToolCalls['call-1']?.status).toBe('running');
    await chat.stop();
    const response = await pending;
    expect(seen?.aborted).toBe(true);
    expect(response.finishReason).toBe('aborted');
    expect(transport.requests).toHaveLength(1);
    expect(chat.getState().clientToolCalls['call-1']?.status).toBe('cancelled');
    const next = await chat.send('again');
    expect(next.text).toBe('never');
  });

  it('answers a Genkit-style interrupt that names a client tool, by its ref', async () => {
    const transport = scriptedTransport([
      [
        { type: 'tool-request', part: { toolRequest: { name: 'localTime', ref: 'r1' }, metadata: { interrupt: true } } },
        { type: 'turn-end', finishReason: 'interrupted' },
      ],
      reply('Thanks.'),
    ]);
    const chat = createAgentChat({ features: [clientTools()], transport, tools: { localTime: { execute: () => '10:00' } } });
    const response = await chat.send('time?');
    expect(response.text).toBe('Thanks.');
    expect(transport.requests[1]!.interrupts.map((part) => part.toolRequest.ref)).toEqual(['r1']);
    expect(respondOf(transport.requests[1]!)).toEqual([{ toolResponse: { name: 'localTime', ref: 'r1', output: '10:00' } }]);
  });
});

function textOfInput(request: TurnRequest): string {
  const part = request.input.message?.content[0];
  return part && 'text' in part ? part.text : '';
}
