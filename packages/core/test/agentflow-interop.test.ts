/**
 * Live interop: AgentChat + agentFlowTransport against a real HTTP server speaking AgentFlow's
 * streaming API (its `stream()` reference), over real sockets. See agentflow-live-server.ts for the scripts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentChat } from '../src/chat/agent-chat.js';
import type { AgentChunk } from '../src/model/chunk.js';
import { AgentChatError } from '../src/model/error.js';
import { textOf } from '../src/model/part.js';
import { agentFlowTransport, type AgentFlowTransportOptions } from '../src/protocols/agentflow/agentflow-transport.js';
import { startAgentFlowLiveServer, type AgentFlowLiveServer } from './agentflow-live-server.js';

let server: AgentFlowLiveServer;

beforeAll(async () => {
  server = await startAgentFlowLiveServer({ token: 'secret' });
});

afterAll(async () => {
  await server?.close();
});

function chatWith(extra: Partial<AgentFlowTransportOptions> = {}) {
  const errors: AgentChatError[] = [];
  const chat = createAgentChat({
    transport: agentFlowTransport({ url: server.baseUrl, auth: 'secret', responseGranularity: 'partial', ...extra }),
    onError: (error) => errors.push(error),
  });
  return { chat, errors };
}

/** The requests the server got since `from`, on one path. */
const requestsSince = (from: number, path: string) => server.requests.slice(from).filter((request) => request.path === path);

const EXPECTED_TASKS = [{ id: 1, title: 'Answer the question', done: true }];

describe('agentFlowTransport against a live AgentFlow server', () => {
  it('streams deltas; the final message replaces the partial one', async () => {
    const { chat, errors } = chatWith();
    const before = server.requests.length;
    const chunks: AgentChunk[] = [];
    const response = await chat.sendStream('What is the capital of France?', (chunk) => chunks.push(chunk));

    const texts = chunks.filter((chunk) => chunk.text !== undefined).map((chunk) => chunk.text);
    expect(texts).toEqual(['The', ' capital', ' of France is Paris.']);
    expect(chunks.at(-1)).toMatchObject({ turnEnd: { finishReason: 'stop' } });
    expect(chunks.filter((chunk) => chunk.turnEnd)).toHaveLength(1);
    expect(chunks[0]!.modelChunk).toMatchObject({ role: 'assistant', delta: true, content: [{ type: 'text', text: 'The' }] });

    expect(response).toMatchObject({ text: 'The capital of France is Paris.', finishReason: 'stop', error: null, interrupts: [] });
    const state = chat.getState();
    expect(state.status).toBe('ready');
    expect(state.messages.map((message) => [message.role, message.status, textOf(message.content)])).toEqual([
      ['user', 'done', 'What is the capital of France?'],
      ['model', 'done', 'The capital of France is Paris.'],
    ]);
    expect(state.messages[1]!.content).toEqual([{ text: 'The capital of France is Paris.' }]);
    expect(errors).toEqual([]);

    const [request] = requestsSince(before, '/v1/graph/stream');
    expect(request!.headers.authorization).toBe('Bearer secret');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toEqual({
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is the capital of France?' }], message_id: '0' }],
      response_granularity: 'partial',
    });
  });

  it('reads concatenated objects without newlines, split mid-character, with the multi-byte text intact', async () => {
    const { chat, errors } = chatWith();
    const chunks: AgentChunk[] = [];
    const response = await chat.sendStream('concat', (chunk) => chunks.push(chunk));
    const expected = 'The capital of France is Paris — é 世界.';
    const run = server.runs.at(-1)!;
    expect(run.script).toBe('concat');
    expect(run.writes).toBeGreaterThan(10);
    expect(chunks.filter((chunk) => chunk.text !== undefined).map((chunk) => chunk.text)).toEqual(['The', ' capital', ' of France is Paris — é 世界.']);
    expect(response.text).toBe(expected);
    expect(response.finishReason).toBe('stop');
    expect(chat.getState().messages.filter((message) => message.role === 'model')).toEqual([
      expect.objectContaining({ status: 'done', content: [{ text: expected }] }),
    ]);
    expect(response.custom).toEqual({ tasks: EXPECTED_TASKS });
    expect(errors).toEqual([]);
  });

  it('an error event ends the turn with a typed server-error, keeps the partial text, and the next send works', async () => {
    const { chat, errors } = chatWith();
    const chunks: AgentChunk[] = [];
    const failed = await chat.sendStream('error', (chunk) => chunks.push(chunk));

    expect(failed.finishReason).toBe('failed');
    expect(failed.error).toBeInstanceOf(AgentChatError);
    expect(failed.error).toMatchObject({ name: 'AgentChatError', code: 'server-error', message: 'model exploded' });
    expect(errors).toHaveLength(1); // the repeated error event is ignored
    expect(errors[0]).toBe(failed.error);
    expect(chunks.at(-1)).toMatchObject({ turnEnd: { finishReason: 'failed' } });
    const state = chat.getState();
    expect(state).toMatchObject({ status: 'error', finishReason: 'failed', error: failed.error });
    expect(state.messages.map((message) => [message.role, message.status, textOf(message.content)])).toEqual([
      ['user', 'done', 'error'],
      ['model', 'failed', 'Let me check'],
    ]);
    expect(failed.text).toBe('Let me check');

    const next = await chat.send('And the capital of Italy?');
    expect(next).toMatchObject({ finishReason: 'stop', error: null, text: 'The capital of France is Paris.' });
    expect(chat.getState()).toMatchObject({ status: 'ready', error: null, finishReason: 'stop' });
    expect(chat.getState().messages.map((message) => message.status)).toEqual(['done', 'failed', 'done', 'done']);
  });

  it('continues the thread: the second request carries config.thread_id, initial_state only goes with the first', async () => {
    const { chat } = chatWith({ initialState: { tasks: [] }, recursionLimit: 12 });
    const before = server.requests.length;
    const first = await chat.send('hello');
    const threadId = chat.getState().sessionId;
    expect(threadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.sessionId).toBe(threadId);
    expect(server.threads.has(threadId!)).toBe(true);

    const second = await chat.send('hello again');
    expect(second.sessionId).toBe(threadId);
    expect(chat.getState().sessionId).toBe(threadId);

    const [one, two] = requestsSince(before, '/v1/graph/stream');
    expect(one!.body).toEqual({
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hello' }], message_id: '0' }],
      initial_state: { tasks: [] },
      recursion_limit: 12,
      response_granularity: 'partial',
    });
    expect(two!.body).toEqual({
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hello again' }], message_id: '0' }],
      config: { thread_id: threadId },
      recursion_limit: 12,
      response_granularity: 'partial',
    });
    // the server kept the thread: both user messages and both answers
    expect(server.threads.get(threadId!)!.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(chat.getState().messages.map((message) => message.role)).toEqual(['user', 'model', 'user', 'model']);
  });

  it('an interrupt ends the turn interrupted with pending interrupts; resume answers them on the same thread', async () => {
    const { chat } = chatWith();
    const interrupted = await chat.send('interrupt');
    const threadId = chat.getState().sessionId!;
    expect(interrupted.finishReason).toBe('interrupted');
    expect(interrupted.text).toBe('Shall I book it?');
    expect(interrupted.interrupts).toEqual([
      { toolRequest: { name: 'approve', ref: `${threadId}:2`, input: { question: 'Proceed?' } }, metadata: { interrupt: true } },
    ]);
    expect(chat.getState()).toMatchObject({ status: 'ready', finishReason: 'interrupted' });
    expect(chat.getState().interrupts).toHaveLength(1);

    const before = server.requests.length;
    const resumed = await chat.resume([{ text: 'yes' }]);
    const [request] = requestsSince(before, '/v1/graph/stream');
    expect(request!.body).toEqual({
      messages: [{ role: 'tool', content: [{ type: 'tool_result', call_id: `${threadId}:2`, output: 'yes', is_error: false, status: 'completed' }], message_id: '0' }],
      config: { thread_id: threadId },
      response_granularity: 'partial',
    });
    expect(resumed).toMatchObject({ finishReason: 'stop', text: 'Resumed with yes.', interrupts: [] });
    expect(chat.getState().interrupts).toEqual([]);
  });

  it('stop() mid-stream keeps the partial text, ends aborted, and posts /v1/graph/stop {thread_id}', async () => {
    const { chat, errors } = chatWith();
    const before = server.requests.length;
    const chunks: AgentChunk[] = [];
    let stopping: Promise<void> | undefined;
    const response = await chat.sendStream('long', (chunk) => {
      chunks.push(chunk);
      if (!stopping && chunks.filter((c) => c.text).length >= 3) stopping = chat.stop();
    });
    await stopping;
    const threadId = chat.getState().sessionId!;
    expect(threadId).toBeTruthy();

    expect(response.finishReason).toBe('aborted');
    expect(chunks.at(-1)).toMatchObject({ turnEnd: { finishReason: 'aborted' } });
    const model = chat.getState().messages.at(-1)!;
    expect(model.role).toBe('model');
    expect(model.status).toBe('aborted');
    const partial = textOf(model.content);
    expect(partial.startsWith('word0 word1 word2 ')).toBe(true);
    expect(partial.length).toBeLessThan('word0 '.length * 200);
    expect(chat.getState()).toMatchObject({ status: 'ready', finishReason: 'aborted', error: null });
    expect(errors).toEqual([]);

    const [stop] = requestsSince(before, '/v1/graph/stop');
    expect(stop!.body).toEqual({ thread_id: threadId });
    expect(stop!.headers.authorization).toBe('Bearer secret');
    expect(server.stops.at(-1)).toEqual({ threadId, stoppedRun: true });
    const run = server.runs.at(-1)!;
    expect(run).toMatchObject({ threadId, script: 'long', endedBy: 'stop' });
    expect(run.deltas).toBeLessThan(200);

    const next = await chat.send('and now?');
    expect(next).toMatchObject({ finishReason: 'stop', text: 'The capital of France is Paris.' });
    expect(requestsSince(before, '/v1/graph/stream').at(-1)!.body.config).toEqual({ thread_id: threadId });
  });

  it('without the token: an unauthorized error with status 401 and the server message', async () => {
    const { chat, errors } = chatWith({ auth: undefined });
    const before = server.requests.length;
    const chunks: AgentChunk[] = [];
    const response = await chat.sendStream('hello', (chunk) => chunks.push(chunk));
    expect(response.finishReason).toBe('failed');
    expect(response.error).toBeInstanceOf(AgentChatError);
    expect(response.error).toMatchObject({ code: 'unauthorized', status: 401, message: 'Missing or invalid auth', details: { detail: 'Missing or invalid auth' } });
    expect(errors).toEqual([response.error]);
    expect(chunks).toEqual([{ turnEnd: { finishReason: 'failed' }, raw: expect.anything() }]);
    expect(chat.getState()).toMatchObject({ status: 'error', finishReason: 'failed', sessionId: null });
    expect(chat.getState().messages.map((message) => message.role)).toEqual(['user']);
    const [request] = requestsSince(before, '/v1/graph/stream');
    expect(request!.headers.authorization).toBeUndefined();

    // a wrong token is refused the same way
    const wrong = await chatWith({ auth: () => 'nope' }).chat.send('hello');
    expect(wrong.error).toMatchObject({ code: 'unauthorized', status: 401 });
  });

  it('custom state comes from updates, without context and execution_meta', async () => {
    const { chat } = chatWith();
    const customs: unknown[] = [];
    const response = await chat.sendStream('hello', (chunk) => {
      if (chunk.custom !== undefined) customs.push(chunk.custom);
    });
    expect(customs).toEqual([{ tasks: EXPECTED_TASKS }]);
    expect(response.custom).toEqual({ tasks: EXPECTED_TASKS });
    expect(chat.getState().custom).toEqual({ tasks: EXPECTED_TASKS });
  });

  it("granularity 'low' (the default) sends no state: no custom state, and 'full' adds the state event", async () => {
    const low = chatWith({ responseGranularity: undefined });
    const before = server.requests.length;
    const lowResponse = await low.chat.send('hello');
    expect(requestsSince(before, '/v1/graph/stream')[0]!.body.response_granularity).toBe('low');
    expect(lowResponse).toMatchObject({ text: 'The capital of France is Paris.', custom: undefined });

    const full = chatWith({ responseGranularity: 'full' });
    const customs: unknown[] = [];
    const fullResponse = await full.chat.sendStream('hello', (chunk) => {
      if (chunk.custom !== undefined) customs.push(chunk.custom);
    });
    expect(customs).toEqual([{ tasks: EXPECTED_TASKS }, { tasks: EXPECTED_TASKS }]);
    expect(fullResponse.custom).toEqual({ tasks: EXPECTED_TASKS });
  });
});
