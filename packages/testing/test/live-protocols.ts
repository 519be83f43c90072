/**
 * The live test servers of the five protocols (packages/core/test/*-live-server.ts), each with a conversation that
 * exercises what its protocol carries: text, tools, custom state, artifacts, an interrupt and its answer.
 */
import { agentFlowTransport, aguiTransport, aiSdkTransport, genkitTransport, tnsaiTransport, type AgentChat, type AgentContextEntry, type AgentResponse, type Transport } from '@agent-chat/core';
import { startAgentFlowLiveServer } from '../../core/test/agentflow-live-server.js';
import { startAguiLiveServer } from '../../core/test/agui-live-server.js';
import { startAiSdkLiveServer } from '../../core/test/ai-sdk-live-server.js';
import { startGenkitLiveServer } from '../../core/test/genkit-live-server.js';
import { startTnsaiLiveServer } from '../../core/test/tnsai-live-server.js';
import type { RecordingProtocol } from '../src/recording.js';

/**
 * One step of a conversation: a user message (with app context, if any), an answer to the open interrupt, or a local
 * change of the custom state (`setCustom`: the new value made from the current one), which the next message carries.
 */
export type Step =
  | { say: string; context?: AgentContextEntry[] }
  | { answer: Parameters<AgentChat['resume']>[0] }
  | { setCustom: (custom: unknown) => unknown };

export interface LiveProtocol {
  protocol: RecordingProtocol;
  /** A conversation name, for test titles. */
  name: string;
  steps: Step[];
  start(): Promise<{ transport(fetch: typeof globalThis.fetch): Transport; close(): Promise<void> }>;
}

const yes: Step = { answer: [{ text: 'yes' }] };

export const LIVE_PROTOCOLS: LiveProtocol[] = [
  {
    protocol: 'genkit',
    name: 'task agent: custom state and artifacts over two turns',
    steps: [{ say: 'Buy milk' }, { say: 'Walk the dog' }],
    async start() {
      const server = await startGenkitLiveServer();
      return { transport: (fetch) => genkitTransport({ url: server.agentUrl('taskAgent'), fetch }), close: () => server.close() };
    },
  },
  {
    protocol: 'genkit',
    name: 'chat agent: an interrupt and its answer',
    steps: [{ say: 'hi' }, { say: 'interrupt' }, yes],
    async start() {
      const server = await startGenkitLiveServer();
      return { transport: (fetch) => genkitTransport({ url: server.agentUrl('chatAgent'), fetch }), close: () => server.close() };
    },
  },
  {
    protocol: 'agentflow',
    name: 'graph: text with state updates, an interrupt and its answer',
    steps: [{ say: 'What is the capital of France?' }, { say: 'interrupt' }, yes],
    async start() {
      const server = await startAgentFlowLiveServer({ token: 'secret' });
      return {
        transport: (fetch) => agentFlowTransport({ url: server.baseUrl, auth: 'secret', responseGranularity: 'partial', fetch }),
        close: () => server.close(),
      };
    },
  },
  {
    protocol: 'agui',
    name: 'agent: tools, an approval interrupt and its answer',
    steps: [{ say: 'weather' }, { say: 'email' }, yes],
    async start() {
      const server = await startAguiLiveServer();
      return { transport: (fetch) => aguiTransport({ url: server.url, fetch }), close: () => server.close() };
    },
  },
  {
    protocol: 'ai-sdk',
    name: 'chat route: data artifacts, a tool approval and its answer',
    steps: [{ say: 'report' }, { say: 'delete' }, yes],
    async start() {
      const server = await startAiSdkLiveServer();
      return { transport: (fetch) => aiSdkTransport({ url: server.api, fetch }), close: () => server.close() };
    },
  },
  {
    protocol: 'tnsai',
    name: 'chat chunks: a tool call and its result',
    steps: [{ say: 'hello' }, { say: 'tools' }, { answer: [{ toolResponse: { name: 'search', ref: 'call-1', output: ['n1', 'n2'] } }] }],
    async start() {
      const server = await startTnsaiLiveServer();
      return { transport: (fetch) => tnsaiTransport({ url: server.url, fetch }), close: () => server.close() };
    },
  },
];

/** Runs a conversation's steps on a chat, one turn after the other; the responses, in order. */
export async function runSteps(chat: AgentChat, steps: Step[]): Promise<AgentResponse[]> {
  const responses: AgentResponse[] = [];
  for (const step of steps) {
    if ('setCustom' in step) chat.setCustom(step.setCustom(chat.getState().custom));
    else responses.push('say' in step ? await chat.send(step.say, step.context ? { context: step.context } : {}) : await chat.resume(step.answer));
  }
  return responses;
}
