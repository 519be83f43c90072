/**
 * Regenerate and edit as each protocol's own clients send them, against the real server: the AI SDK bodies
 * `Chat.regenerate` / `Chat.sendMessage({messageId})` post (checked with `ai`'s validateUIMessages), AG-UI runs whose
 * `messages` are a prefix of the thread or another line (checked with @ag-ui/core's RunAgentInputSchema).
 */
import type { Message, RunAgentInput } from '@ag-ui/core';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { readUIMessageStream, validateUIMessages, type UIMessage, type UIMessageChunk } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aguiEvents, aiSdkChunks, readFrames } from '../turns/resume-support.js';
import type { TaskState } from '../agent/task-state.js';
import { postJson, startTestServer, type TestServer } from '../test-support.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.dispose());

const titlesOf = (state: TaskState | undefined) => state?.tasks.map((task) => task.title);

/** The stored session (its latest snapshot): user messages and task titles. */
async function stored(sessionId: string) {
  const body = (await (await postJson(`${t.server.agentUrl}/getSnapshot`, { data: { sessionId } }, false)).json()) as {
    result: { state: { messages: Array<{ role: string; content: Array<{ text?: string }> }>; custom: TaskState } };
  };
  const { messages, custom } = body.result.state;
  return { users: messages.filter((m) => m.role === 'user').map((m) => m.content.map((part) => part.text ?? '').join('')), titles: titlesOf(custom) };
}

describe('POST /api/ai-sdk: regenerate-message and edits (submit-message with messageId) run from the right point', () => {
  const chatId = `fork-ai-sdk-${Date.now()}`;
  const user = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });

  /** Posts a body as DefaultChatTransport does; returns the answer as readUIMessageStream builds it and the turn's custom state. */
  async function post(messages: UIMessage[], trigger: 'submit-message' | 'regenerate-message', messageId?: string) {
    const checked = await validateUIMessages({ messages });
    const response = await postJson(t.server.aiSdkUrl, { id: chatId, messages: checked, trigger, ...(messageId && { messageId }) });
    expect(response.status).toBe(200);
    const chunks = aiSdkChunks(await readFrames(response));
    const state = chunks.filter((chunk) => chunk.type === 'data-state').at(-1)?.data as TaskState | undefined;
    let answer: UIMessage | undefined;
    const stream = new ReadableStream<UIMessageChunk>({ start: (controller) => { for (const chunk of chunks) controller.enqueue(chunk as UIMessageChunk); controller.close(); } });
    for await (const message of readUIMessageStream<UIMessage>({ stream })) answer = message;
    const [valid] = await validateUIMessages({ messages: [answer!] });
    return { answer: valid!, state, text: chunks.filter((chunk) => chunk.type === 'text-delta').map((chunk) => chunk.delta).join('') };
  }

  it('two turns; regenerate the second answer; edit the second user message four times; send on an earlier line; edit the first', async () => {
    const u1 = user('u1', 'add Water plants');
    const a1 = (await post([u1], 'submit-message')).answer;
    const u2 = user('u2', 'add Buy milk');
    const a2 = (await post([u1, a1, u2], 'submit-message')).answer;

    // Chat.regenerate({messageId: a2.id}) posts the messages before a2.
    const again = await post([u1, a1, u2], 'regenerate-message', a2.id);
    expect(again.text).toBe('Added “Buy milk” (task #2).');
    expect(again.state).toEqual({ tasks: [{ id: 1, title: 'Water plants', done: false }, { id: 2, title: 'Buy milk', done: false }], nextId: 3 });
    expect(await stored(chatId)).toEqual({ users: ['add Water plants', 'add Buy milk'], titles: ['Water plants', 'Buy milk'] });
    // A body carrying the old answer too is cut at messageId, as the AI SDK's Chat does before posting.
    expect((await post([u1, a1, u2, a2], 'regenerate-message', a2.id)).state?.nextId).toBe(3);

    // Chat.sendMessage({text, messageId: 'u2'}): the edited message replaces u2, the rest is dropped.
    const lines: Array<{ messages: UIMessage[] }> = [];
    for (let n = 1; n <= 4; n++) {
      const edited = user('u2', `add Chore ${n}`);
      const turn = await post([u1, a1, edited], 'submit-message', 'u2');
      expect(turn.text).toBe(`Added “Chore ${n}” (task #2).`);
      expect(titlesOf(turn.state)).toEqual(['Water plants', `Chore ${n}`]);
      expect(turn.state?.nextId).toBe(3);
      expect(await stored(chatId)).toEqual({ users: ['add Water plants', `add Chore ${n}`], titles: ['Water plants', `Chore ${n}`] });
      lines.push({ messages: [u1, a1, edited, turn.answer] });
    }

    // The client shows line 2 again and sends: that line continues, on the server too.
    const extra = await post([...lines[1]!.messages, user('u3', 'add Extra')], 'submit-message');
    expect(titlesOf(extra.state)).toEqual(['Water plants', 'Chore 2', 'Extra']);
    expect(await stored(chatId)).toEqual({ users: ['add Water plants', 'add Chore 2', 'add Extra'], titles: ['Water plants', 'Chore 2', 'Extra'] });
    // …and the original line too, found through the snapshot id its answer carries.
    expect((a2.metadata as { snapshotId?: string }).snapshotId).toEqual(expect.any(String));
    const done = await post([u1, a1, u2, a2, user('u4', 'complete 2')], 'submit-message');
    expect(done.text).toBe('Marked “Buy milk” (task #2) as done.');
    expect(await stored(chatId)).toEqual({ users: ['add Water plants', 'add Buy milk', 'complete 2'], titles: ['Water plants', 'Buy milk'] });

    // Editing the first message (messageId, nothing before it) runs from an empty history in the same chat.
    const first = await post([user('u1', 'add Bread')], 'submit-message', 'u1');
    expect(first.state).toEqual({ tasks: [{ id: 1, title: 'Bread', done: false }], nextId: 2 });
    expect(await stored(chatId)).toEqual({ users: ['add Bread'], titles: ['Bread'] });
    // A lone new message without messageId is a client sending only its new message: the session continues.
    expect(titlesOf((await post([user('u9', 'add Tea')], 'submit-message')).state)).toEqual(['Bread', 'Tea']);
  });

  it('a history that is no line of the chat is refused (400 FAILED_PRECONDITION), nothing runs', async () => {
    const id = `fork-unknown-${Date.now()}`;
    await postJson(t.server.aiSdkUrl, { id, trigger: 'submit-message', messages: [user('u1', 'add Water plants')] }).then((response) => response.text());
    const turns = t.lines.length;
    const foreign: UIMessage[] = [user('u1', 'add Water plants'), { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Something else entirely.' }] }, user('u2', 'add Bread')];
    const response = await postJson(t.server.aiSdkUrl, { id, trigger: 'submit-message', messages: await validateUIMessages({ messages: foreign }) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 'FAILED_PRECONDITION', message: expect.stringContaining('not a line') });
    expect(t.lines.length).toBe(turns);
    const regenerateWithoutUser = await postJson(t.server.aiSdkUrl, { id, trigger: 'regenerate-message', messageId: 'a1', messages: [foreign[1]] });
    expect(regenerateWithoutUser.status).toBe(400);
  });
});

describe('POST /api/agui: a RunAgentInput whose messages are a prefix of the thread, or another line, forks there', () => {
  const threadId = `fork-agui-${Date.now()}`;
  let runs = 0;
  const userMessage = (id: string, content: string): Message => ({ id, role: 'user', content });

  async function run(messages: Message[]) {
    const input: RunAgentInput = RunAgentInputSchema.parse({ threadId, runId: `run-${++runs}`, messages, state: {}, tools: [], context: [], forwardedProps: {} });
    const response = await postJson(t.server.aguiUrl, input);
    expect(response.status).toBe(200);
    const events = aguiEvents(await readFrames(response));
    expect(events.at(-1)!.type).toBe('RUN_FINISHED');
    const state = events.filter((event) => event.type === 'STATE_SNAPSHOT').at(-1)?.snapshot as TaskState | undefined;
    return { state, text: events.filter((event) => event.type === 'TEXT_MESSAGE_CONTENT').map((event) => event.delta).join('') };
  }
  /** The thread as a reloading client has it (POST /api/agui/connect's MESSAGES_SNAPSHOT). */
  async function thread(): Promise<Message[]> {
    const events = aguiEvents(await readFrames(await postJson(`${t.server.aguiUrl}/connect`, { threadId, runId: 'connect', messages: [], state: {}, tools: [], context: [], forwardedProps: {} })));
    return events.find((event) => event.type === 'MESSAGES_SNAPSHOT')!.messages as Message[];
  }

  it('two turns; regenerate the second; edit it four times; send on an earlier line; rerun the first turn', async () => {
    await run([userMessage(`${threadId}:0`, 'add Water plants')]);
    const afterFirst = await thread();
    const second = userMessage('u2', 'add Buy milk');
    await run([...afterFirst, second]);
    const original = await thread();

    // Regenerate: the same messages up to the second user message, a new run.
    const again = await run([...afterFirst, second]);
    expect(again.text).toBe('Added “Buy milk” (task #2).');
    expect(again.state).toEqual({ tasks: [{ id: 1, title: 'Water plants', done: false }, { id: 2, title: 'Buy milk', done: false }], nextId: 3 });
    expect(await stored(threadId)).toEqual({ users: ['add Water plants', 'add Buy milk'], titles: ['Water plants', 'Buy milk'] });

    const lines: Message[][] = [];
    for (let n = 1; n <= 4; n++) {
      const turn = await run([...afterFirst, userMessage('u2', `add Chore ${n}`)]);
      expect(turn.text).toBe(`Added “Chore ${n}” (task #2).`);
      expect(titlesOf(turn.state)).toEqual(['Water plants', `Chore ${n}`]);
      expect(turn.state?.nextId).toBe(3);
      expect(await stored(threadId)).toEqual({ users: ['add Water plants', `add Chore ${n}`], titles: ['Water plants', `Chore ${n}`] });
      lines.push(await thread());
    }

    // Line 2 (an older line, not the thread's latest) continues.
    const extra = await run([...lines[1]!, userMessage('u3', 'add Extra')]);
    expect(titlesOf(extra.state)).toEqual(['Water plants', 'Chore 2', 'Extra']);
    expect(await stored(threadId)).toEqual({ users: ['add Water plants', 'add Chore 2', 'add Extra'], titles: ['Water plants', 'Chore 2', 'Extra'] });
    // So does the original line.
    expect((await run([...original, userMessage('u4', 'complete 2')])).text).toBe('Marked “Buy milk” (task #2) as done.');
    expect(await stored(threadId)).toEqual({ users: ['add Water plants', 'add Buy milk', 'complete 2'], titles: ['Water plants', 'Buy milk'] });

    // The first message at its position (`<threadId>:0`) with nothing before it: the first turn runs again from nothing.
    expect((await run([userMessage(`${threadId}:0`, 'add Bread')])).state).toEqual({ tasks: [{ id: 1, title: 'Bread', done: false }], nextId: 2 });
    expect(await stored(threadId)).toEqual({ users: ['add Bread'], titles: ['Bread'] });
    // Any other lone message is a client that sends only its new message: the thread continues.
    expect(titlesOf((await run([userMessage('lone', 'add Tea')])).state)).toEqual(['Bread', 'Tea']);
  });
});
