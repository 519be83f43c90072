/**
 * A recording of a turn in which a sub-agent works (a real Genkit agent delegating through a tool, served by
 * @agent-chat/server on each of its three routes) replays to the same chat state: the nested run, its messages and
 * status included (chatOutcome leaves out only the wall clock: the run's startedAt and durationMs).
 */
import { aguiTransport, aiSdkTransport, createAgentChat, genkitTransport, isToolRequestPart, subAgents, type SubAgentRun, type Transport } from '@agent-chat/core';
import { describe, expect, it } from 'vitest';
import { genkitRoutes } from '../../server/src/genkit/index.js';
import { delegatingAgent } from '../../server/src/genkit/sub-agent-test-support.js';
import { chatOutcome } from './chat-outcome.js';
import { playRecording } from './play-recording.js';
import { recordTransport } from './record-transport.js';
import { parseRecording } from './recording.js';

const ROUTES: Record<string, (fetch: typeof globalThis.fetch) => Transport> = {
  genkit: (fetch) => genkitTransport({ url: 'http://localhost:3000/api/agent', fetch }),
  agui: (fetch) => aguiTransport({ url: 'http://localhost:3000/api/agui', fetch }),
  aiSdk: (fetch) => aiSdkTransport({ url: 'http://localhost:3000/api/ai-sdk', fetch }),
};

describe('a recorded sub-agent run replays to the same state', () => {
  const { agent, store } = delegatingAgent();
  const routes = genkitRoutes({ agent, store, user: 'anonymous' });
  const fetch: typeof globalThis.fetch = async (input, init) => routes(new Request(input, init));

  for (const [route, transportOf] of Object.entries(ROUTES)) {
    it(`${route}: bytes recorded live, played back: the same outcome, the run nested and done`, async () => {
      // The bytes recorded through the fetch the transport is given (here: the in-process server).
      const byteRecorder = recordTransport(transportOf, { fetch });
      const chat = createAgentChat({ transport: byteRecorder, features: [subAgents()] });
      await chat.send('research tides');
      const outcome = chatOutcome(chat.getState());
      const call = chat.getState().messages.flatMap((message) => message.content).find((part) => isToolRequestPart(part) && part.toolRequest.name === 'research');
      expect((call?.metadata?.subAgent as SubAgentRun | undefined)?.status).toBe('done');
      const recording = parseRecording(JSON.parse(JSON.stringify(byteRecorder.recording())));
      const { chat: replayed } = await playRecording(recording, { speed: Infinity, chat: { features: [subAgents()] } });
      expect(chatOutcome(replayed.getState())).toEqual(outcome);
    });
  }
});
