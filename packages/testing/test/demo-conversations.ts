/**
 * The conversations kept as recordings in packages/testing/recordings/: the demo agent (apps/agent-server, scripted
 * model) over Genkit, AG-UI and the AI SDK stream, and the AgentFlow and TnsAI live test servers. `recordAll()`
 * records them afresh; `npm run record:demo -w packages/testing` writes the files; the stability test compares.
 */
import { agentFlowTransport, createAgentChat, genkitTransport, aguiTransport, aiSdkTransport, tnsaiTransport, type Transport } from '@agent-chat/core';
import { startAgentServer } from '@agent-chat/agent-server';
import { startAgentFlowLiveServer } from '../../core/test/agentflow-live-server.js';
import { startTnsaiLiveServer } from '../../core/test/tnsai-live-server.js';
import { recordTransport } from '../src/record-transport.js';
import type { Recording } from '../src/recording.js';
import { runSteps, type Step } from './live-protocols.js';

export { RECORDINGS_DIR, keptRecording } from './kept-recordings.js';

/** The demo agent's task conversation: custom state, an artifact, an interrupt and its answer. */
const TASK_STEPS: Step[] = [{ say: 'add Buy milk' }, { say: 'add Walk the dog' }, { say: 'report' }, { say: 'clear' }, { answer: [{ text: 'yes' }] }];
/** The same conversation, "clear" refused as the CLI's `--deny` and the UI's Cancel answer it: with `false`. */
const TASK_DENIED_STEPS: Step[] = [...TASK_STEPS.slice(0, -1), { answer: [{ data: false }] }];

interface Tasks {
  tasks: Array<{ id: number; title: string; done: boolean }>;
  nextId: number;
}

/**
 * The app talks back: two tasks, the first ticked in the app (a local write the next message carries), "what's left?"
 * answered from it, then "what am I looking at?" with the selected task as context.
 */
const APP_STATE_STEPS: Step[] = [
  { say: 'add Buy milk' },
  { say: 'add Call mum' },
  { setCustom: (custom) => ({ ...(custom as Tasks), tasks: (custom as Tasks).tasks.map((task) => (task.id === 1 ? { ...task, done: true } : task)) }) },
  { say: "what's left?" },
  { say: 'what am I looking at?', context: [{ description: 'The task selected in the panel', value: { id: 2, title: 'Call mum', done: false } }] },
];

interface Server {
  transport(fetch: typeof globalThis.fetch): Transport;
  close(): Promise<void>;
}

export interface DemoConversation {
  /** The file name in recordings/ (without `.json`). */
  file: string;
  steps: Step[];
  start(): Promise<Server>;
}

async function demoAgent(route: (server: Awaited<ReturnType<typeof startAgentServer>>, fetch: typeof globalThis.fetch) => Transport): Promise<Server> {
  // A visible pace for stories (the agent's own token delay), and an in-memory store so that nothing is left behind.
  const server = await startAgentServer({ port: 0, store: 'memory', tokenDelayMs: 12, log: () => undefined, user: 'anonymous' });
  return { transport: (fetch) => route(server, fetch), close: () => server.dispose() };
}

export const DEMO_CONVERSATIONS: DemoConversation[] = [
  { file: 'genkit-tasks', steps: TASK_STEPS, start: () => demoAgent((server, fetch) => genkitTransport({ url: server.agentUrl, fetch })) },
  { file: 'agui-tasks', steps: TASK_STEPS, start: () => demoAgent((server, fetch) => aguiTransport({ url: server.aguiUrl, fetch })) },
  { file: 'ai-sdk-tasks', steps: TASK_STEPS, start: () => demoAgent((server, fetch) => aiSdkTransport({ url: server.aiSdkUrl, fetch })) },
  { file: 'genkit-tasks-denied', steps: TASK_DENIED_STEPS, start: () => demoAgent((server, fetch) => genkitTransport({ url: server.agentUrl, fetch })) },
  { file: 'genkit-app-state', steps: APP_STATE_STEPS, start: () => demoAgent((server, fetch) => genkitTransport({ url: server.agentUrl, fetch })) },
  { file: 'agui-app-state', steps: APP_STATE_STEPS, start: () => demoAgent((server, fetch) => aguiTransport({ url: server.aguiUrl, fetch })) },
  { file: 'ai-sdk-app-state', steps: APP_STATE_STEPS, start: () => demoAgent((server, fetch) => aiSdkTransport({ url: server.aiSdkUrl, fetch })) },
  {
    file: 'agentflow-capital',
    steps: [{ say: 'What is the capital of France?' }, { say: 'interrupt' }, { answer: [{ text: 'yes' }] }],
    async start() {
      const server = await startAgentFlowLiveServer({ tokenDelayMs: 12, writeDelayMs: 12 });
      return { transport: (fetch) => agentFlowTransport({ url: server.baseUrl, responseGranularity: 'partial', fetch }), close: () => server.close() };
    },
  },
  {
    file: 'tnsai-search',
    steps: [{ say: 'hello' }, { say: 'tools' }, { answer: [{ toolResponse: { name: 'search', ref: 'call-1', output: ['notes.md', 'todo.md'] } }] }],
    async start() {
      const server = await startTnsaiLiveServer({ writeDelayMs: 12 });
      return { transport: (fetch) => tnsaiTransport({ url: server.url, fetch }), close: () => server.close() };
    },
  },
];

/** Runs a conversation against a fresh server and returns its recording. */
export async function recordConversation(conversation: DemoConversation): Promise<Recording> {
  const server = await conversation.start();
  try {
    const recorder = recordTransport((fetch) => server.transport(fetch));
    await runSteps(createAgentChat({ transport: recorder }), conversation.steps);
    return recorder.recording();
  } finally {
    await server.close();
  }
}
