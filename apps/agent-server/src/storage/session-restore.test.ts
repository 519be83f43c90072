import { HttpAgent } from '@ag-ui/client';
import { aguiTransport, aiSdkTransport, createAgentChat } from '@agent-chat/core';
import { validateUIMessages, type UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aguiEvents, aiSdkChunks, readFrames } from '../turns/resume-support.js';
import type { TaskState } from '../agent/task-state.js';
import { postJson, startTestServer, type TestServer } from '../test-support.js';
import { clientTools } from '@agent-chat/core';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.dispose());

const TASKS = { tasks: [{ id: 1, title: 'Buy milk', done: false }], nextId: 2 };

/** A session with a task, the report.md artifact and an open interrupt (the "clear" confirmation). */
async function busySession(transport: 'agui' | 'aiSdk'): Promise<string> {
  const chat = createAgentChat<TaskState>({ features: [clientTools()],
    transport: transport === 'agui' ? aguiTransport({ url: t.server.aguiUrl }) : aiSdkTransport({ url: t.server.aiSdkUrl }),
  });
  await chat.send('add Buy milk');
  await chat.send('report');
  expect((await chat.send('clear')).finishReason).toBe('interrupted');
  return chat.getState().sessionId!;
}

describe('GET /api/ai-sdk/chats/:chatId: a reloaded page loads the chat by id', () => {
  it('returns valid UI messages (tools, the open approval, the artifact), the custom state, and the chat continues from them', async () => {
    const chatId = await busySession('aiSdk');
    const response = await fetch(`${t.server.aiSdkUrl}/chats/${chatId}`);
    expect(response.status).toBe(200);
    const chat = (await response.json()) as { id: string; messages: UIMessage[]; state: unknown; artifacts: Array<{ name: string }>; snapshotId: string };
    expect(chat).toMatchObject({ id: chatId, state: TASKS, artifacts: [{ name: 'report.md' }], snapshotId: expect.any(String) });
    const messages = await validateUIMessages({ messages: chat.messages });
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(messages[0]!.parts).toEqual([{ type: 'text', text: 'add Buy milk' }]);
    expect(messages[1]!.parts).toContainEqual(expect.objectContaining({ type: 'tool-addTask', state: 'output-available', output: { id: 1, title: 'Buy milk', done: false } }));
    expect(messages[1]!.parts).toContainEqual({ type: 'text', text: 'Added “Buy milk” (task #1).', state: 'done' });
    const last = messages[5]!;
    const approval = last.parts.find((part) => part.type === 'tool-confirmClearAll') as { toolCallId: string; state: string; approval: { id: string } };
    expect(approval).toMatchObject({ state: 'approval-requested', approval: { id: `approval-${approval.toolCallId}` } });
    expect(last.parts).toContainEqual(expect.objectContaining({ type: 'data-artifact', id: 'report.md' }));

    // The page answers the restored approval as useChat does (addToolApprovalResponse) and sends the messages back.
    const answered = messages.map((message) =>
      message !== last ? message : { ...message, parts: message.parts.map((part) => (part === (approval as unknown) ? { ...approval, state: 'approval-responded', approval: { id: approval.approval.id, approved: true } } : part)) },
    );
    const turn = await postJson(t.server.aiSdkUrl, { id: chatId, trigger: 'submit-message', messages: answered });
    expect(turn.status).toBe(200);
    const chunks = aiSdkChunks(await readFrames(turn));
    expect(chunks.filter((chunk) => chunk.type === 'text-delta').map((chunk) => chunk.delta).join('')).toContain('cleared all 1 task');
    expect(((await (await fetch(`${t.server.aiSdkUrl}/chats/${chatId}`)).json()) as { state: unknown }).state).toEqual({ tasks: [], nextId: 2 });
  });

  it('an unknown chat is 404 (as another user\'s); a thread made for it restores as empty; an unsafe id is 400', async () => {
    const unknown = await fetch(`${t.server.aiSdkUrl}/chats/never-used`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ status: 'NOT_FOUND', message: 'No such conversation.' });
    await createThread('made-for-chat');
    expect(await (await fetch(`${t.server.aiSdkUrl}/chats/made-for-chat`)).json()).toEqual({ id: 'made-for-chat', messages: [], state: null, artifacts: [] });
    expect((await fetch(`${t.server.aiSdkUrl}/chats/bad%20id`)).status).toBe(400);
  });
});

describe('POST /api/agui/connect: a reloaded page restores the thread', () => {
  const connectUrl = () => `${t.server.aguiUrl}/connect`;

  it('starts with MESSAGES_SNAPSHOT and STATE_SNAPSHOT, then the artifact, then RUN_FINISHED with the open interrupt (all valid AG-UI)', async () => {
    const threadId = await busySession('agui');
    const response = await postJson(connectUrl(), { threadId, runId: 'connect-1', messages: [], state: {}, tools: [], context: [], forwardedProps: {} });
    expect(response.status).toBe(200);
    const frames = await readFrames(response);
    expect(frames.map((frame) => frame.id)).toEqual(frames.map((_, index) => index));
    const events = aguiEvents(frames);
    expect(events.map((event) => event.type)).toEqual(['RUN_STARTED', 'MESSAGES_SNAPSHOT', 'STATE_SNAPSHOT', 'ACTIVITY_SNAPSHOT', 'RUN_FINISHED']);
    expect(events[2]).toMatchObject({ snapshot: TASKS });
    expect(events[3]).toMatchObject({ activityType: 'artifact', messageId: `artifact:${threadId}:report.md`, content: { name: 'report.md' } });
    expect(events[4]).toMatchObject({ outcome: { type: 'interrupt', interrupts: [{ reason: 'input_required', message: 'Clear all tasks? This cannot be undone.' }] }, result: { sessionId: threadId } });
  });

  it('@ag-ui/client restores messages, state and the pending interrupt from it, then answers the interrupt on /api/agui', async () => {
    const threadId = await busySession('agui');
    const restored = new HttpAgent({ url: connectUrl(), threadId });
    await restored.runAgent();
    expect(restored.state).toEqual(TASKS);
    expect(restored.messages.filter((message) => message.role === 'user').map((message) => message.content)).toEqual(['add Buy milk', 'report', 'clear']);
    expect(restored.messages).toContainEqual(expect.objectContaining({ role: 'assistant', content: 'Added “Buy milk” (task #1).' }));
    expect(restored.messages).toContainEqual(expect.objectContaining({ role: 'activity', activityType: 'artifact' }));
    expect(restored.pendingInterrupts).toHaveLength(1);

    const agent = new HttpAgent({ url: t.server.aguiUrl, threadId, initialMessages: restored.messages.filter((message) => message.role !== 'activity'), initialState: restored.state });
    agent.pendingInterrupts = restored.pendingInterrupts;
    await agent.runAgent({ resume: [{ interruptId: restored.pendingInterrupts[0]!.id, status: 'resolved', payload: true }] });
    expect(agent.state).toEqual({ tasks: [], nextId: 2 });
  });

  it('an unknown thread is 404 (as another user\'s); a thread made in /api/threads restores as empty', async () => {
    const unknown = await postJson(connectUrl(), { threadId: 'never-made', runId: 'c', messages: [], state: {}, tools: [], context: [], forwardedProps: {} });
    expect(unknown.status).toBe(404);
    await createThread('fresh-thread');
    const events = aguiEvents(await readFrames(await postJson(connectUrl(), { threadId: 'fresh-thread', runId: 'c', messages: [], state: {}, tools: [], context: [], forwardedProps: {} })));
    expect(events.slice(1, 3)).toMatchObject([{ type: 'MESSAGES_SNAPSHOT', messages: [] }, { type: 'STATE_SNAPSHOT', snapshot: {} }]);
    expect(events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', outcome: { type: 'success' } });
  });
});

/** Creates a thread of the test user in /api/threads (its id becomes theirs before any turn). */
async function createThread(id: string): Promise<void> {
  const response = await postJson(`${t.server.url}/api/threads`, { id, title: id, createdAt: 1, updatedAt: 1, archived: false }, false);
  expect(response.status).toBe(201);
}
