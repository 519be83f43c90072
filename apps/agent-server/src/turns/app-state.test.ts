/**
 * The app talks back, against the real server on each protocol: a task ticked with `setCustom` reaches the agent
 * (Genkit `data.customPatch`, AG-UI `state`, the AI SDK body's `customPatch`), survives a reload as a pending write,
 * and the agent's "what's left?" answers from it; context a part of the app registers reaches the agent ("what am I
 * looking at?") and stops when it is removed.
 */
import { aguiTransport, aiSdkTransport, createAgentChat, genkitTransport, type AgentChat, type Transport } from '@agent-chat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskState } from '../agent/task-state.js';
import { postJson, startTestServer, type TestServer } from '../test-support.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.dispose());

const PROTOCOLS: Record<string, (server: TestServer) => Transport> = {
  genkit: (server) => genkitTransport({ url: server.server.agentUrl }),
  agui: (server) => aguiTransport({ url: server.server.aguiUrl }),
  aiSdk: (server) => aiSdkTransport({ url: server.server.aiSdkUrl }),
};

/** Ticks the task with this id, as the demo's checkbox does. */
const tick = (chat: AgentChat<TaskState>, id: number) =>
  chat.setCustom((draft) => {
    const task = draft.tasks.find((candidate) => candidate.id === id);
    if (task) task.done = true;
  });

describe.each(Object.entries(PROTOCOLS))('%s: state written by the app, and app context', (_name, make) => {
  it('a ticked task survives a reload as a pending write, reaches the agent, and "what\'s left?" answers from it', async () => {
    const live = createAgentChat<TaskState>({ transport: make(t) });
    for (const text of ['add Buy milk', 'add Call mum', 'add Water plants']) expect((await live.send(text)).error).toBeNull();
    tick(live, 1);
    expect(live.getState().custom?.tasks.map((task) => task.done)).toEqual([true, false, false]);
    const { sessionId, customWrites } = live.getState();

    // The page reloads before the next turn: the session id and the pending writes were kept.
    const reloaded = createAgentChat<TaskState>({ transport: make(t), sessionId: sessionId!, customWrites: customWrites! });
    await reloaded.restore({ sessionId: sessionId! });
    expect(reloaded.getState().custom?.tasks.map((task) => task.done)).toEqual([true, false, false]);
    const answer = await reloaded.send("what's left?");
    expect(answer.error).toBeNull();
    expect(answer.text).toBe('Left to do (2 of 3):\n- #2 Call mum\n- #3 Water plants\n\nDone: #1 Buy milk.');
    expect(reloaded.getState().customWrites).toBeUndefined();

    // The server kept it: a fresh restore shows the tick, and the agent's own change builds on it.
    const later = createAgentChat<TaskState>({ transport: make(t) });
    await later.restore({ sessionId: sessionId! });
    expect(later.getState().custom?.tasks.map((task) => task.done)).toEqual([true, false, false]);
    expect((await later.send('complete 3')).error).toBeNull();
    expect(later.getState().custom?.tasks.map((task) => task.done)).toEqual([true, false, true]);
    expect((await later.send("what's left?")).text).toBe('Left to do (1 of 3):\n- #2 Call mum\n\nDone: #1 Buy milk, #3 Water plants.');
  });

  it('context registered by a part of the app reaches the agent, and stops when it is removed', async () => {
    const chat = createAgentChat<TaskState>({ transport: make(t) });
    expect((await chat.send('add Call mum')).error).toBeNull();
    const remove = chat.addContext({ description: 'The task selected in the panel', value: { id: 1, title: 'Call mum', done: false } });
    const seen = await chat.send('what am I looking at?');
    expect(seen.error).toBeNull();
    expect(seen.text).toBe('You are looking at:\n- **The task selected in the panel**: #1 “Call mum” (open)');
    remove();
    expect((await chat.send('what am I looking at?')).text).toBe("I can't see your screen: the app sent no context with this message.");
  });
});

describe('Genkit, client-managed (/api/agent-client)', () => {
  it('the tick travels in init.state, and the agent answers from it', async () => {
    const chat = t.chat({}, '/api/agent-client');
    for (const text of ['add Buy milk', 'add Call mum']) expect((await chat.send(text)).error).toBeNull();
    tick(chat, 2);
    const answer = await chat.send("what's left?");
    expect(answer.error).toBeNull();
    expect(answer.text).toBe('Left to do (1 of 2):\n- #1 Buy milk\n\nDone: #2 Call mum.');
    expect(answer.state?.custom?.tasks.map((task) => task.done)).toEqual([false, true]);
    expect(chat.getState().customWrites).toBeUndefined();
  });
});

describe('client writes the server refuses or cannot apply', () => {
  it('Genkit: a malformed data.customPatch is a 400, before any turn', async () => {
    const response = await postJson(t.server.agentUrl, { data: { message: { role: 'user', content: [{ text: 'hi' }] }, customPatch: [{ nope: 1 }] }, init: {} });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 'INVALID_ARGUMENT' });
  });

  it('AI SDK: a malformed context is a 400', async () => {
    const body = { id: 'ctx-bad', trigger: 'submit-message', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }], context: 'not entries' };
    const response = await postJson(t.server.aiSdkUrl, body);
    expect(response.status).toBe(400);
  });

  it('Genkit: a patch operation whose path is gone is skipped on the server; the others apply', async () => {
    const chat = createAgentChat<TaskState>({ transport: genkitTransport({ url: t.server.agentUrl }) });
    expect((await chat.send('add Buy milk')).error).toBeNull();
    const customPatch = [{ op: 'replace', path: '/tasks/5/done', value: true }, { op: 'replace', path: '/tasks/0/title', value: 'Buy oat milk' }];
    const message = { role: 'user', content: [{ text: "what's left?" }] };
    const response = await postJson(t.server.agentUrl, { data: { message, customPatch }, init: { sessionId: chat.getState().sessionId } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('#1 Buy oat milk');
    await chat.restore({ sessionId: chat.getState().sessionId! });
    expect(chat.getState().custom?.tasks).toEqual([{ id: 1, title: 'Buy oat milk', done: false }]);
  });
});
