import {
  createAgentChat,
  scriptedTransport,
  textOf,
  type AgentChat,
  type AgentChunk,
  type AgentEvent,
  type AgentResponse,
  type ToolRequestPart,
} from '@agent-chat/core';
import { act, cleanup, render, renderHook, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lastText, textDeltas } from '../test/harness.js';
import { AgentChatProvider, useAgentChat, useAgentChatContext, type UseAgentChatOptions } from './index.js';
import { versionTree } from '@agent-chat/core';

const reply = (text: string, snapshotId?: string): AgentEvent[] => [
  ...text.split(' ').map((word, index): AgentEvent => ({ type: 'text-delta', text: index === 0 ? word : ` ${word}`, messageKey: 'm' })),
  { type: 'turn-end', finishReason: 'stop', ...(snapshotId ? { snapshotId } : {}) },
];

const CONFIRM: ToolRequestPart = { toolRequest: { name: 'confirm', ref: 'c1', input: { action: 'clear' } }, metadata: { interrupt: true } };

afterEach(() => {
  cleanup();
});

describe('useAgentChat', () => {
  it('renders the turn: isThinking from send until the turn end, the exact text, and stable actions', async () => {
    // 20 ms between events: the turn spans several frames, so its start is seen before its end.
    const transport = scriptedTransport([reply('Hello there, friend', 's1')], { delayMs: 20 });
    const renders: Array<{ isThinking: boolean; text: string }> = [];
    const { result } = renderHook(() => {
      const chat = useAgentChat({ transport });
      renders.push({ isThinking: chat.isThinking, text: lastText(chat.messages) });
      return chat;
    });
    const first = result.current;
    expect(first).toMatchObject({ status: 'ready', isThinking: false, messages: [], custom: undefined, interrupts: [] });
    let sent!: Promise<AgentResponse>;
    act(() => {
      sent = result.current.send('hi');
    });
    await sent;
    await waitFor(() => expect(result.current.status).toBe('ready'));
    // Every render while the turn ran (one per frame at most) said it was thinking; the last one does not.
    expect(renders[0]).toEqual({ isThinking: false, text: '' });
    expect(renders.slice(1, -1).length).toBeGreaterThan(0);
    expect(renders.slice(1, -1).every((render) => render.isThinking)).toBe(true);
    expect(renders.at(-1)).toEqual({ isThinking: false, text: 'Hello there, friend' });
    expect(result.current).toMatchObject({ status: 'ready', isThinking: false, finishReason: 'stop', snapshotId: 's1', error: null });
    expect(result.current.messages.map((message) => [message.role, textOf(message.content)])).toEqual([
      ['user', 'hi'],
      ['model', 'Hello there, friend'],
    ]);
    for (const action of ['send', 'sendStream', 'resume', 'stop', 'branch', 'reset', 'regenerate', 'edit', 'switchBranch', 'retry', 'clearError', 'setFeedback', 'chat'] as const) {
      expect(result.current[action]).toBe(first[action]);
    }
  });

  it('setFeedback renders the rating and calls the latest onFeedback of the render', async () => {
    const heard: string[] = [];
    const { result, rerender } = renderHook(({ tag }: { tag: string }) => useAgentChat({
      transport: scriptedTransport([reply('answer')]),
      onFeedback: ({ feedback }) => heard.push(`${tag}:${feedback?.rating ?? 'none'}`),
    }), { initialProps: { tag: 'first' } });
    await act(() => result.current.send('hi'));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const id = result.current.messages[1]!.id;
    act(() => void result.current.setFeedback(id, { rating: 'up' }));
    await waitFor(() => expect(result.current.messages[1]!.feedback).toEqual({ rating: 'up' }));
    rerender({ tag: 'second' });
    act(() => void result.current.setFeedback(id, null));
    await waitFor(() => expect(result.current.messages[1]!.feedback).toBeUndefined());
    expect(heard).toEqual(['first:up', 'second:none']);
  });

  it('regenerate, edit, switchBranch, retry and clearError: the hook renders each line and its siblings', async () => {
    const transport = scriptedTransport([reply('first answer', 's1'), reply('second answer', 's2'), reply('edited answer', 's3'), [...textDeltas(1), { type: 'turn-end', finishReason: 'failed' }], reply('retried', 's4')]);
    const { result } = renderHook(() => useAgentChat({ transport, features: [versionTree()] }));
    await act(() => result.current.send('hi'));
    await act(() => result.current.regenerate());
    await waitFor(() => expect(result.current.messages[1]!.siblings).toEqual({ index: 1, count: 2 }));
    expect(lastText(result.current.messages)).toBe('second answer');
    act(() => result.current.switchBranch(result.current.messages[1]!.id, 0));
    await waitFor(() => expect(lastText(result.current.messages)).toBe('first answer'));
    await act(() => result.current.edit(result.current.messages[0]!.id, 'hello'));
    await waitFor(() => expect(result.current.messages[0]!.siblings).toEqual({ index: 1, count: 2 }));
    expect(result.current.messages.map((message) => textOf(message.content))).toEqual(['hello', 'edited answer']);
    expect(transport.requests[2]!.history).toEqual([]);
    await act(() => result.current.send('again'));
    await waitFor(() => expect(result.current.status).toBe('error'));
    act(() => result.current.clearError());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(() => result.current.retry());
    await waitFor(() => expect(lastText(result.current.messages)).toBe('retried'));
    expect(result.current.messages.at(-1)!.siblings).toEqual({ index: 1, count: 2 });
  });

  it('isThinking ends after a failure and after a stop', async () => {
    // The second turn streams until it is stopped: however slow the machine, the stop lands mid-stream.
    async function* untilStopped(): AsyncGenerator<AgentEvent> {
      for (let index = 0; ; index++) yield* textDeltas(1, index);
    }
    const transport = scriptedTransport([[...textDeltas(2), { type: 'turn-end', finishReason: 'failed' }], untilStopped], { delayMs: 5 });
    const { result } = renderHook(() => useAgentChat({ transport }));
    await act(() => result.current.send('fail'));
    expect(result.current).toMatchObject({ status: 'error', isThinking: false, finishReason: 'failed' });
    let sent!: Promise<AgentResponse>;
    act(() => {
      sent = result.current.send('stop me');
    });
    await waitFor(() => expect(lastText(result.current.messages).length).toBeGreaterThan(2));
    await act(async () => {
      await result.current.stop();
      await sent;
    });
    expect(result.current).toMatchObject({ isThinking: false, finishReason: 'aborted' });
    expect(result.current.messages.at(-1)?.status).toBe('aborted');
  });

  it('StrictMode: one request per send, and exactly one live subscription (none after unmount)', async () => {
    const transport = scriptedTransport([reply('one'), reply('two')]);
    const { result, unmount } = renderHook(() => useAgentChat({ transport }), { wrapper: StrictMode });
    await act(() => result.current.send('a'));
    await act(() => result.current.send('b'));
    expect(transport.requests).toHaveLength(2);
    expect(lastText(result.current.messages)).toBe('two');
    unmount();

    const chat = createAgentChat({ features: [versionTree()], transport: scriptedTransport([reply('three')]) });
    let live = 0;
    const counted: AgentChat = {
      ...chat,
      subscribe(listener) {
        live++;
        const unsubscribe = chat.subscribe(listener);
        return () => {
          live--;
          unsubscribe();
        };
      },
    };
    const shared = renderHook(() => useAgentChat({ chat: counted }), { wrapper: StrictMode });
    expect(live).toBe(1);
    await act(() => shared.result.current.send('c'));
    expect(lastText(shared.result.current.messages)).toBe('three');
    shared.unmount();
    expect(live).toBe(0);
  });

  it('interrupts appear through the hook; resume clears them and streams the rest', async () => {
    const transport = scriptedTransport([
      [...reply('Clear the list?').slice(0, -1), { type: 'tool-request', part: CONFIRM }, { type: 'turn-end', finishReason: 'interrupted', snapshotId: 's1' }],
      reply('Cleared all items.', 's2'),
    ], { delayMs: 20 });
    const renders: Array<{ isThinking: boolean; interrupts: number }> = [];
    const { result } = renderHook(() => {
      const chat = useAgentChat({ transport });
      renders.push({ isThinking: chat.isThinking, interrupts: chat.interrupts.length });
      return chat;
    });
    await act(() => result.current.send('clear my list'));
    expect(result.current).toMatchObject({ finishReason: 'interrupted', isThinking: false, interrupts: [CONFIRM] });
    const chunks: AgentChunk[] = [];
    renders.length = 0;
    let resumed!: Promise<AgentResponse>;
    act(() => {
      resumed = result.current.resume([{ text: 'yes' }], { onChunk: (chunk) => chunks.push(chunk) });
    });
    const response = await resumed;
    await waitFor(() => expect(result.current.status).toBe('ready'));
    // While the resumed turn streams, the interrupts are gone.
    const thinking = renders.filter((render) => render.isThinking);
    expect(thinking.length).toBeGreaterThan(0);
    expect(thinking.every((render) => render.interrupts === 0)).toBe(true);
    expect(response.text).toBe('Cleared all items.');
    expect(result.current).toMatchObject({ interrupts: [], finishReason: 'stop', snapshotId: 's2' });
    expect(lastText(result.current.messages)).toBe('Cleared all items.');
    expect(chunks.map((chunk) => chunk.text).join('')).toBe('Cleared all items.');
    expect(transport.requests[1]!.input.resume?.respond).toEqual([{ toolResponse: { name: 'confirm', ref: 'c1', output: 'yes' } }]);
  });

  it('callbacks are never stale: the latest onChunk, onTurnEnd and onError are called', async () => {
    const transport = scriptedTransport([reply('a b'), [{ type: 'turn-end', finishReason: 'failed' }]]);
    const calls: string[] = [];
    const callbacks = (name: string): Partial<UseAgentChatOptions> => ({
      onChunk: (chunk) => calls.push(`${name}:chunk:${chunk.text ?? chunk.turnEnd?.finishReason}`),
      onTurnEnd: (response) => calls.push(`${name}:end:${response.finishReason}`),
      onError: (error) => calls.push(`${name}:error:${error.code}`),
    });
    const { result, rerender } = renderHook((props: { name: string }) => useAgentChat({ transport, ...callbacks(props.name) }), {
      initialProps: { name: 'first' },
    });
    rerender({ name: 'second' });
    await act(() => result.current.send('go'));
    rerender({ name: 'third' });
    await act(() => result.current.send('again'));
    expect(calls).toEqual(['second:chunk:a', 'second:chunk: b', 'second:chunk:stop', 'second:end:stop', 'third:error:server-error', 'third:chunk:failed', 'third:end:failed']);
  });

  it('a changed transport applies to the next turn; the chat and its history stay', async () => {
    const before = scriptedTransport([reply('from before')]);
    const after = scriptedTransport([reply('from after')]);
    const { result, rerender } = renderHook((props: { url: string }) => useAgentChat({ transport: props.url === 'a' ? before : after }), {
      initialProps: { url: 'a' },
    });
    const chat = result.current.chat;
    await act(() => result.current.send('one'));
    rerender({ url: 'b' });
    await act(() => result.current.send('two'));
    expect([before.requests.length, after.requests.length]).toEqual([1, 1]);
    expect(after.requests[0]!.history.map((message) => message.content[0])).toEqual([{ text: 'one' }, { text: 'from before' }]);
    expect(result.current.chat).toBe(chat);
    expect(lastText(result.current.messages)).toBe('from after');
  });

  it('unmounting aborts the turn of the chat it created and releases the reader', async () => {
    let released = false;
    const onTurnEnd = vi.fn();
    async function* endless(): AsyncGenerator<AgentEvent> {
      try {
        for (let index = 0; ; index++) yield* textDeltas(1, index);
      } finally {
        released = true;
      }
    }
    const transport = scriptedTransport([endless], { delayMs: 2 });
    const { result, unmount } = renderHook(() => useAgentChat({ transport, onTurnEnd }));
    let sent!: Promise<AgentResponse>;
    act(() => {
      sent = result.current.send('go');
    });
    await waitFor(() => expect(lastText(result.current.messages).length).toBeGreaterThan(3));
    unmount();
    expect((await sent).finishReason).toBe('aborted');
    expect(released).toBe(true);
    expect(onTurnEnd).toHaveBeenCalledTimes(1);
  });

  it('unmounting disposes the chat it made (also a turn started on the chat itself ends); a chat passed in is not disposed', async () => {
    let released = false;
    async function* endless(): AsyncGenerator<AgentEvent> {
      try {
        for (let index = 0; ; index++) yield* textDeltas(1, index);
      } finally {
        released = true;
      }
    }
    const transport = scriptedTransport([endless, reply('never')], { delayMs: 2 });
    const made = renderHook(() => useAgentChat({ transport }));
    const chat = made.result.current.chat;
    const sent = chat.send('go');
    await waitFor(() => expect(lastText(made.result.current.messages).length).toBeGreaterThan(3));
    made.unmount();
    expect((await sent).finishReason).toBe('aborted');
    expect(released).toBe(true);
    expect((await chat.send('later')).finishReason).toBe('aborted');
    expect(transport.requests).toHaveLength(1);

    const mine = createAgentChat({ transport: scriptedTransport([reply('still mine')]) });
    const passed = renderHook(() => useAgentChat({ chat: mine }));
    passed.unmount();
    await Promise.resolve();
    expect((await mine.send('after unmount')).text).toBe('still mine');
  });

  it('StrictMode mounts twice: the chat it made is not disposed by the first unmount, and is by the real one', async () => {
    const transport = scriptedTransport([reply('one'), reply('two')]);
    const { result, unmount } = renderHook(() => useAgentChat({ transport }), { wrapper: StrictMode });
    // The simulated unmount's disposal would have run by now (a microtask).
    await new Promise((resolve) => setTimeout(resolve, 0));
    const chat = result.current.chat;
    expect((await chat.send('a')).text).toBe('one');
    await waitFor(() => expect(lastText(result.current.messages)).toBe('one'));
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await chat.send('b')).finishReason).toBe('aborted');
    expect(transport.requests).toHaveLength(1);
  });

  it('shares a chat: useAgentChat({ chat }), a provider with useAgentChat() and useAgentChatContext()', async () => {
    const chat = createAgentChat({ features: [versionTree()], transport: scriptedTransport([reply('shared text')]) });
    const seen: string[] = [];
    function Reader() {
      const { messages } = useAgentChat();
      seen.push(lastText(messages));
      return <p>{lastText(messages)}</p>;
    }
    function Sender() {
      const context = useAgentChatContext();
      return <button onClick={() => void context.send('go')}>{context === chat ? 'same chat' : 'other chat'}</button>;
    }
    const view = render(
      <AgentChatProvider chat={chat}>
        <Reader />
        <Sender />
      </AgentChatProvider>,
    );
    expect(view.getByRole('button').textContent).toBe('same chat');
    const own = renderHook(() => useAgentChat({ chat }));
    expect(own.result.current.chat).toBe(chat);
    await act(async () => {
      view.getByRole('button').click();
      await vi.waitFor(() => expect(chat.getState().status).toBe('ready'));
    });
    await waitFor(() => expect(view.getByText('shared text')).toBeTruthy());
    expect(lastText(own.result.current.messages)).toBe('shared text');
    expect(seen.at(-1)).toBe('shared text');
  });

  it('options without a transport take the provider\'s chat (a view\'s defaults do not hide it); outside one, it warns once in development', () => {
    const chat = createAgentChat({ transport: scriptedTransport([]) });
    const inside = renderHook(() => useAgentChat({ features: [versionTree()], onError: () => undefined } as unknown as UseAgentChatOptions), {
      wrapper: ({ children }) => <AgentChatProvider chat={chat}>{children}</AgentChatProvider>,
    });
    expect(inside.result.current.chat).toBe(chat);
    // With a transport, the options make the component's own chat, as before.
    const own = renderHook(() => useAgentChat({ transport: scriptedTransport([]) }), {
      wrapper: ({ children }) => <AgentChatProvider chat={chat}>{children}</AgentChatProvider>,
    });
    expect(own.result.current.chat).not.toBe(chat);

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = renderHook(() => useAgentChat({ features: [versionTree()] } as unknown as UseAgentChatOptions));
    renderHook(() => useAgentChat({ features: [versionTree()] } as unknown as UseAgentChatOptions));
    expect(first.result.current.chat).not.toBe(chat);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/no transport.*AgentChatProvider/);
    vi.restoreAllMocks();
  });

  it('outside a provider, without options, it says what is missing', () => {
    // React reports the render error to the console and jsdom to the window: both expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const quiet = (event: ErrorEvent) => event.preventDefault();
    window.addEventListener('error', quiet);
    expect(() => renderHook(() => useAgentChat())).toThrow(/AgentChatProvider/);
    expect(() => renderHook(() => useAgentChatContext())).toThrow(/AgentChatProvider/);
    window.removeEventListener('error', quiet);
    vi.restoreAllMocks();
  });
});
