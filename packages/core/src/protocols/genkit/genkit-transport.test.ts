import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAgentChat } from '../../chat/agent-chat.js';
import type { AgentChunk } from '../../model/chunk.js';
import { encode, fixtureBytes, GENKIT_FIXTURES, replayFetch, splitAt } from '../../../test/fixtures.js';
import { genkitTransport } from './genkit-transport.js';

const URL = 'http://agent.test/chatAgent';

function chatReplaying(names: string[], pieces: (bytes: Uint8Array) => Uint8Array[] = (bytes) => [bytes]) {
  let turn = 0;
  const fetch = replayFetch(() => pieces(fixtureBytes(names[Math.min(turn++, names.length - 1)]!)));
  const chat = createAgentChat({ transport: genkitTransport({ url: URL, fetch }) });
  return { chat, fetch };
}

describe('genkitTransport on the real captures', () => {
  it('streams chat-turn.sse into one model message and resolves the full response', async () => {
    const { chat, fetch } = chatReplaying(['chat-turn.sse']);
    const chunks: AgentChunk[] = [];
    const response = await chat.sendStream('hi there', (chunk) => chunks.push(chunk));
    expect(fetch.calls[0]!.url).toBe(URL);
    expect(fetch.calls[0]!.headers.get('accept')).toBe('text/event-stream');
    expect(fetch.calls[0]!.body).toEqual({ data: { message: { role: 'user', content: [{ text: 'hi there' }] } }, init: {} });
    expect(chunks.map((chunk) => chunk.text ?? (chunk.turnEnd ? 'END' : '?'))).toEqual(['Hello', ', ', 'world!', 'END']);
    expect(chunks[0]!.modelChunk).toEqual({ role: 'model', index: 0, content: [{ text: 'Hello' }] });
    expect(chunks[3]!.turnEnd).toEqual({ finishReason: 'stop', snapshotId: '84569364-b164-450f-ba21-7689ae73cb60' });
    expect(chunks[3]!.raw).toEqual({ turnEnd: { snapshotId: '84569364-b164-450f-ba21-7689ae73cb60', finishReason: 'stop' } });
    expect(response).toMatchObject({
      text: 'Hello, world!',
      message: { role: 'model', content: [{ text: 'Hello, world!' }] },
      toolRequests: [],
      interrupts: [],
      finishReason: 'stop',
      snapshotId: '84569364-b164-450f-ba21-7689ae73cb60',
      sessionId: '1bfab967-c99f-4a29-838b-3fd76b40ae8e',
      state: null,
      artifacts: [],
      error: null,
    });
    const state = chat.getState();
    expect(state.status).toBe('ready');
    expect(state.messages.map((message) => [message.role, message.status, message.content])).toEqual([
      ['user', 'done', [{ text: 'hi there' }]],
      ['model', 'done', [{ text: 'Hello, world!' }]],
    ]);
  });

  it('carries the snapshot forward, runs an interrupt, and resumes it with a text answer', async () => {
    const { chat, fetch } = chatReplaying(['chat-turn.sse', 'interrupt-turn.sse', 'resume-turn.sse']);
    await chat.send('hi there');
    const interrupted = await chat.send('please interrupt');
    expect(fetch.calls[1]!.body).toMatchObject({ init: { snapshotId: '84569364-b164-450f-ba21-7689ae73cb60' } });
    expect(interrupted.finishReason).toBe('interrupted');
    expect(interrupted.interrupts).toEqual([{ toolRequest: { name: 'askUser', ref: 'r1', input: { question: 'Proceed?' } }, metadata: { interrupt: true } }]);
    expect(chat.getState().interrupts).toHaveLength(1);
    expect(chat.getState().messages.at(-1)).toMatchObject({ role: 'model', status: 'done' });

    const resumed = await chat.resume([{ text: 'yes' }]);
    expect(fetch.calls[2]!.body).toEqual({
      data: { resume: { respond: [{ toolResponse: { name: 'askUser', ref: 'r1', output: 'yes' } }] } },
      init: { snapshotId: '109f257b-508f-4f3c-beff-c48c25baf52e' },
    });
    expect(resumed.text).toBe('Got "yes".');
    expect(chat.getState().interrupts).toEqual([]);
    expect(chat.getState().messages.map((message) => message.role)).toEqual(['user', 'model', 'user', 'model', 'tool', 'model']);
  });

  it('applies custom patches (first replaces the document) and artifacts (same name replaces, unnamed appends)', async () => {
    const { chat } = chatReplaying(['custom-turn1.sse', 'custom-turn2.sse']);
    const customs: unknown[] = [];
    const artifacts: string[] = [];
    const first = await chat.sendStream('go', (chunk) => {
      if (chunk.custom !== undefined) customs.push(chunk.custom);
      if (chunk.artifact) artifacts.push(`${chunk.artifact.name ?? '-'}:${JSON.stringify(chunk.artifact.parts)}`);
    });
    expect(customs).toEqual([{ status: 'thinking', count: 1 }, { status: 'done', count: 1, items: ['x'] }]);
    expect(artifacts).toEqual(['notes.md:[{"text":"# v1"}]', 'notes.md:[{"text":"# v2"}]', '-:[{"text":"unnamed"}]']);
    expect(first.custom).toEqual({ status: 'done', count: 1, items: ['x'] });
    expect(first.artifacts).toEqual([{ name: 'notes.md', parts: [{ text: '# v2' }] }, { parts: [{ text: 'unnamed' }] }]);
    expect(first.text).toBe('Work done');
    const second = await chat.send('again');
    expect(second.custom).toEqual({ status: 'done', count: 2, items: ['x'] });
    expect(chat.getState().artifacts).toEqual([{ name: 'notes.md', parts: [{ text: '# v2' }] }, { parts: [{ text: 'unnamed' }] }, { parts: [{ text: 'unnamed' }] }]);
  });

  it('client-managed: keeps the returned state and echoes it, not the session id', async () => {
    const { chat, fetch } = chatReplaying(['client-managed-turn.sse']);
    const first = await chat.send('hi');
    expect(first.state).toEqual({
      custom: { k: 1 },
      messages: [{ role: 'user', content: [{ text: 'hi' }] }, { role: 'model', content: [{ text: 'Hello, world!' }] }],
      artifacts: [],
      sessionId: 'c241abb5-c891-4d61-9820-b4585f2fc960',
    });
    expect(first.snapshotId).toBeNull();
    expect(first.custom).toEqual({ k: 1 });
    await chat.send('again');
    expect(fetch.calls[1]!.body).toMatchObject({ init: { state: first.state } });
    expect((fetch.calls[1]!.body as { init: object }).init).not.toHaveProperty('sessionId');
  });

  it('a failed turn: typed error, status error, turn-end chunk last with the snapshot, and the next send works', async () => {
    const { chat } = chatReplaying(['failed-turn.sse', 'chat-turn.sse']);
    const chunks: AgentChunk[] = [];
    const failed = await chat.sendStream('boom', (chunk) => chunks.push(chunk));
    expect(chunks).toEqual([{ turnEnd: { finishReason: 'failed', snapshotId: 'f64c3e5a-8015-44d1-b75f-97b181618548' }, raw: expect.anything() }]);
    expect(failed.finishReason).toBe('failed');
    expect(failed.snapshotId).toBe('f64c3e5a-8015-44d1-b75f-97b181618548');
    expect(failed.error).toMatchObject({ name: 'AgentChatError', code: 'server-error', serverStatus: 'INTERNAL', message: 'model exploded' });
    expect(chat.getState()).toMatchObject({ status: 'error', finishReason: 'failed' });
    const next = await chat.send('hi');
    expect(next.text).toBe('Hello, world!');
    expect(chat.getState()).toMatchObject({ status: 'ready', error: null });
  });

  for (const [name, serverStatus] of [['unknown-snapshot.sse', 'NOT_FOUND'], ['state-sent-to-store-agent.sse', 'FAILED_PRECONDITION'], ['flow-error.sse', 'INTERNAL']] as const) {
    it(`${name}: ends in a typed error with the server's status`, async () => {
      const { chat } = chatReplaying([name]);
      const response = await chat.send('x');
      expect(response.finishReason).toBe('failed');
      expect(response.error).toMatchObject({ code: 'server-error', serverStatus });
      expect(chat.getState().status).toBe('error');
    });
  }

  it('detach: the turn ends detached, and stop() asks the server to abort that pending snapshot', async () => {
    const abortBody = readFileSync(GENKIT_FIXTURES + 'abort-completed.json');
    const calls: Array<{ url: string; body: unknown }> = [];
    const fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      if (url.endsWith('/abort')) return new Response(abortBody, { headers: { 'Content-Type': 'application/json' } });
      return new Response(fixtureBytes('detach-turn.sse'));
    }) as typeof globalThis.fetch;
    const chat = createAgentChat({ transport: genkitTransport({ url: URL, fetch }) });
    const response = await chat.send({ message: { role: 'user', content: [{ text: 'work' }] }, detach: true });
    expect(response).toMatchObject({ finishReason: 'detached', snapshotId: '43c9d662-7ca1-4131-b922-b82843c0c61f' });
    expect(chat.getState().status).toBe('ready');
    await chat.stop();
    expect(calls[1]).toEqual({ url: `${URL}/abort`, body: { data: { snapshotId: '43c9d662-7ca1-4131-b922-b82843c0c61f' } } });
  });

  it('getSnapshot posts to <url>/getSnapshot; a 404 is a not-found error with the status and the server message', async () => {
    const found = readFileSync(GENKIT_FIXTURES + 'get-snapshot.json');
    const missing = readFileSync(GENKIT_FIXTURES + 'get-snapshot-missing.http', 'utf8').split('\r\n\r\n')[1]!;
    const fetch = (async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { data: { snapshotId: string } };
      expect(url).toBe(`${URL}/getSnapshot`);
      return body.data.snapshotId === 'nope'
        ? new Response(missing, { status: 404, statusText: 'Not Found', headers: { 'Content-Type': 'application/json' } })
        : new Response(found, { headers: { 'Content-Type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const chat = createAgentChat({ transport: genkitTransport({ url: URL, fetch }) });
    expect(await chat.getSnapshot({ snapshotId: '84569364-b164-450f-ba21-7689ae73cb60' })).toMatchObject({ status: 'completed', finishReason: 'stop' });
    await expect(chat.getSnapshot({ snapshotId: 'nope' })).rejects.toMatchObject({
      code: 'not-found', status: 404, serverStatus: 'NOT_FOUND', message: "Snapshot 'nope' not found for agent 'chatAgent'.",
    });
  });

  it('HTTP 500 before the stream: typed http-error, user message kept, next send works', async () => {
    let first = true;
    const fetch = (async () => {
      if (first) {
        first = false;
        return new Response('{"error":{"status":"INTERNAL","message":"down"}}', { status: 500 });
      }
      return new Response(fixtureBytes('chat-turn.sse'));
    }) as unknown as typeof globalThis.fetch;
    const chat = createAgentChat({ transport: genkitTransport({ url: URL, fetch }) });
    const failed = await chat.send('hi');
    expect(failed.error).toMatchObject({ code: 'http-error', status: 500, serverStatus: 'INTERNAL', message: 'down' });
    expect(chat.getState().messages).toHaveLength(1);
    expect((await chat.send('again')).text).toBe('Hello, world!');
    expect(chat.getState().messages).toHaveLength(3);
  });

  it('a stream cut before the turn end keeps the partial text, marked failed', async () => {
    const bytes = fixtureBytes('chat-turn.sse');
    const cut = new TextDecoder().decode(bytes).indexOf('data: {"message":{"turnEnd"');
    const fetch = replayFetch([bytes.slice(0, cut)]);
    const chat = createAgentChat({ transport: genkitTransport({ url: URL, fetch }) });
    const response = await chat.send('hi');
    expect(response.error?.code).toBe('incomplete-stream');
    expect(chat.getState().messages[1]).toMatchObject({ status: 'failed', content: [{ text: 'Hello, world!' }] });
  });

  it('the same state whatever byte the capture is split at', async () => {
    const bytes = fixtureBytes('custom-turn1.sse');
    const { chat: reference } = chatReplaying(['custom-turn1.sse']);
    await reference.send('go');
    const { messages, custom, artifacts } = reference.getState();
    for (let offset = 1; offset < bytes.length; offset += 7) {
      const { chat } = chatReplaying(['custom-turn1.sse'], (whole) => splitAt(whole, [offset, offset + 3]));
      await chat.send('go');
      const state = chat.getState();
      expect(state.messages.map((message) => message.content)).toEqual(messages.map((message) => message.content));
      expect([state.custom, state.artifacts]).toEqual([custom, artifacts]);
    }
  });

  it('headers can be a function, read per request', async () => {
    let token = 'a';
    const fetch = replayFetch(() => [fixtureBytes('chat-turn.sse')]);
    const chat = createAgentChat({ transport: genkitTransport({ url: URL, fetch, headers: () => ({ Authorization: `Bearer ${token}` }) }) });
    await chat.send('1');
    token = 'b';
    await chat.send('2');
    expect(fetch.calls.map((call) => call.headers.get('authorization'))).toEqual(['Bearer a', 'Bearer b']);
  });

  it('a garbage frame is reported but does not lose the rest of the turn', async () => {
    const bytes = fixtureBytes('chat-turn.sse');
    const fetch = replayFetch([encode('data: {not json\n\n'), bytes]);
    const chat = createAgentChat({ transport: genkitTransport({ url: URL, fetch }) });
    const response = await chat.send('hi');
    expect(response.text).toBe('Hello, world!');
    expect(response.error?.code).toBe('malformed-frame');
    expect(chat.getState().status).toBe('error');
  });
});
