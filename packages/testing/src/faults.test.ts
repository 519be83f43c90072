import { createAgentChat } from '@agent-chat/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_PROTOCOLS } from '../test/live-protocols.js';
import { assistantText } from './assistant-text.js';
import { chatOutcome } from './chat-outcome.js';
import { playRecording } from './play-recording.js';
import { recordTransport } from './record-transport.js';
import type { Recording } from './recording.js';
import { replayTransport } from './replay-transport.js';

/** One first turn per protocol, recorded live once. */
const recordings = new Map<string, Recording>();
beforeAll(async () => {
  for (const live of LIVE_PROTOCOLS) {
    if (recordings.has(live.protocol)) continue;
    const server = await live.start();
    try {
      const recorder = recordTransport((fetch) => server.transport(fetch));
      const step = live.steps[0] as { say: string };
      await createAgentChat({ transport: recorder }).send(step.say);
      recordings.set(live.protocol, recorder.recording());
    } finally {
      await server.close();
    }
  }
}, 60_000);

afterEach(() => {
  vi.useRealTimers();
});

const PROTOCOLS = [...new Set(LIVE_PROTOCOLS.map((live) => live.protocol))];

describe.each(PROTOCOLS)('faults on a replayed %s turn', (protocol) => {
  const recording = () => recordings.get(protocol)!;
  const clean = async () => (await playRecording(recording(), { speed: Infinity })).chat.getState();

  it('cut: the partial reply stays, the turn ends in error with a network-error', async () => {
    const full = assistantText(await clean());
    const afterFrames = Math.floor(recording().turns[0]!.frames.length / 2);
    const { chat } = await playRecording(recording(), { speed: Infinity, faults: { kind: 'cut', afterFrames } });
    const state = chat.getState();
    expect(state.status).toBe('error');
    expect(state.finishReason).toBe('failed');
    expect(state.error?.code).toBe('network-error');
    expect(state.error?.message).toBe(`The stream broke off: replay: the connection was cut after ${afterFrames} frame(s)`);
    expect(full.startsWith(assistantText(state))).toBe(true);
    const atOnce = await playRecording(recording(), { speed: Infinity, faults: { kind: 'cut', afterFrames: 0 } });
    expect(atOnce.chat.getState()).toMatchObject({ status: 'error', error: { code: 'network-error' } });
    expect(assistantText(atOnce.chat.getState())).toBe('');
  });

  it('corrupt: the dialect reports a malformed frame and the turn ends in error', async () => {
    const frames = recording().turns[0]!.frames;
    const frame = frames.findIndex((piece) => /[{[]/.test(piece.raw));
    const { chat } = await playRecording(recording(), { speed: Infinity, faults: { kind: 'corrupt', frame } });
    const state = chat.getState();
    expect(state.status).toBe('error');
    expect(state.error?.code).toBe('malformed-frame');
  });

  it('http: the server answers with the status instead, and only the user message is left', async () => {
    const { chat, responses } = await playRecording(recording(), { speed: Infinity, faults: { kind: 'http', status: 503, message: 'overloaded' } });
    const state = chat.getState();
    expect(state.status).toBe('error');
    expect(state.finishReason).toBe('failed');
    expect(state.error).toMatchObject({ code: 'http-error', status: 503, message: 'overloaded' });
    expect(state.messages.map((message) => message.role)).toEqual(['user']);
    expect(responses[0]!.finishReason).toBe('failed');
  });

  it('stall: the turn waits T ms mid-stream (status streaming), then ends as recorded', async () => {
    vi.useFakeTimers();
    const transport = replayTransport(recording(), { speed: Infinity, faults: { kind: 'stall', afterFrames: 1, ms: 5_000 } });
    const chat = createAgentChat({ transport });
    const done = chat.send(recording().turns[0]!.request.input);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(chat.getState().status).toBe('streaming');
    await vi.advanceTimersByTimeAsync(1);
    await done;
    vi.useRealTimers();
    expect(chatOutcome(chat.getState())).toEqual(chatOutcome(await clean()));
  });
});

describe('replay pace', () => {
  const paced: Recording = {
    version: 1,
    protocol: 'tnsai',
    capture: 'bytes',
    turns: [
      {
        request: { input: { message: { role: 'user', content: [{ text: 'hi' }] } }, history: [], sessionId: null, snapshotId: null, state: null, custom: undefined, interrupts: [] },
        frames: [
          { at: 100, raw: '{"type":"CONTENT","content":"a"}\n' },
          { at: 300, raw: '{"type":"CONTENT","content":"b"}\n' },
          { at: 600, raw: '{"type":"DONE","finishReason":"STOP"}\n' },
        ],
        end: 'complete',
        sessionId: 's1',
      },
    ],
  };

  /** The assistant text at each of `times` (ms after the send), replaying at `speed`. */
  async function textAt(speed: number, times: number[]): Promise<string[]> {
    vi.useFakeTimers();
    const chat = createAgentChat({ transport: replayTransport(paced, { speed }) });
    const done = chat.send('hi');
    const seen: string[] = [];
    let now = 0;
    for (const time of times) {
      await vi.advanceTimersByTimeAsync(time - now);
      now = time;
      seen.push(`${assistantText(chat.getState())}|${chat.getState().status}`);
    }
    await vi.runAllTimersAsync();
    await done;
    return seen;
  }

  it('delivers each frame at its recorded time', async () => {
    expect(await textAt(1, [99, 100, 299, 300, 599, 600])).toEqual(['|submitted', 'a|streaming', 'a|streaming', 'ab|streaming', 'ab|streaming', 'ab|ready']);
  });

  it('scales the pace by speed', async () => {
    expect(await textAt(2, [49, 50, 149, 150, 299, 300])).toEqual(['|submitted', 'a|streaming', 'a|streaming', 'ab|streaming', 'ab|streaming', 'ab|ready']);
  });

  it('speed Infinity needs no timers, and replays the same chunks every time', async () => {
    const chunks = async () => {
      const seen: unknown[] = [];
      await createAgentChat({ transport: replayTransport(recordings.get('agui')!, { speed: Infinity }) }).sendStream('weather', (chunk) => seen.push(chunk.raw));
      return seen;
    };
    vi.useFakeTimers();
    const first = await chunks();
    expect(vi.getTimerCount()).toBe(0);
    expect(first.length).toBeGreaterThan(3);
    expect(await chunks()).toEqual(first);
  });

  it('a turn past the end of the recording fails with unsupported', async () => {
    const chat = createAgentChat({ transport: replayTransport(paced, { speed: Infinity }) });
    await chat.send('hi');
    const second = await chat.send('again');
    expect(second.error?.code).toBe('unsupported');
  });
});
