import { clientTools, scriptedTransport, type AgentEvent } from '@agent-chat/core';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAgentChat } from './index.js';

const askFor = (name: string, ref: string): AgentEvent[] => [
  { type: 'tool-request', part: { toolRequest: { name, ref, input: { q: 1 } } }, messageKey: ref },
  { type: 'turn-end', finishReason: 'other' },
];
const reply = (text: string): AgentEvent[] => [{ type: 'text-delta', text, messageKey: 'r' }, { type: 'turn-end', finishReason: 'stop' }];

afterEach(() => cleanup());

describe('useAgentChat with client tools', () => {
  it('runs the latest inline execute, continues the turn, and bounds the rounds by maxToolRounds', async () => {
    const transport = scriptedTransport([askFor('now', 'a'), reply('done'), askFor('now', 'b'), askFor('now', 'c')]);
    let version = 0;
    const { result, rerender } = renderHook(({ label }: { label: string }) =>
      useAgentChat({ transport, features: [clientTools()], maxToolRounds: 1, tools: { now: { execute: () => `${label}-${++version}` } } }), { initialProps: { label: 'first' } });
    rerender({ label: 'second' });
    await act(() => result.current.send('go'));
    expect(transport.requests[1]!.input.resume?.respond?.[0]?.toolResponse.output).toBe('second-1');
    await waitFor(() => expect(result.current.messages.map((message) => message.role)).toEqual(['user', 'model', 'tool', 'model']));
    await act(() => result.current.send('again'));
    await waitFor(() => expect(result.current.error?.code).toBe('tool-rounds-exceeded'));
    expect(transport.requests).toHaveLength(4);
  });

  it('exposes addToolResult for a tool without execute, and the waiting call in clientToolCalls', async () => {
    const transport = scriptedTransport([askFor('pick', 'p1'), reply('Picked.')]);
    const { result } = renderHook(() => useAgentChat({ transport, features: [clientTools()], tools: { pick: { description: 'Pick a date' } } }));
    await act(() => result.current.send('go'));
    await waitFor(() => expect(result.current.clientToolCalls.p1?.status).toBe('waiting'));
    await act(() => result.current.addToolResult({ toolCallId: 'p1', output: '2026-12-24' }));
    await waitFor(() => expect(result.current.messages.at(-1)?.content).toEqual([{ text: 'Picked.' }]));
    expect(transport.requests[0]!.tools).toEqual([{ name: 'pick', description: 'Pick a date' }]);
    expect(result.current.clientToolCalls).toEqual({});
  });
});
