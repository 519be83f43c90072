import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgentChat, scriptedTransport, type AgentEvent } from '../../index.js';

const reply: AgentEvent[] = [{ type: 'text-delta', text: 'Hi', messageKey: 'm' }, { type: 'turn-end', finishReason: 'stop' }];
const task = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A browser page's frames, run by the test: `frame()` runs the animation frame callbacks requested so far. */
function browserFrames(visibility: 'visible' | 'hidden' = 'visible') {
  let callbacks: Array<() => void> = [];
  vi.stubGlobal('document', { visibilityState: visibility });
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => callbacks.push(callback));
  return {
    requested: () => callbacks.length,
    frame() {
      const due = callbacks;
      callbacks = [];
      for (const callback of due) callback();
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a send in a browser page', () => {
  it('shows the user message, waits for a frame to be painted, then builds and sends the request', async () => {
    const frames = browserFrames();
    const transport = scriptedTransport([reply]);
    const chat = createAgentChat({ transport });
    const sent = chat.send('hello');
    await task();
    // The message is in the state (the view renders it in this frame); the request waits for the frame.
    expect(chat.getState().messages.map((message) => message.role)).toEqual(['user']);
    expect(chat.getState().status).toBe('submitted');
    expect(frames.requested()).toBe(1);
    expect(transport.requests).toHaveLength(0);
    frames.frame();
    // After the frame's callbacks, a task: the frame has been rendered by then.
    expect(transport.requests).toHaveLength(0);
    expect((await sent).text).toBe('Hi');
    expect(transport.requests).toHaveLength(1);
    expect(transport.requests[0]!.history).toEqual([]);
  });

  it('a stop while it waits for the frame sends nothing', async () => {
    const frames = browserFrames();
    const transport = scriptedTransport([reply]);
    const chat = createAgentChat({ transport });
    const sent = chat.send('hello');
    await task();
    chat.stop();
    frames.frame();
    expect((await sent).finishReason).toBe('aborted');
    expect(transport.requests).toHaveLength(0);
  });

  it('does not wait in a hidden tab, nor without frames (a server, a worker)', async () => {
    browserFrames('hidden');
    const hidden = scriptedTransport([reply]);
    const sent = createAgentChat({ transport: hidden }).send('hello');
    await task();
    expect(hidden.requests).toHaveLength(1);
    await sent;
    vi.unstubAllGlobals();
    const server = scriptedTransport([reply]);
    await createAgentChat({ transport: server }).send('hello');
    expect(server.requests).toHaveLength(1);
  });

  it('waits at most 100 ms for a frame that does not come (an offscreen frame)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    browserFrames();
    const transport = scriptedTransport([reply]);
    const sent = createAgentChat({ transport }).send('hello');
    await vi.advanceTimersByTimeAsync(99);
    expect(transport.requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.runAllTimersAsync();
    expect((await sent).text).toBe('Hi');
    expect(transport.requests).toHaveLength(1);
  });
});
