import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentChat, genkitTransport, type AgentChunk } from '@agent-chat/core';
import { startGenkitLiveServer, type GenkitLiveServer } from './genkit-live-server.js';

let server: GenkitLiveServer;
beforeAll(async () => {
  server = await startGenkitLiveServer({ tokenDelayMs: 15 });
});
afterAll(() => server.close());

const chatWith = <S = unknown>(agent: string, options: { sessionId?: string; snapshotId?: string } = {}) =>
  createAgentChat<S>({ transport: genkitTransport({ url: server.agentUrl(agent) }), ...options });

/** Describes a chunk by its kind, for order assertions. */
function kind(chunk: AgentChunk): string {
  if (chunk.turnEnd) return `end:${chunk.turnEnd.finishReason}`;
  if (chunk.text !== undefined) return `text:${chunk.text}`;
  if (chunk.custom !== undefined) return `custom:${JSON.stringify(chunk.custom)}`;
  if (chunk.artifact) return `artifact:${chunk.artifact.name}`;
  if (chunk.toolRequest) return `tool-request:${chunk.toolRequest.toolRequest.name}`;
  if (chunk.toolResponse) return `tool-response:${chunk.toolResponse.toolResponse.name}`;
  return 'other';
}

describe('live Genkit agent server (genkit/beta defineAgent, served by @genkit-ai/express)', () => {
  it('streams text token by token into one model message', async () => {
    const chat = chatWith('chatAgent');
    const chunks: AgentChunk[] = [];
    const response = await chat.sendStream('hi there', (chunk) => chunks.push(chunk));
    expect(chunks.map(kind)).toEqual(['text:Hello', 'text:, ', 'text:world!', 'end:stop']);
    expect(response.text).toBe('Hello, world!');
    expect(response.snapshotId).toMatch(/[0-9a-f-]{36}/);
    expect(chunks.at(-1)!.turnEnd!.snapshotId).toBe(response.snapshotId);
    expect(response.sessionId).toBe(chat.getState().sessionId);
    expect(chat.getState()).toMatchObject({ status: 'ready', finishReason: 'stop', snapshotId: response.snapshotId });
  });

  it('interrupt, then resume with the answer: the model continues with it', async () => {
    const chat = chatWith('chatAgent');
    await chat.send('hi there');
    const interrupted = await chat.send('please interrupt');
    expect(interrupted.finishReason).toBe('interrupted');
    expect(interrupted.interrupts).toMatchObject([{ toolRequest: { name: 'askUser', ref: 'r1', input: { question: 'Proceed?' } } }]);
    expect(chat.getState().interrupts).toHaveLength(1);
    const chunks: AgentChunk[] = [];
    const resumed = await chat.resume([{ text: 'yes' }], { onChunk: (chunk) => chunks.push(chunk) });
    expect(chunks.map(kind)).toEqual(['tool-response:askUser', 'text:Got "yes".', 'end:stop']);
    expect(resumed.text).toBe('Got "yes".');
    expect(chat.getState().interrupts).toEqual([]);
    const snapshot = await chat.getSnapshot({ snapshotId: resumed.snapshotId! });
    expect(snapshot.status).toBe('completed');
    expect(snapshot.state!.messages.map((message) => message.role)).toEqual(['user', 'model', 'user', 'model', 'tool', 'model']);
  });

  it("the custom agent of Genkit's agent docs delivers every chunk kind in order, turn end last with the response's snapshotId", async () => {
    const chat = chatWith<{ status?: string }>('customAgent');
    const chunks: AgentChunk<{ status?: string }>[] = [];
    const response = await chat.sendStream('say hello', (chunk) => chunks.push(chunk));
    expect(chunks.map(kind)).toEqual(['text:Hel', 'text:lo!', 'custom:{"status":"thinking"}', 'artifact:draft', 'end:stop']);
    expect(chunks.at(-1)!.turnEnd).toEqual({ finishReason: 'stop', snapshotId: response.snapshotId });
    expect(response).toMatchObject({ text: 'Hello!', finishReason: 'stop', custom: { status: 'thinking' } });
    expect(chat.getState().artifacts).toEqual([{ name: 'draft', parts: [] }]);
  });

  it('task agent: live patches across turns, same-name artifact replaced, unnamed appended', async () => {
    const chat = chatWith<{ tasks: Array<{ id: number; title: string; done: boolean }>; nextId: number }>('taskAgent');
    const customs: unknown[] = [];
    await chat.sendStream('Buy milk', (chunk) => { if (chunk.custom) customs.push(chunk.custom); });
    expect(customs).toEqual([{ tasks: [{ id: 1, title: 'Buy milk', done: false }], nextId: 2 }]);
    const second = await chat.send('Walk dog');
    expect(second.custom).toEqual({ tasks: [{ id: 1, title: 'Buy milk', done: false }, { id: 2, title: 'Walk dog', done: false }], nextId: 3 });
    const artifacts = chat.getState().artifacts;
    expect(artifacts.filter((artifact) => artifact.name === 'report.md')).toHaveLength(1);
    expect(artifacts.find((artifact) => artifact.name === 'report.md')!.parts[0]).toEqual({ text: '# Tasks\n- [ ] #1 Buy milk\n- [ ] #2 Walk dog' });
    expect(artifacts.filter((artifact) => artifact.name === undefined).map((artifact) => artifact.parts[0])).toEqual([
      { text: 'turn note: Buy milk' },
      { text: 'turn note: Walk dog' },
    ]);
  });

  it('client-managed state over two turns: the full state is echoed back and returned', async () => {
    const chat = createAgentChat({ transport: genkitTransport({ url: server.agentUrl('clientAgent') }), state: { messages: [], artifacts: [], custom: { k: 1 } } });
    const first = await chat.send('hi');
    expect(first.snapshotId).toBeNull();
    expect(first.state!.messages).toHaveLength(2);
    const second = await chat.send('again');
    expect(second.error).toBeNull();
    expect(second.state!.messages.map((message) => message.role)).toEqual(['user', 'model', 'user', 'model']);
    expect(second.state!.custom).toEqual({ k: 1 });
    const sent = server.requests.filter((request) => request.path === '/clientAgent').slice(-2);
    expect(sent[0]!.body).toMatchObject({ init: { state: { custom: { k: 1 }, messages: [] } } });
    expect(sent[1]!.body).toMatchObject({ init: { state: { messages: first.state!.messages } } });
  });

  it('client-managed from a partial state (custom only, as Genkit\'s SessionState allows): the turn runs, the state comes back whole', async () => {
    const chat = createAgentChat<{ tasks: string[] }>({ transport: genkitTransport({ url: server.agentUrl('clientAgent') }), state: { custom: { tasks: [] } } });
    const first = await chat.send('hi');
    expect(first.error).toBeNull();
    expect(first.text).toBe('Hello, world!');
    expect(first.state).toMatchObject({ custom: { tasks: [] } });
    expect(first.state!.messages.map((message) => message.role)).toEqual(['user', 'model']);
  });

  it('a model that throws: failed turn with the server message, then the next send works', async () => {
    const chat = chatWith('chatAgent');
    const chunks: AgentChunk[] = [];
    const failed = await chat.sendStream('boom', (chunk) => chunks.push(chunk));
    expect(failed).toMatchObject({ finishReason: 'failed', error: { code: 'server-error', message: expect.stringContaining('model exploded') } });
    expect(chunks.at(-1)!.turnEnd).toEqual({ finishReason: 'failed', snapshotId: failed.snapshotId });
    expect(chat.getState().status).toBe('error');
    const next = await chat.send('hi there');
    expect(next.error).toBeNull();
    expect(next.text).toBe('Hello, world!');
    expect(chat.getState().status).toBe('ready');
  });

  it('after a failed turn the next one continues from the last completed snapshot', async () => {
    const chat = chatWith('chatAgent');
    const good = await chat.send('hi there');
    const failed = await chat.send('boom');
    expect(failed.finishReason).toBe('failed');
    expect(chat.getState().snapshotId).toBe(good.snapshotId);
    const next = await chat.send('hi there');
    expect(next.error).toBeNull();
    expect(server.requests.filter((request) => request.path === '/chatAgent').at(-1)!.body).toMatchObject({ init: { snapshotId: good.snapshotId } });
    const snapshot = await chat.getSnapshot({ snapshotId: next.snapshotId! });
    expect(snapshot.state!.messages).toHaveLength(4);
  });

  it('an unknown snapshotId: a typed NOT_FOUND error', async () => {
    const chat = chatWith('chatAgent', { snapshotId: 'nope' });
    const response = await chat.send('hi');
    expect(response.error).toMatchObject({ code: 'server-error', serverStatus: 'NOT_FOUND' });
    await expect(chat.getSnapshot({ snapshotId: 'nope' })).rejects.toMatchObject({ code: 'not-found', status: 404, serverStatus: 'NOT_FOUND' });
  });

  it('stop() mid-stream keeps the partial text as an aborted message, and the chat goes on', async () => {
    const chat = chatWith('chatAgent');
    await chat.send('hi there');
    let tokens = 0;
    const pending = chat.sendStream('tell me something long', (chunk) => {
      if (chunk.text && ++tokens === 5) void chat.stop();
    });
    const stopped = await pending;
    expect(stopped.finishReason).toBe('aborted');
    const partial = chat.getState().messages.at(-1)!;
    expect(partial.status).toBe('aborted');
    expect(partial.content[0]).toMatchObject({ text: expect.stringMatching(/^word0 word1 word2 word3 word4 /) });
    expect(chat.getState()).toMatchObject({ status: 'ready', finishReason: 'aborted', error: null });
    expect((await chat.send('hi there')).text).toBe('Hello, world!');
  });

  it('branch() to an earlier snapshot forks the history there (verified with getSnapshot)', async () => {
    const chat = chatWith('chatAgent');
    const first = await chat.send('first');
    await chat.send('second');
    expect(chat.getState().messages).toHaveLength(4);
    chat.branch(first.snapshotId!);
    expect(chat.getState().messages.map((message) => message.content[0])).toEqual([{ text: 'first' }, { text: 'Hello, world!' }]);
    const forked = await chat.send('fork from first');
    const snapshot = await chat.getSnapshot({ snapshotId: forked.snapshotId! });
    expect(snapshot.parentId).toBe(first.snapshotId);
    expect(snapshot.state!.messages.map((message) => message.content[0])).toEqual([
      { text: 'first' }, { text: 'Hello, world!' }, { text: 'fork from first' }, { text: 'Hello, world!' },
    ]);
    expect(chat.getState().messages).toHaveLength(4);
  });

  it('restore() loads a stored conversation into a new chat (a page reload)', async () => {
    const chat = chatWith('chatAgent');
    const turn = await chat.send('remember me');
    const reloaded = chatWith('chatAgent', { sessionId: turn.sessionId! });
    const info = await reloaded.restore();
    expect(info?.snapshotId).toBe(turn.snapshotId);
    expect(reloaded.getState()).toMatchObject({ snapshotId: turn.snapshotId, sessionId: turn.sessionId });
    expect(reloaded.getState().messages.map((message) => message.content[0])).toEqual([{ text: 'remember me' }, { text: 'Hello, world!' }]);
    expect((await reloaded.send('and now?')).error).toBeNull();
  });
});
