/**
 * One hook-level scenario on all five transports, each against its live server over real sockets:
 *
 *   send → the reply streams (several commits with growing text) → a turn that ends 'interrupted' with pending
 *   interrupts → resume([{text: 'yes'}]) clears them and streams the rest → a turn that updates the custom state.
 *
 * A protocol that lacks a capability says so in its row, and the row asserts the documented behaviour instead:
 * TnsAI (its Streaming docs) has no interrupts — a TOOL_CALL is a tool request, the turn ends 'other', `interrupts` stays
 * empty and the call is answered with a tool response — and no custom state, which stays undefined.
 *
 * Servers: the core's live test servers (packages/core/test/*-live-server.ts) for AgentFlow, AG-UI, the AI SDK and
 * TnsAI; for Genkit, the demo's real Genkit agent server (apps/agent-server), because the core's Genkit test server
 * has no single agent with both an interrupt and custom state. Each streams with 40 ms between events, as a model
 * would; nothing asserted depends on that pace (chunks are counted, not frames). The hook runs in jsdom under `createRoot` outside `act` (React schedules and
 * commits as in an app); Node's fetch and node:http work there unchanged.
 */
import {
  agentFlowTransport,
  aguiTransport,
  aiSdkTransport,
  genkitTransport,
  isToolRequestPart,
  tnsaiTransport,
  type AgentChatErrorCode,
  type Part,
  type ToolRequestPart,
  type Transport,
} from '@agent-chat/core';
import { useLayoutEffect } from 'react';
import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import { startAgentServer } from '../../../apps/agent-server/src/server.js';
import { startAgentFlowLiveServer } from '../../core/test/agentflow-live-server.js';
import { startAguiLiveServer } from '../../core/test/agui-live-server.js';
import { startAiSdkLiveServer } from '../../core/test/ai-sdk-live-server.js';
import { startTnsaiLiveServer } from '../../core/test/tnsai-live-server.js';
import { lastText, mount } from '../test/harness.js';
import { useAgentChat, type UseAgentChatResult } from './index.js';

const DELAY_MS = 40;

interface Live {
  transport: Transport;
  close(): Promise<void>;
}

/** The interrupt step: a real interrupt, or — for a protocol without interrupts — what it does instead. */
type InterruptStep =
  | { supported: true; prompt: string; /** The interrupt's tool name. */ name: string }
  | {
      supported: false;
      /** Why, and what the protocol does instead. */
      reason: string;
      prompt: string;
      /** The tool request the turn ends with, and the turn's finish reason. */
      name: string;
      finishReason: 'other';
      /** The answer the protocol documents: a tool response for the request (resume([{text}]) has nothing to answer). */
      answer(request: ToolRequestPart): Part[];
    };

type StateStep =
  | { supported: true; prompt: string; custom: unknown; /** A protocol script that also sends a failing patch first. */ error?: AgentChatErrorCode }
  | { supported: false; reason: string };

interface Row {
  protocol: string;
  start(): Promise<Live>;
  greet: { prompt: string; text: string };
  interrupt: InterruptStep;
  /** The text of the last model message once the answer streamed. */
  resumed: string;
  /** How the answer's text arrives: as text deltas (default), or as one whole message (the server sends no deltas). */
  resumedAs?: 'deltas' | 'message';
  state: StateStep;
}

const rows: Row[] = [
  {
    protocol: 'genkit',
    async start() {
      const server = await startAgentServer({ port: 0, store: 'memory', tokenDelayMs: DELAY_MS, log: () => {}, user: 'anonymous' });
      return { transport: genkitTransport({ url: server.agentUrl }), close: () => server.dispose() };
    },
    greet: { prompt: 'add Buy milk', text: 'Added “Buy milk” (task #1).' },
    interrupt: { supported: true, prompt: 'clear', name: 'confirmClearAll' },
    resumed: 'Done: I cleared all 1 task. The list is empty.',
    state: { supported: true, prompt: 'add Pay rent', custom: { tasks: [{ id: 2, title: 'Pay rent', done: false }], nextId: 3 } },
  },
  {
    protocol: 'agentflow',
    async start() {
      const server = await startAgentFlowLiveServer({ writeDelayMs: DELAY_MS });
      return { transport: agentFlowTransport({ url: server.baseUrl, responseGranularity: 'partial' }), close: () => server.close() };
    },
    greet: { prompt: 'hello', text: 'The capital of France is Paris.' },
    interrupt: { supported: true, prompt: 'interrupt', name: 'approve' },
    resumed: 'Resumed with yes.',
    // The AgentFlow server's resume script writes only the final `delta: false` message.
    resumedAs: 'message',
    // AgentFlow sends the graph state (minus context / execution_meta) with every turn's `updates`.
    state: { supported: true, prompt: 'hello', custom: { tasks: [{ id: 1, title: 'Answer the question', done: true }] } },
  },
  {
    protocol: 'agui',
    async start() {
      const server = await startAguiLiveServer({ writeDelayMs: DELAY_MS });
      return { transport: aguiTransport({ url: server.url }), close: () => server.close() };
    },
    greet: { prompt: 'hello', text: 'Hello, world!' },
    interrupt: { supported: true, prompt: 'email', name: 'sendEmail' },
    resumed: 'Email sent (answer: "yes").',
    // The script: snapshot, deltas, a delta whose `test` fails (typed error, state untouched), a resyncing snapshot, a delta.
    state: { supported: true, prompt: 'state', custom: { count: 6, items: ['a', 'b'] }, error: 'patch-failed' },
  },
  {
    protocol: 'ai-sdk',
    async start() {
      const server = await startAiSdkLiveServer({ writeDelayMs: DELAY_MS });
      return { transport: aiSdkTransport({ url: server.api }), close: () => server.close() };
    },
    greet: { prompt: 'hello', text: 'Hello, world!' },
    // streamText with a `needsApproval` tool: a tool-approval-request; the answer is an approval response.
    interrupt: { supported: true, prompt: 'delete', name: 'deleteFile' },
    resumed: 'Deleted /tmp/report.txt.',
    // data-state, data-state-patch, a patch whose `test` fails, a resyncing data-state.
    state: { supported: true, prompt: 'state', custom: { count: 5, items: ['a', 'b'] }, error: 'patch-failed' },
  },
  {
    protocol: 'tnsai',
    async start() {
      const server = await startTnsaiLiveServer({ writeDelayMs: DELAY_MS });
      return { transport: tnsaiTransport({ url: server.url }), close: () => server.close() };
    },
    greet: { prompt: 'hello', text: 'Hello, world!' },
    interrupt: {
      supported: false,
      reason: 'TnsAI has no interrupts: a TOOL_CALL chunk is a tool request and DONE TOOL_CALLS ends the turn "other"',
      prompt: 'tools',
      name: 'search',
      finishReason: 'other',
      answer: (request) => [{ toolResponse: { name: request.toolRequest.name, ...(request.toolRequest.ref !== undefined ? { ref: request.toolRequest.ref } : {}), output: 'yes' } }],
    },
    resumed: 'Found: "yes"',
    state: { supported: false, reason: 'TnsAI ChatChunks carry no session state' },
  },
];

type Commit = Pick<UseAgentChatResult, 'messages' | 'status' | 'isThinking' | 'finishReason' | 'interrupts' | 'custom' | 'error'> & { text: string };

// The five rows side by side (each its own server, root and commits): a row mostly waits on its server's 40 ms pace.
describe.concurrent.each(rows)('useAgentChat over $protocol', (row) => {
  let live: Live;
  beforeAll(async () => {
    live = await row.start();
  });
  afterAll(() => live?.close());

  it(
    `${row.protocol}: send → stream → ${row.interrupt.supported ? 'interrupt → resume' : 'tool call (no interrupts) → answer'} → ${row.state.supported ? 'state' : 'no state'}`,
    async ({ expect }) => {
      const commits: Commit[] = [];
      let hook!: UseAgentChatResult;
      function Probe() {
        const result = useAgentChat({ transport: live.transport });
        hook = result;
        useLayoutEffect(() => {
          const { messages, status, isThinking, finishReason, interrupts, custom, error } = result;
          commits.push({ messages, status, isThinking, finishReason, interrupts, custom, error, text: lastText(messages) });
        }, [result]);
        return null;
      }
      const view = await mount(<Probe />);
      /** Waits until React committed the store's current state with the turn over; returns the commits of the turn. */
      const settled = async (from: number) => {
        await vi.waitFor(() => {
          const last = commits.at(-1)!;
          expect(last.messages).toBe(hook.chat.getState().messages);
          expect(last.isThinking).toBe(false);
        });
        return commits.slice(from);
      };
      try {
        expect(commits.at(-1)).toMatchObject({ status: 'ready', messages: [], custom: undefined, interrupts: [] });

        // 1. send: the reply streams (several text chunks, whatever the socket reads coalesced), and every commit's
        // text is a prefix of the next (how many commits depends on frames, so it is not asserted).
        let from = commits.length;
        const deltas: string[] = [];
        const greeted = await hook.sendStream(row.greet.prompt, (chunk) => {
          if (chunk.text) deltas.push(chunk.text);
        });
        expect(greeted).toMatchObject({ finishReason: 'stop', error: null, text: row.greet.text });
        expect(deltas.length).toBeGreaterThanOrEqual(2);
        expect(deltas.join('')).toBe(row.greet.text);
        const turn = await settled(from);
        const texts = [...new Set(turn.map((commit) => commit.text).filter((text) => text !== ''))];
        texts.forEach((text, index) => expect(texts[index + 1] ?? row.greet.text).toContain(text));
        expect(texts.at(-1)).toBe(row.greet.text);
        expect(commits.at(-1)).toMatchObject({ status: 'ready', finishReason: 'stop', interrupts: [], error: null });

        // 2. a turn that needs the user: interrupted with pending interrupts (or, without interrupts, a tool request).
        const step = row.interrupt;
        from = commits.length;
        const asked = await hook.send(step.prompt);
        await settled(from);
        let answer: Part[];
        if (step.supported) {
          expect(asked.finishReason).toBe('interrupted');
          expect(commits.at(-1)).toMatchObject({ status: 'ready', finishReason: 'interrupted', error: null });
          const interrupts = commits.at(-1)!.interrupts;
          expect(interrupts.length).toBeGreaterThan(0);
          expect(interrupts.map((part) => (part as ToolRequestPart).toolRequest.name)).toContain(step.name);
          expect(interrupts.every((part) => isToolRequestPart(part) && part.metadata?.interrupt !== undefined)).toBe(true);
          answer = [{ text: 'yes' }];
        } else {
          expect(asked.finishReason).toBe(step.finishReason);
          expect(commits.at(-1)).toMatchObject({ status: 'ready', finishReason: step.finishReason, interrupts: [], error: null });
          const requests = commits.at(-1)!.messages.at(-1)!.content.filter(isToolRequestPart);
          expect(requests.map((part) => part.toolRequest.name)).toEqual([step.name]);
          expect(requests[0]!.metadata?.interrupt).toBeUndefined();
          answer = step.answer(requests[0]!);
        }

        // 3. the answer: interrupts cleared, the rest streams.
        let streamed = '';
        let chunks = 0;
        const resumed = await hook.resume(answer, {
          onChunk: (chunk) => {
            chunks++;
            streamed += chunk.text ?? '';
          },
        });
        expect(resumed).toMatchObject({ finishReason: 'stop', error: null, interrupts: [], text: row.resumed });
        expect(chunks).toBeGreaterThan(1); // the content, then the turn end
        expect(streamed).toBe(row.resumedAs === 'message' ? '' : row.resumed);
        await settled(commits.length);
        expect(commits.at(-1)).toMatchObject({ status: 'ready', finishReason: 'stop', interrupts: [], text: row.resumed });

        // 4. custom state.
        if (row.state.supported) {
          from = commits.length;
          const response = await hook.send(row.state.prompt);
          await settled(from);
          expect(response.custom).toEqual(row.state.custom);
          expect(commits.at(-1)!.custom).toEqual(row.state.custom);
          if (row.state.error) {
            // The failing patch is a typed error; the state is the resynced one, never a half-applied patch.
            expect(commits.at(-1)).toMatchObject({ status: 'error', error: { code: row.state.error } });
          } else {
            expect(commits.at(-1)).toMatchObject({ status: 'ready', error: null });
          }
        } else {
          // No state in the protocol: nothing ever set it.
          expect(commits.every((commit) => commit.custom === undefined)).toBe(true);
        }
      } finally {
        await view.unmount();
      }
    },
  );
});
