import { HttpAgent } from '@ag-ui/client';
import { aguiTransport, createAgentChat, genkitTransport, textOf, type AgentChunk, type AgentChatOptions } from '@agent-chat/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORY_TEXT } from '../../agent/scripted-replies.js';
import type { TaskState } from '../../agent/task-state.js';
import { postJson, startTestServer, type TestServer } from '../../test-support.js';
import { clientTools } from '@agent-chat/core';

let t: TestServer;
let slow: TestServer; // a real pace, so that Stop lands mid-answer
beforeAll(async () => {
  [t, slow] = await Promise.all([startTestServer(), startTestServer({ tokenDelayMs: 5 })]);
});
afterAll(() => Promise.all([t.dispose(), slow.dispose()]));

const chatOn = (server: TestServer, options: Omit<AgentChatOptions<TaskState>, 'transport'> = {}) =>
  createAgentChat<TaskState>({ features: [clientTools()], transport: aguiTransport({ url: server.server.aguiUrl }), ...options });

const toolNames = (chat: ReturnType<typeof chatOn>) =>
  chat.getState().messages.flatMap((m) => m.content).filter((p) => 'toolRequest' in p).map((p) => (p as { toolRequest: { name: string } }).toolRequest.name);

describe('POST /api/agui: the task agent over AG-UI', () => {
  it('add a task: text streams, the tool call and its result arrive, STATE_SNAPSHOT sets the custom state; the threadId is the session', async () => {
    const chat = chatOn(t);
    const chunks: AgentChunk<TaskState>[] = [];
    const response = await chat.sendStream('add Buy milk', (chunk) => chunks.push(chunk));
    expect(response).toMatchObject({ finishReason: 'stop', error: null, text: 'Added “Buy milk” (task #1).' });
    expect(chunks.filter((chunk) => chunk.text).length).toBeGreaterThan(1);
    // the Genkit turn's snapshot comes through, on the response and on the turn-end chunk
    expect(response.snapshotId).toMatch(/^[0-9a-f-]{36}$/);
    expect(chunks.at(-1)!.turnEnd).toEqual({ finishReason: 'stop', snapshotId: response.snapshotId });
    expect(chunks.find((chunk) => chunk.custom)?.custom).toEqual({ tasks: [{ id: 1, title: 'Buy milk', done: false }], nextId: 2 });
    expect(chat.getState()).toMatchObject({ status: 'ready', custom: { tasks: [{ id: 1, title: 'Buy milk', done: false }], nextId: 2 } });
    expect(toolNames(chat)).toEqual(['addTask']);
    const threadId = chat.getState().sessionId!;
    expect(threadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(t.lines.at(-1)).toMatch(new RegExp(`^POST /api/agui session=${threadId} finishReason=stop`));

    // The next turn continues the session (its first customPatch is a whole-document replace: a STATE_SNAPSHOT again).
    expect((await chat.send('add Pay rent')).text).toBe('Added “Pay rent” (task #2).');
    expect(chat.getState().custom?.tasks.map((task) => task.title)).toEqual(['Buy milk', 'Pay rent']);
    expect(chat.getState().sessionId).toBe(threadId);

    // The same Genkit session, read over the Genkit protocol: one agent, one store, whatever the wire.
    const genkit = createAgentChat<TaskState>({ features: [clientTools()], transport: genkitTransport({ url: t.server.agentUrl }), sessionId: threadId });
    expect((await genkit.send('complete 1')).custom?.tasks).toEqual([
      { id: 1, title: 'Buy milk', done: true },
      { id: 2, title: 'Pay rent', done: false },
    ]);
    // …and a new thread is a new, empty session.
    expect((await chatOn(t).send('add Bread')).text).toBe('Added “Bread” (task #1).');
  });

  it('report: the report.md artifact arrives as ACTIVITY_SNAPSHOT (activityType artifact), a revision replaces it by messageId', async () => {
    const chat = chatOn(t);
    await chat.send('add Buy milk');
    const activities: any[] = [];
    const onChunk = (chunk: AgentChunk<TaskState>) => {
      const raw = chunk.raw as { type?: string };
      if (raw?.type === 'ACTIVITY_SNAPSHOT') activities.push(raw);
    };
    const first = await chat.sendStream('report', onChunk);
    expect(first.text).toBe("I wrote report.md with 1 task. You'll find it with the artifacts.");
    const second = await chat.sendStream('report again', onChunk);
    expect(second.text).toBe('I revised report.md (revision 2, 1 task).');
    expect(activities).toHaveLength(2);
    for (const [index, activity] of activities.entries()) {
      expect(activity).toMatchObject({
        activityType: 'artifact',
        messageId: `artifact:${chat.getState().sessionId}:report.md`,
        replace: true,
        content: { name: 'report.md', metadata: { contentType: 'text/markdown', revision: index + 1 } },
      });
      expect(activity.content.parts[0].text).toContain('- [ ] #1 Buy milk');
    }
    expect(toolNames(chat)).toContain('writeReport');
    // ...and the store holds the artifact once, the revision in place of the first version.
    expect(chat.getState().artifacts).toHaveLength(1);
    expect(chat.getState().artifacts[0]).toMatchObject({ name: 'report.md', metadata: { revision: 2 } });
  });

  it('clear: RUN_FINISHED outcome interrupt with the interrupt id; resume([{text: "yes"}]) answers it by id and the list empties', async () => {
    const chat = chatOn(t);
    await chat.send('add Buy milk');
    await chat.send('add Pay rent');
    const before = t.lines.length;
    const asked = await chat.send('clear');
    expect(asked.finishReason).toBe('interrupted');
    expect(asked.interrupts).toHaveLength(1);
    const [interrupt] = asked.interrupts;
    expect(interrupt!.toolRequest).toMatchObject({ name: 'confirmClearAll', ref: expect.stringMatching(/^confirmClearAll-/), input: { question: 'Clear all tasks? This cannot be undone.' } });
    expect(interrupt!.metadata?.interrupt).toMatchObject({
      id: interrupt!.toolRequest.ref,
      toolCallId: interrupt!.toolRequest.ref,
      reason: 'input_required',
      message: 'Clear all tasks? This cannot be undone.',
      metadata: { toolName: 'confirmClearAll' },
    });
    expect(chat.getState()).toMatchObject({ status: 'ready', finishReason: 'interrupted', interrupts: asked.interrupts });
    expect(chat.getState().custom?.tasks).toHaveLength(2);

    const customs: unknown[] = [];
    const resumed = await chat.resume([{ text: 'yes' }], { onChunk: (chunk) => chunk.custom && customs.push(chunk.custom) });
    expect(resumed).toMatchObject({ finishReason: 'stop', error: null, interrupts: [], text: 'Done: I cleared all 2 tasks. The list is empty.' });
    expect(customs.at(-1)).toEqual({ tasks: [], nextId: 3 });
    expect(chat.getState()).toMatchObject({ status: 'ready', interrupts: [], custom: { tasks: [], nextId: 3 } });
    expect(toolNames(chat)).toContain('clearAllTasks');
    expect(t.lines.slice(before).map((line) => /finishReason=(\w+)/.exec(line)?.[1])).toEqual(['interrupted', 'stop']);
  });

  it('clear, answered "no": nothing is cleared; a new message instead of an answer abandons the interrupt', async () => {
    const chat = chatOn(t);
    await chat.send('add Buy milk');
    await chat.send('clear');
    expect((await chat.resume([{ text: 'no' }])).text).toBe('Okay, nothing was cleared. Your tasks are still there.');
    expect(chat.getState().custom?.tasks).toHaveLength(1);

    await chat.send('clear');
    // aguiTransport sends the open interrupt as `cancelled` with the new message: the message runs.
    expect((await chat.send('add Pay rent')).text).toBe('Added “Pay rent” (task #2).');
    expect(chat.getState()).toMatchObject({ interrupts: [], custom: { tasks: [{ title: 'Buy milk' }, { title: 'Pay rent' }] } });
  });

  it('fail: RUN_ERROR with the Genkit status and message, the partial text kept as failed; the next send works', async () => {
    const chat = chatOn(t);
    await chat.send('add Buy milk');
    const failed = await chat.send('now fail please');
    expect(failed).toMatchObject({ finishReason: 'failed', error: { code: 'server-error', serverStatus: 'INTERNAL' } });
    expect(failed.error?.message).toContain('failed on purpose');
    expect(chat.getState()).toMatchObject({ status: 'error', error: { code: 'server-error' } });
    expect(chat.getState().messages.at(-1)).toMatchObject({ role: 'model', status: 'failed', content: [{ text: 'Let me try that… ' }] });
    const next = await chat.send('add Bread');
    expect(next).toMatchObject({ error: null, text: 'Added “Bread” (task #2).' });
    expect(chat.getState()).toMatchObject({ status: 'ready', error: null });
  });

  it('stop() mid-answer cancels the turn on the server (its cancel route: the turn would outlive the closed request); the session goes on', async () => {
    const chat = chatOn(slow);
    await chat.send('add Buy milk');
    const before = slow.lines.length;
    let tokens = 0;
    const response = await chat.sendStream('Story time', (chunk) => {
      if (chunk.text && ++tokens === 10) void chat.stop();
    });
    expect(response.finishReason).toBe('aborted');
    const partial = textOf(chat.getState().messages.at(-1)!.content);
    expect(STORY_TEXT.startsWith(partial) && partial.length < STORY_TEXT.length / 2).toBe(true);
    await vi.waitFor(() => expect(slow.lines.length).toBe(before + 1), { timeout: 15_000 });
    expect(slow.lines.at(-1)).toMatch(/^POST \/api\/agui session=\S+ finishReason=failed \(cancelled\)/);
    expect((await chat.send('add Bread')).text).toBe('Added “Bread” (task #2).');
  });

  it('rejects bad input with 400: an unsafe threadId, an invalid RunAgentInput, a run with nothing to do', async () => {
    const base = { runId: 'r1', state: {}, tools: [], context: [], forwardedProps: {}, messages: [{ id: 'm1', role: 'user', content: 'hi' }] };
    const unsafe = await postJson(t.server.aguiUrl, { ...base, threadId: '../../etc/passwd' });
    expect(unsafe.status).toBe(400);
    expect(await unsafe.json()).toMatchObject({ status: 'INVALID_ARGUMENT', message: expect.stringContaining('threadId') });
    const invalid = await postJson(t.server.aguiUrl, { threadId: 't1', messages: 'nope' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'Invalid RunAgentInput.' });
    const nothing = await postJson(t.server.aguiUrl, { ...base, threadId: 't1', messages: [] });
    expect(nothing.status).toBe(400);
    const chat = chatOn(t);
    const response = await chat.send('hi');
    expect(response.error).toBeNull();
    const bad = createAgentChat({ features: [clientTools()], transport: aguiTransport({ url: t.server.aguiUrl }), sessionId: 'bad id!' });
    expect((await bad.send('hi')).error).toMatchObject({ code: 'http-error', status: 400, serverStatus: 'INVALID_ARGUMENT' });
  });

  it('is a conformant producer: @ag-ui/client runs it, sees the state, the interrupt, and resumes it', async () => {
    const agent = new HttpAgent({ url: t.server.aguiUrl, threadId: `ref-client-${Date.now()}` });
    agent.messages = [{ id: 'u1', role: 'user', content: 'add Buy milk' }];
    await agent.runAgent();
    expect(agent.state).toEqual({ tasks: [{ id: 1, title: 'Buy milk', done: false }], nextId: 2 });
    expect(agent.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Added “Buy milk” (task #1).' });

    agent.messages = [...agent.messages, { id: 'u2', role: 'user', content: 'clear' }];
    await agent.runAgent();
    expect(agent.pendingInterrupts).toHaveLength(1);
    const [pending] = agent.pendingInterrupts;
    expect(pending).toMatchObject({ reason: 'input_required', message: 'Clear all tasks? This cannot be undone.' });

    await agent.runAgent({ resume: [{ interruptId: pending!.id, status: 'resolved', payload: true }] });
    expect(agent.pendingInterrupts).toEqual([]);
    expect(agent.state).toEqual({ tasks: [], nextId: 2 });
    expect(agent.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Done: I cleared all 1 task. The list is empty.' });
  });
});
