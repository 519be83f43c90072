/**
 * Local custom-state writes (`setCustom`) and app context in each protocol's request, built by the real transports
 * through `createAgentChat` and checked against the peers' own validators where they exist: `@ag-ui/core`'s
 * RunAgentInput schema and the `ai` package's `validateUIMessages`. The kit's agent server reading them back is
 * tested in apps/agent-server (src/turns/app-state.test.ts).
 */
import { storeOf } from '../src/binding.js';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { validateUIMessages, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  agentFlowTransport, aguiTransport, aiSdkTransport, createAgentChat, genkitTransport, tnsaiTransport,
  type AgentChatError, type SessionState, type Transport,
} from '@agent-chat/core';

interface Tasks {
  tasks: Array<{ id: number; title: string; done: boolean }>;
}
const TASKS: Tasks = { tasks: [{ id: 1, title: 'Buy milk', done: false }, { id: 2, title: 'Call mum', done: false }] };
const WRITE = [{ op: 'replace', path: '/tasks/0/done', value: true }];
const SELECTED = { description: 'The task selected in the panel', value: { id: 2, title: 'Call mum' } };

/** A fetch that keeps each request body and answers 503, so nothing else happens. */
function capture() {
  const bodies: Array<Record<string, unknown>> = [];
  const fetch = (async (_url: unknown, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return new Response('busy', { status: 503 });
  }) as typeof globalThis.fetch;
  return { bodies, fetch };
}

/** Ticks task 1 in a chat that shows TASKS, then sends a question with a registered context entry. */
async function tickAndAsk(transport: Transport, init: { sessionId?: string; state?: SessionState<Tasks> } = {}) {
  const chat = createAgentChat<Tasks>({ transport, ...init });
  if (!init.state) storeOf(chat).setState({ custom: TASKS });
  chat.setCustom((draft) => {
    draft.tasks[0]!.done = true;
  });
  chat.addContext(SELECTED);
  return { chat, response: await chat.send('what is left?') };
}

describe('state writes and context in each protocol', () => {
  it('AG-UI: the state with the write as `state`, the context as `context` entries (text values); a valid RunAgentInput', async () => {
    const { bodies, fetch } = capture();
    await tickAndAsk(aguiTransport({ url: 'http://agent.test/agui', fetch }), { sessionId: 't1' });
    const [body] = bodies;
    expect(RunAgentInputSchema.safeParse(body).success).toBe(true);
    expect(body!.state).toEqual({ tasks: [{ ...TASKS.tasks[0], done: true }, TASKS.tasks[1]] });
    expect(body!.context).toEqual([{ description: SELECTED.description, value: JSON.stringify(SELECTED.value) }]);
  });

  it('AI SDK: `customPatch` and `context` beside valid UI messages', async () => {
    const { bodies, fetch } = capture();
    await tickAndAsk(aiSdkTransport({ url: 'http://agent.test/api/chat', fetch }), { sessionId: 'c1' });
    const [body] = bodies;
    await expect(validateUIMessages({ messages: body!.messages as UIMessage[] })).resolves.toHaveLength(1);
    expect(body!.customPatch).toEqual(WRITE);
    expect(body!.context).toEqual([SELECTED]);
  });

  it('Genkit, server-managed: `data.customPatch` for the server to apply first, the context in the message metadata', async () => {
    const { bodies, fetch } = capture();
    await tickAndAsk(genkitTransport({ url: 'http://agent.test/api/agent', fetch }), { sessionId: 's1' });
    const [body] = bodies as Array<{ data: { customPatch?: unknown; message: { metadata?: Record<string, unknown> } }; init: unknown }>;
    expect(body!.init).toEqual({ sessionId: 's1' });
    expect(body!.data.customPatch).toEqual(WRITE);
    expect(body!.data.message.metadata).toEqual({ context: [SELECTED] });
  });

  it('Genkit, client-managed: the write is in `init.state.custom`; no customPatch', async () => {
    const { bodies, fetch } = capture();
    await tickAndAsk(genkitTransport({ url: 'http://agent.test/api/agent-client', fetch }), { state: { messages: [], artifacts: [], custom: TASKS } });
    const [body] = bodies as Array<{ data: Record<string, unknown>; init: { state: SessionState<Tasks> } }>;
    expect(body!.init.state.custom?.tasks[0]!.done).toBe(true);
    expect('customPatch' in body!.data).toBe(false);
  });

  it('AgentFlow: the state as `initial_state`, the context as `config.context`', async () => {
    const { bodies, fetch } = capture();
    await tickAndAsk(agentFlowTransport({ url: 'http://agent.test', fetch }), { sessionId: 'thread-1' });
    const [body] = bodies;
    expect(body!.initial_state).toEqual({ tasks: [{ ...TASKS.tasks[0], done: true }, TASKS.tasks[1]] });
    expect(body!.config).toEqual({ thread_id: 'thread-1', context: [SELECTED] });
  });

  it('TnsAI: no field for either, so the turn fails `unsupported` before any request, and the write stays pending', async () => {
    const { bodies, fetch } = capture();
    const errors: AgentChatError[] = [];
    const chat = createAgentChat<Tasks>({ transport: tnsaiTransport({ url: 'http://agent.test/chat', fetch }), onError: (error) => errors.push(error) });
    chat.setCustom(TASKS);
    const response = await chat.send('hi');
    expect(bodies).toHaveLength(0);
    expect(response.error?.code).toBe('unsupported');
    expect(chat.getState().customWrites).toHaveLength(1);
    const withContext = createAgentChat({ transport: tnsaiTransport({ url: 'http://agent.test/chat', fetch }) });
    expect((await withContext.send('hi', { context: [SELECTED] })).error?.code).toBe('unsupported');
    expect(bodies).toHaveLength(0);
  });
});
