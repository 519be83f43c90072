import { createAgentChat } from '@agent-chat/core';
import { describe, expect, it } from 'vitest';
import { LIVE_PROTOCOLS, runSteps } from '../test/live-protocols.js';
import { chatOutcome } from './chat-outcome.js';
import { playRecording } from './play-recording.js';
import { recordTransport } from './record-transport.js';
import { parseRecording } from './recording.js';

describe.each(LIVE_PROTOCOLS)('$protocol live server ($name)', ({ protocol, steps, start }) => {
  it('replays a recorded conversation to the same final chat state as live', async () => {
    const server = await start();
    try {
      const recorder = recordTransport((fetch) => server.transport(fetch));
      const live = createAgentChat({ transport: recorder });
      await runSteps(live, steps);
      const liveOutcome = chatOutcome(live.getState());
      // the live run went somewhere: every step answered, and no turn failed
      expect(liveOutcome.status).toBe('ready');
      expect(liveOutcome.messages.filter((message) => message.role !== 'user').length).toBeGreaterThan(0);

      // through a file and back, as a recording is kept
      const recording = parseRecording(JSON.parse(JSON.stringify(recorder.recording())));
      expect(recording).toMatchObject({ version: 1, protocol, capture: 'bytes' });
      expect(recording.turns).toHaveLength(steps.length);
      for (const turn of recording.turns) {
        expect(turn.end).toBe('complete');
        expect(turn.frames.length).toBeGreaterThan(0);
        expect(turn.frames.map((frame) => frame.at)).toEqual([...turn.frames.map((frame) => frame.at)].sort((a, b) => a - b));
      }

      const { chat } = await playRecording(recording, { speed: Infinity });
      expect(chatOutcome(chat.getState())).toEqual(liveOutcome);
    } finally {
      await server.close();
    }
  });
});
