/**
 * Live interop: AgentChat + tnsaiTransport against a small node:http server streaming TnsAI's ChatChunks as
 * NDJSON (the encoding documented in src/protocols/tnsai/tnsai-decoder.ts), over real sockets. The server and its scripts are in
 * ./tnsai-live-server.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentChat, textOf, type AgentChatError, type AgentChunk } from '@agent-chat/core';
import { tnsaiTransport } from '../src/protocols/tnsai/tnsai-transport.js';
import { startTnsaiLiveServer, type TnsaiLiveServer } from './tnsai-live-server.js';

let server: TnsaiLiveServer;
let url = '';
let requests: TnsaiLiveServer['requests'];
let longRuns: TnsaiLiveServer['longRuns'];

beforeAll(async () => {
  server = await startTnsaiLiveServer();
  ({ url, requests, longRuns } = server);
});

afterAll(() => server.close());

function chatWith(target = url) {
  const errors: AgentChatError[] = [];
  const chat = createAgentChat({ transport: tnsaiTransport({ url: target, headers: () => ({ 'X-Tenant': 'tenant-a' }) }), onError: (error) => errors.push(error) });
  return { chat, errors };
}

const kind = (chunk: AgentChunk) =>
  chunk.turnEnd ? `end:${chunk.turnEnd.finishReason}` : chunk.text !== undefined ? `text:${chunk.text}` : chunk.toolRequest ? `tool:${chunk.toolRequest.toolRequest.name}` : 'other';

describe('tnsaiTransport against a live NDJSON server', () => {
  it('streams CONTENT tokens; posts {message, sessionId, history}; the session id is kept across turns', async () => {
    const { chat, errors } = chatWith();
    const before = requests.length;
    const chunks: AgentChunk[] = [];
    const response = await chat.sendStream('Tell me a story', (chunk) => chunks.push(chunk));
    expect(chunks.map(kind)).toEqual(['text:Hello', 'text:, ', 'text:world!', 'end:stop']);
    expect(chunks[0]!.modelChunk).toEqual({ type: 'CONTENT', content: 'Hello', tokenCount: 1, chunkIndex: 0 });
    expect(response).toMatchObject({ text: 'Hello, world!', finishReason: 'stop', error: null, raw: { model: 'tns-mock', finishReason: 'STOP' } });
    const first = requests[before]!;
    expect(first.body).toEqual({ message: 'Tell me a story', sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/), history: [] });
    expect(first.headers).toMatchObject({ 'content-type': 'application/json', accept: 'application/x-ndjson, application/json', 'x-tenant': 'tenant-a' });
    expect(chat.getState()).toMatchObject({ status: 'ready', sessionId: first.body.sessionId });

    await chat.send('again');
    expect(requests[before + 1]!.body).toEqual({
      message: 'again',
      sessionId: first.body.sessionId,
      history: [{ role: 'user', content: 'Tell me a story' }, { role: 'assistant', content: 'Hello, world!' }],
    });
    expect(errors).toEqual([]);
  });

  it('TOOL_CALL: a tool request, DONE TOOL_CALLS → other; answering it sends toolResults', async () => {
    const { chat } = chatWith();
    const chunks: AgentChunk[] = [];
    const response = await chat.sendStream('tools', (chunk) => chunks.push(chunk));
    expect(chunks.map(kind)).toEqual(['text:Let me look.', 'tool:search', 'end:other']);
    expect(response).toMatchObject({ finishReason: 'other', toolRequests: [{ toolRequest: { name: 'search', ref: 'call-1', input: { q: 'notes' } } }] });
    expect(chat.getState().messages[1]!.content).toEqual([{ text: 'Let me look.' }, { toolRequest: { name: 'search', ref: 'call-1', input: { q: 'notes' } } }]);

    const before = requests.length;
    const answered = await chat.resume([{ toolResponse: { name: 'search', ref: 'call-1', output: ['n1', 'n2'] } }]);
    expect(requests[before]!.body).toMatchObject({
      message: '',
      toolResults: [{ toolCallId: 'call-1', name: 'search', output: ['n1', 'n2'] }],
      history: [{ role: 'user', content: 'tools' }, { role: 'assistant', content: 'Let me look.', toolCalls: [{ id: 'call-1', name: 'search', arguments: { q: 'notes' } }] }],
    });
    expect(answered).toMatchObject({ text: 'Found: ["n1","n2"]', finishReason: 'stop' });
  });

  it('CONTENT_FILTER → blocked, with the text so far', async () => {
    const { chat } = chatWith();
    const response = await chat.send('filter');
    expect(response).toMatchObject({ finishReason: 'blocked', text: 'I can', error: null });
    expect(chat.getState().status).toBe('ready');
  });

  it('ERROR: a failed turn with the message, partial text kept as failed, the next send works', async () => {
    const { chat, errors } = chatWith();
    const chunks: AgentChunk[] = [];
    const failed = await chat.sendStream('error', (chunk) => chunks.push(chunk));
    expect(chunks.map(kind)).toEqual(['text:Par', 'end:failed']);
    expect(failed).toMatchObject({ finishReason: 'failed', error: { code: 'server-error', message: 'rate limited' } });
    expect(errors.map((error) => error.message)).toEqual(['rate limited']);
    expect(chat.getState().messages.at(-1)).toMatchObject({ status: 'failed', content: [{ text: 'Par' }] });
    expect(chat.getState().status).toBe('error');
    expect((await chat.send('hi')).text).toBe('Hello, world!');
    expect(chat.getState()).toMatchObject({ status: 'ready', error: null });
  });

  it('concatenated objects split at odd byte positions decode the same', async () => {
    const { chat } = chatWith();
    expect(await chat.send('concat')).toMatchObject({ text: 'Hello, world!', finishReason: 'stop', error: null });
  });

  it('a body without DONE: incomplete-stream', async () => {
    const { chat } = chatWith();
    const response = await chat.send('cut');
    expect(response).toMatchObject({ finishReason: 'failed', text: 'Cut', error: { code: 'incomplete-stream' } });
  });

  it('stop() mid-stream keeps the partial text and releases the connection', async () => {
    const { chat } = chatWith();
    let tokens = 0;
    const stopped = await chat.sendStream('long', (chunk) => { if (chunk.text && ++tokens === 4) void chat.stop(); });
    expect(stopped.finishReason).toBe('aborted');
    expect(textOf(chat.getState().messages.at(-1)!.content)).toMatch(/^word0 word1 word2 word3 /);
    expect(chat.getState()).toMatchObject({ status: 'ready', error: null });
    const run = longRuns.at(-1)!;
    await expect.poll(() => run.clientGone).toBe(true);
    expect(run.written).toBeLessThan(300);
    expect((await chat.send('hi')).text).toBe('Hello, world!');
  });

  it('an HTTP 429 is a typed http-error with the server message and code', async () => {
    const { chat } = chatWith(url.replace('/chat/stream', '/fail'));
    const response = await chat.send('hi');
    expect(response.error).toMatchObject({ code: 'http-error', status: 429, message: 'slow down', serverStatus: 'RATE_LIMIT' });
  });
});
