import { createAgentChat } from '@agent-chat/core';
import { describe, expect, it } from 'vitest';
import { LIVE_PROTOCOLS, runSteps } from '../test/live-protocols.js';
import { chatOutcome } from './chat-outcome.js';
import { playRecording } from './play-recording.js';
import { recordTransport } from './record-transport.js';
import { parseRecording, type Recording } from './recording.js';

const json = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe.each(LIVE_PROTOCOLS)('$protocol live server ($name)', ({ protocol, steps, start }) => {
  it('replays a recorded conversation, bytes or frames, to the same responses and final chat state as live', async () => {
    const server = await start();
    let bytes: Recording;
    let frames: Recording;
    let live: ReturnType<typeof createAgentChat>;
    let liveResponses: unknown;
    try {
      // the byte recorder sits on the transport's fetch; the frame recorder wraps the transport it gives
      const byteRecorder = recordTransport((fetch) => server.transport(fetch));
      const frameRecorder = recordTransport(byteRecorder);
      live = createAgentChat({ transport: frameRecorder });
      liveResponses = json(await runSteps(live, steps));
      bytes = parseRecording(json(byteRecorder.recording()));
      frames = parseRecording(json(frameRecorder.recording()));
    } finally {
      await server.close();
    }
    const liveOutcome = chatOutcome(live.getState());
    expect(liveOutcome.status).toBe('ready');
    expect(liveOutcome.messages.filter((message) => message.role !== 'user').length).toBeGreaterThan(0);

    expect(bytes).toMatchObject({ version: 1, protocol, capture: 'bytes' });
    expect(frames).toMatchObject({ version: 1, protocol, capture: 'frames' });
    for (const recording of [bytes, frames]) {
      expect(recording.turns).toHaveLength(steps.length);
      for (const turn of recording.turns) {
        expect(turn.end).toBe('complete');
        expect(turn.frames.length).toBeGreaterThan(0);
        const times = turn.frames.map((frame) => frame.at);
        expect(times).toEqual([...times].sort((a, b) => a - b));
      }
    }
    // the recorded request is the one the chat made: the first turn's input is the first step's message
    expect(bytes.turns[0]!.request.input.message?.content).toEqual([{ text: (steps[0] as { say: string }).say }]);

    for (const recording of [bytes, frames]) {
      const { chat, responses } = await playRecording(recording, { speed: Infinity });
      expect(json(responses)).toEqual(liveResponses);
      expect(chatOutcome(chat.getState())).toEqual(liveOutcome);
    }
  });
});

describe('what the live conversations carry (so that the comparisons above compare something)', () => {
  it('custom state and artifacts (Genkit task agent), interrupts answered (every interrupt conversation)', async () => {
    const { protocol, steps, start } = LIVE_PROTOCOLS[0]!;
    expect(protocol).toBe('genkit');
    const server = await start();
    try {
      const recorder = recordTransport((fetch) => server.transport(fetch));
      const { chat } = await playRecording(
        await (async () => {
          await runSteps(createAgentChat({ transport: recorder }), steps);
          return recorder.recording();
        })(),
        { speed: Infinity },
      );
      const outcome = chatOutcome(chat.getState());
      expect(outcome.custom).toEqual({ tasks: [{ id: 1, title: 'Buy milk', done: false }, { id: 2, title: 'Walk the dog', done: false }], nextId: 3 });
      expect(outcome.artifacts.length).toBeGreaterThanOrEqual(2);
      expect(outcome.finishReason).toBe('stop');
    } finally {
      await server.close();
    }
  });
});

describe('a turn the user stopped', () => {
  it.each(LIVE_PROTOCOLS.filter((live) => live.protocol === 'tnsai' || live.protocol === 'ai-sdk'))(
    '$protocol: is recorded as stopped, and replays its frames, then stops at the same text',
    async ({ start }) => {
      const server = await start();
      let recording: Recording;
      let live: ReturnType<typeof createAgentChat>;
      try {
        const recorder = recordTransport((fetch) => server.transport(fetch));
        live = createAgentChat({ transport: recorder });
        let texts = 0;
        const response = await live.sendStream('long', (chunk) => {
          if (chunk.text && ++texts === 5) void live.stop();
        });
        expect(response.finishReason).toBe('aborted');
        recording = recorder.recording();
      } finally {
        await server.close();
      }
      expect(recording.turns[0]!.end).toBe('stopped');
      const { chat, responses } = await playRecording(recording, { speed: Infinity });
      expect(responses[0]!.finishReason).toBe('aborted');
      expect(chatOutcome(chat.getState())).toEqual(chatOutcome(live.getState()));
      expect(chat.getState().messages.at(-1)?.content).toEqual(live.getState().messages.at(-1)?.content);
    },
  );
});
