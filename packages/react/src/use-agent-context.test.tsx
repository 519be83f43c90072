import { createAgentChat, scriptedTransport, type AgentEvent } from '@agent-chat/core';
import { act, cleanup, render, renderHook, waitFor } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentChatProvider, useAgentChat, useAgentContext } from './index.js';

const END: AgentEvent[] = [{ type: 'turn-end', finishReason: 'stop' }];

afterEach(() => cleanup());

function Selected({ id }: { id: number }) {
  useAgentContext({ description: 'Selected task', value: { id } });
  return null;
}

function Page({ filter }: { filter: string }) {
  useAgentContext({ description: 'Filter', value: filter });
  return null;
}

describe('useAgentContext', () => {
  it('sends what mounted components register, in mount order, with their latest value, and stops at unmount', async () => {
    const transport = scriptedTransport([END, END, END]);
    const chat = createAgentChat({ transport });
    const view = (props: { selected: boolean; id: number; filter: string }) => (
      <StrictMode>
        <AgentChatProvider chat={chat}>
          <Page filter={props.filter} />
          {props.selected && <Selected id={props.id} />}
        </AgentChatProvider>
      </StrictMode>
    );
    const { rerender } = render(view({ selected: true, id: 1, filter: 'open' }));
    await act(() => chat.send('one'));
    expect(transport.requests[0]!.context).toEqual([{ description: 'Filter', value: 'open' }, { description: 'Selected task', value: { id: 1 } }]);

    rerender(view({ selected: true, id: 2, filter: 'all' }));
    await act(() => chat.send('two'));
    expect(transport.requests[1]!.context).toEqual([{ description: 'Filter', value: 'all' }, { description: 'Selected task', value: { id: 2 } }]);

    rerender(view({ selected: false, id: 2, filter: 'all' }));
    await act(() => chat.send('three'));
    expect(transport.requests[2]!.context).toEqual([{ description: 'Filter', value: 'all' }]);
  });

  it('throws without a chat to register with', () => {
    expect(() => renderHook(() => useAgentContext({ description: 'x', value: 1 }))).toThrow(/needs a chat/);
  });
});

describe('useAgentChat().setCustom', () => {
  it('shows the change at once and sends it with the next turn', async () => {
    const transport = scriptedTransport([END]);
    const { result } = renderHook(() => useAgentChat<{ done: boolean[] }>({ transport, state: { messages: [], artifacts: [], custom: { done: [false, false] } } }));
    act(() => result.current.setCustom((draft) => {
      draft.done[1] = true;
    }));
    await waitFor(() => expect(result.current.custom).toEqual({ done: [false, true] }));
    expect(result.current.customWrites).toEqual([[{ op: 'replace', path: '/done/1', value: true }]]);
    await act(() => result.current.send('go'));
    expect(transport.requests[0]!.customWrites).toEqual([{ op: 'replace', path: '/done/1', value: true }]);
  });

  it('a component ticking a box in its own state and through setCustom agree (the hook’s setCustom is stable)', () => {
    const transport = scriptedTransport([]);
    const seen = new Set<unknown>();
    function Probe() {
      const { setCustom } = useAgentChat({ transport });
      const [, force] = useState(0);
      seen.add(setCustom);
      return <button onClick={() => force((count) => count + 1)}>x</button>;
    }
    const { getByText } = render(<Probe />);
    act(() => getByText('x').click());
    expect(seen.size).toBe(1);
  });
});
