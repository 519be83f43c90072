import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgentChat } from '../chat/agent-chat.js';
import type { AgentEvent } from '../model/events.js';
import { scriptedTransport } from './scripted-transport.js';
import { createNdjsonFramer } from '../wire/ndjson.js';
import { encode, replayFetch } from '../../test/fixtures.js';
import { httpTransport } from './http-transport.js';
import type { FrameDecoder } from './transport.js';

const task = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A toy line protocol: `{"say": text}` per line, then the body's end ends the turn. */
function toyDecoder(): FrameDecoder {
  return {
    decode: (frame) => (frame.type === 'value' ? [{ type: 'text-delta', text: (frame.value as { say: string }).say } as AgentEvent] : []),
    end: () => [{ type: 'turn-end', finishReason: 'stop' }],
  };
}

/** An HTTP transport whose requests the test sees: `bodies` counts the request bodies built; `pad` lengthens them. */
function toyTransport(options: { resumable?: boolean; pad?: number } = {}) {
  const fetch = replayFetch([encode('{"say":"Hi"}\n')]);
  let bodies = 0;
  const transport = httpTransport({
    url: 'http://toy.test/chat',
    fetch,
    ...(options.resumable ? { resumable: true } : {}),
    body: (request) => {
      bodies++;
      return { text: request.input.message?.content, ...(options.pad ? { pad: 'x'.repeat(options.pad) } : {}) };
    },
    framer: createNdjsonFramer,
    decoder: toyDecoder,
  });
  return { transport, fetch, bodies: () => bodies };
}

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

describe('an HTTP turn in a browser page', () => {
  it('shows the user message, waits for that frame to be painted, then builds and sends the request', async () => {
    const frames = browserFrames();
    const { transport, fetch, bodies } = toyTransport();
    const chat = createAgentChat({ transport });
    const sent = chat.send('hello');
    await task();
    // The message is in the state (the view renders it in this frame); the request waits for the frame.
    expect(chat.getState().messages.map((message) => message.role)).toEqual(['user']);
    expect(chat.getState().status).toBe('submitted');
    expect(frames.requested()).toBe(1);
    expect([bodies(), fetch.calls.length]).toEqual([0, 0]);
    frames.frame();
    // A task after the frame's callbacks: by then the frame has been rendered.
    expect(bodies()).toBe(0);
    expect((await sent).text).toBe('Hi');
    expect([bodies(), fetch.calls.length]).toEqual([1, 1]);
  });

  /** A turn with a long body (a long conversation's), run to the task after the first frame. */
  async function longBodyAfterFirstFrame() {
    const frames = browserFrames();
    const { transport, fetch, bodies } = toyTransport({ pad: 100_000 });
    const chat = createAgentChat({ transport });
    const sent = chat.send('hello');
    await task();
    frames.frame();
    await task();
    return { frames, fetch, bodies, chat, sent };
  }

  it('a long body (a long conversation) is built and serialized after one frame, and fetched after the next', async () => {
    const { frames, fetch, bodies, sent } = await longBodyAfterFirstFrame();
    // Built and serialized in the task after the first frame; the fetch waits for the next one.
    expect([bodies(), fetch.calls.length, frames.requested()]).toEqual([1, 0, 1]);
    frames.frame();
    expect((await sent).text).toBe('Hi');
    expect(fetch.calls).toHaveLength(1);
    expect((fetch.calls[0]!.body as { pad: string }).pad).toHaveLength(100_000);
  });

  it('a stop while a long body waits for its frame fetches nothing', async () => {
    const { frames, fetch, bodies, chat, sent } = await longBodyAfterFirstFrame();
    expect(bodies()).toBe(1);
    chat.stop();
    frames.frame();
    expect((await sent).finishReason).toBe('aborted');
    expect(fetch.calls).toHaveLength(0);
  });

  it('the resumable transport waits for the frame too', async () => {
    const frames = browserFrames();
    const { transport, bodies } = toyTransport({ resumable: true });
    const sent = createAgentChat({ transport }).send('hello');
    await task();
    expect(bodies()).toBe(0);
    frames.frame();
    await sent;
    expect(bodies()).toBe(1);
  });

  it('a stop while it waits for the frame fetches nothing', async () => {
    const frames = browserFrames();
    const { transport, fetch } = toyTransport();
    const chat = createAgentChat({ transport });
    const sent = chat.send('hello');
    await task();
    chat.stop();
    frames.frame();
    expect((await sent).finishReason).toBe('aborted');
    expect(fetch.calls).toHaveLength(0);
  });

  it('does not wait in a hidden tab, nor without frames (a server, a worker), nor with an in-page transport', async () => {
    const frames = browserFrames('hidden');
    const hidden = toyTransport();
    const sent = createAgentChat({ transport: hidden.transport }).send('hello');
    await task();
    expect(hidden.bodies()).toBe(1);
    await sent;
    vi.unstubAllGlobals();
    const server = toyTransport();
    const serverSent = createAgentChat({ transport: server.transport }).send('hello');
    await task();
    expect(server.bodies()).toBe(1);
    await serverSent;
    // An in-page transport has no request to build: its turn starts at once, frames or not.
    browserFrames();
    const scripted = scriptedTransport([[{ type: 'turn-end', finishReason: 'stop' }]]);
    const inPage = createAgentChat({ transport: scripted }).send('hello');
    await task();
    expect(scripted.requests).toHaveLength(1);
    await inPage;
    expect(frames.requested()).toBe(0);
  });

  it('waits at most 100 ms for a frame that does not come (an offscreen frame)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    browserFrames();
    const { transport, bodies } = toyTransport();
    const sent = createAgentChat({ transport }).send('hello');
    await vi.advanceTimersByTimeAsync(99);
    expect(bodies()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(bodies()).toBe(1);
    await vi.runAllTimersAsync();
    expect((await sent).text).toBe('Hi');
  });
});
