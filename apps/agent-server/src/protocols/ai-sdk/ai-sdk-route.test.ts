import { aiSdkTransport, createAgentChat, genkitTransport, type AgentChatOptions, type AgentChunk, type Part } from '@agent-chat/core';
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskState } from '../../agent/task-state.js';
import { postJson, startTestServer, type TestServer } from '../../test-support.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.dispose());

const chatOn = (options: Omit<AgentChatOptions<TaskState>, 'transport'> = {}) =>
  createAgentChat<TaskState>({ transport: aiSdkTransport({ url: t.server.aiSdkUrl }), ...options });

const parts = (chat: ReturnType<typeof chatOn>): Part[] => chat.getState().messages.flatMap((m) => m.content);
const toolNames = (chat: ReturnType<typeof chatOn>) =>
  parts(chat).filter((p) => 'toolRequest' in p).map((p) => (p as { toolRequest: { name: string } }).toolRequest.name);

describe('POST /api/ai-sdk: the task agent as an AI SDK chat route', () => {
  it('add a task: text streams, tool input/output arrive, data-state sets the custom state; the chat id is the session', async () => {
    const chat = chatOn();
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
    expect(parts(chat).find((p) => 'toolResponse' in p)).toMatchObject({ toolResponse: { name: 'addTask', output: { id: 1, title: 'Buy milk' } } });
    const chatId = chat.getState().sessionId!;
    expect(t.lines.at(-1)).toMatch(new RegExp(`^POST /api/ai-sdk session=${chatId} finishReason=stop`));
    // finish carries the Genkit turn's ids as message metadata (on the response's first model message).
    const model = chat.getState().messages.find((m) => m.role === 'model')!;
    expect(model.metadata).toMatchObject({ messageId: expect.any(String), messageMetadata: { sessionId: chatId, finishReason: 'stop', snapshotId: expect.any(String) } });

    expect((await chat.send('add Pay rent')).text).toBe('Added “Pay rent” (task #2).');
    expect(chat.getState().custom?.tasks.map((task) => task.title)).toEqual(['Buy milk', 'Pay rent']);
    // The same Genkit session over the Genkit protocol.
    const genkit = createAgentChat<TaskState>({ transport: genkitTransport({ url: t.server.agentUrl }), sessionId: chatId });
    expect((await genkit.send('add Bread')).text).toBe('Added “Bread” (task #3).');
  });

  it('report: data-artifact carries the artifact itself (id = its name); a revision replaces it', async () => {
    const chat = chatOn();
    await chat.send('add Buy milk');
    const first = await chat.send('report');
    expect(first.text).toBe("I wrote report.md with 1 task. You'll find it with the artifacts.");
    const [artifact] = chat.getState().artifacts;
    expect(chat.getState().artifacts).toHaveLength(1);
    expect(artifact).toMatchObject({ name: 'report.md', metadata: { contentType: 'text/markdown', revision: 1 } });
    expect((artifact!.parts[0] as { text: string }).text).toContain('- [ ] #1 Buy milk');
    await chat.send('complete 1');
    expect((await chat.send('report')).text).toBe('I revised report.md (revision 2, 1 task).');
    expect(chat.getState().artifacts).toHaveLength(1);
    const revised = chat.getState().artifacts[0]!;
    expect(revised.metadata).toMatchObject({ revision: 2 });
    expect((revised.parts[0] as { text: string }).text).toContain('- [x] #1 Buy milk');
  });

  it('clear: a tool-approval-request interrupts the turn; resume([{text: "yes"}]) sends the approval and the list empties', async () => {
    const chat = chatOn();
    await chat.send('add Buy milk');
    await chat.send('add Pay rent');
    const asked = await chat.send('clear');
    expect(asked.finishReason).toBe('interrupted');
    expect(asked.interrupts).toHaveLength(1);
    const [interrupt] = asked.interrupts;
    expect(interrupt!.toolRequest).toMatchObject({ name: 'confirmClearAll', ref: expect.stringMatching(/^confirmClearAll-/), input: { question: 'Clear all tasks? This cannot be undone.' } });
    expect(interrupt!.metadata?.interrupt).toEqual({ approvalId: `approval-${interrupt!.toolRequest.ref}` });
    expect(chat.getState()).toMatchObject({ status: 'ready', finishReason: 'interrupted', interrupts: asked.interrupts });

    const customs: unknown[] = [];
    const resumed = await chat.resume([{ text: 'yes' }], { onChunk: (chunk) => chunk.custom && customs.push(chunk.custom) });
    expect(resumed).toMatchObject({ finishReason: 'stop', error: null, interrupts: [], text: 'Done: I cleared all 2 tasks. The list is empty.' });
    expect(customs.at(-1)).toEqual({ tasks: [], nextId: 3 });
    expect(chat.getState()).toMatchObject({ status: 'ready', interrupts: [], custom: { tasks: [], nextId: 3 } });
    expect(toolNames(chat)).toContain('clearAllTasks');
    expect(parts(chat).find((p) => 'toolResponse' in p && p.toolResponse.name === 'confirmClearAll')).toMatchObject({ toolResponse: { output: true } });
  });

  it('clear, denied ("no"): tool-output-denied, nothing is cleared', async () => {
    const chat = chatOn();
    await chat.send('add Buy milk');
    await chat.send('clear');
    const denied = await chat.resume([{ text: 'no' }]);
    expect(denied).toMatchObject({ finishReason: 'stop', text: 'Okay, nothing was cleared. Your tasks are still there.' });
    expect(parts(chat).find((p) => 'toolResponse' in p && p.toolResponse.name === 'confirmClearAll')).toMatchObject({ metadata: { denied: true } });
    expect(chat.getState().custom?.tasks).toHaveLength(1);
  });

  it('fail: an error chunk with the Genkit message, the partial text kept as failed; the next send works', async () => {
    const chat = chatOn();
    await chat.send('add Buy milk');
    const failed = await chat.send('now fail please');
    expect(failed).toMatchObject({ finishReason: 'failed', error: { code: 'server-error' } });
    expect(failed.error?.message).toContain('failed on purpose');
    expect(chat.getState()).toMatchObject({ status: 'error', error: { code: 'server-error' } });
    expect(chat.getState().messages.at(-1)).toMatchObject({ role: 'model', status: 'failed', content: [{ text: 'Let me try that… ' }] });
    expect(t.lines.at(-1)).toMatch(/finishReason=failed .*failed on purpose/);
    const next = await chat.send('add Bread');
    expect(next).toMatchObject({ error: null, text: 'Added “Bread” (task #2).' });
    expect(chat.getState()).toMatchObject({ status: 'ready', error: null });
  });

  it('rejects bad input with 400: an unsafe chat id, invalid UI messages, regenerate, an answer to nothing', async () => {
    const user = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] };
    const cases: Array<[unknown, RegExp]> = [
      [{ id: '../x', messages: [user], trigger: 'submit-message' }, /chat id/],
      [{ messages: [user], trigger: 'submit-message' }, /chat `id`/],
      [{ id: 'c1', messages: [{ id: 'u1', role: 'user', parts: 'nope' }], trigger: 'submit-message' }, /./],
      [{ id: 'c1', messages: [{ id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'hello' }] }], trigger: 'regenerate-message', messageId: 'a1' }, /regenerate/],
      [{ id: 'c1', messages: [user, { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'hello' }] }], trigger: 'submit-message' }, /no open approval/],
    ];
    for (const [body, message] of cases) {
      const response = await postJson(t.server.aiSdkUrl, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ status: 'INVALID_ARGUMENT', message: expect.stringMatching(message) });
    }
  });

  it("is a conformant route: the AI SDK's own DefaultChatTransport + readUIMessageStream read it, approval included", async () => {
    const transport = new DefaultChatTransport<UIMessage>({ api: t.server.aiSdkUrl });
    const chatId = `ref-client-${Date.now()}`;
    const messages: UIMessage[] = [];
    const turn = async (trigger: 'submit-message') => {
      const stream = await transport.sendMessages({ chatId, messages, trigger, messageId: undefined, abortSignal: undefined });
      const last = messages.at(-1)?.role === 'assistant' ? messages.pop() : undefined;
      let message: UIMessage | undefined;
      for await (const snapshot of readUIMessageStream<UIMessage>({ stream, ...(last && { message: last }), onError: (error) => { throw error; } })) message = snapshot;
      messages.push(message!);
      return message!;
    };
    messages.push({ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'add Buy milk' }] });
    const added = await turn('submit-message');
    expect(added.parts.filter((p) => p.type === 'text').map((p) => (p as { text: string }).text)).toEqual(['Added “Buy milk” (task #1).']);
    expect(added.parts.find((p) => p.type === 'tool-addTask')).toMatchObject({ state: 'output-available', output: { id: 1, title: 'Buy milk', done: false } });

    messages.push({ id: 'u2', role: 'user', parts: [{ type: 'text', text: 'clear' }] });
    const asked = await turn('submit-message');
    const approval = asked.parts.find((p) => p.type === 'tool-confirmClearAll') as { state: string; approval: { id: string }; toolCallId: string };
    expect(approval).toMatchObject({ state: 'approval-requested', input: { question: 'Clear all tasks? This cannot be undone.' } });

    // What Chat.addToolApprovalResponse does: the part becomes 'approval-responded', and the chat posts again.
    Object.assign(approval, { state: 'approval-responded', approval: { id: approval.approval.id, approved: true } });
    const cleared = await turn('submit-message');
    expect(cleared.id).toBe(asked.id); // the same assistant message, continued
    expect(cleared.parts.find((p) => p.type === 'tool-confirmClearAll')).toMatchObject({ state: 'output-available', output: true });
    expect(cleared.parts.find((p) => p.type === 'tool-clearAllTasks')).toMatchObject({ state: 'output-available', output: { cleared: 1 } });
    expect(cleared.parts.filter((p) => p.type === 'text').map((p) => (p as { text: string }).text).at(-1)).toBe('Done: I cleared all 1 task. The list is empty.');
  });
});
