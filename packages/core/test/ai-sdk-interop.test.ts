/**
 * Live interop: AgentChat + aiSdkTransport against a real AI SDK chat route (the `ai` package's
 * createUIMessageStream / createUIMessageStreamResponse / streamText), over real sockets.
 * See ai-sdk-live-server.ts for the scripts.
 */
import { readUIMessageStream, uiMessageChunkSchema, type UIMessage, type UIMessageChunk } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentChat, textOf, type AgentChatError, type AgentChunk } from '@agent-chat/core';
import { createSseFramer } from '../src/wire/sse.js';
import { readFrames } from '../src/wire/read-frames.js';
import { aiSdkTransport } from '../src/protocols/ai-sdk/ai-sdk-transport.js';
import { startAiSdkLiveServer, type AiSdkLiveServer } from './ai-sdk-live-server.js';

let server: AiSdkLiveServer;
beforeAll(async () => {
  server = await startAiSdkLiveServer();
});
afterAll(async () => {
  await server?.close();
});

function chatWith<S = unknown>(api = server.api) {
  const errors: AgentChatError[] = [];
  const chat = createAgentChat<S>({ transport: aiSdkTransport({ url: api, headers: { 'X-Test': 'yes' } }), onError: (error) => errors.push(error) });
  return { chat, errors };
}

/** The chat-route requests since `from`. */
const requestsSince = (from: number) => server.requests.slice(from).filter((request) => request.path === '/api/chat');

function kind(chunk: AgentChunk): string {
  if (chunk.turnEnd) return `end:${chunk.turnEnd.finishReason}`;
  if (chunk.text !== undefined) return `text:${chunk.text}`;
  if (chunk.toolRequest) return `tool-request:${chunk.toolRequest.toolRequest.name}${chunk.toolRequest.toolRequest.partial ? '~' : ''}`;
  if (chunk.toolResponse) return `tool-response:${chunk.toolResponse.toolResponse.name}`;
  if (chunk.artifact) return `artifact:${chunk.artifact.name}`;
  if (chunk.custom !== undefined) return `custom:${JSON.stringify(chunk.custom)}`;
  return 'other';
}

/** What the AI SDK's own client (`readUIMessageStream`) builds from the route's answer to `body`. */
async function aiSdkClientMessage(body: unknown): Promise<UIMessage> {
  const response = await fetch(server.api, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const chunks = new ReadableStream<UIMessageChunk>({
    async start(controller) {
      const schema = uiMessageChunkSchema();
      for await (const frames of readFrames(response.body!, createSseFramer())) {
        for (const frame of frames) {
          if (frame.type !== 'value') continue;
          const checked = await schema.validate!(frame.value);
          if (!checked.success) throw checked.error;
          controller.enqueue(checked.value);
        }
      }
      controller.close();
    },
  });
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream: chunks })) last = message;
  return last!;
}

describe('aiSdkTransport against a live AI SDK route', () => {
  it('streams text; posts {id, messages, trigger}; the chat id becomes the session id', async () => {
    const { chat, errors } = chatWith();
    const before = server.requests.length;
    const chunks: AgentChunk[] = [];
    const response = await chat.sendStream('hi there', (chunk) => chunks.push(chunk));
    expect(chunks.map(kind)).toEqual(['text:Hello', 'text:, ', 'text:world!', 'end:stop']);
    expect(chunks[0]!.modelChunk).toEqual({ type: 'text-delta', id: 't1', delta: 'Hello' });
    expect(response).toMatchObject({ text: 'Hello, world!', finishReason: 'stop', error: null, interrupts: [] });

    const [request] = requestsSince(before);
    const chatId = request!.body.id as string;
    expect(chatId).toMatch(/^[0-9a-f-]{36}$/);
    expect(request!.body).toEqual({ id: chatId, messages: [{ id: `${chatId}-0`, role: 'user', parts: [{ type: 'text', text: 'hi there' }] }], trigger: 'submit-message' });
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers.accept).toBe('text/event-stream');
    expect(request!.headers['x-test']).toBe('yes');

    const state = chat.getState();
    expect(state).toMatchObject({ status: 'ready', finishReason: 'stop', sessionId: chatId });
    expect(response.sessionId).toBe(chatId);
    expect(state.messages.map((message) => [message.role, message.status, textOf(message.content)])).toEqual([
      ['user', 'done', 'hi there'],
      ['model', 'done', 'Hello, world!'],
    ]);
    // The AI SDK generated the response message id (originalMessages mode); it is kept for the next request.
    expect(state.messages[1]!.metadata).toEqual({ messageId: expect.any(String) });
    expect(errors).toEqual([]);
  });

  it('session continuity: the next turn sends the same chat id and the whole conversation', async () => {
    const { chat } = chatWith();
    const before = server.requests.length;
    await chat.send('hi there');
    const second = await chat.send('again');
    expect(second.text).toBe('Hello, world!');
    const [first, next] = requestsSince(before);
    expect(next!.body.id).toBe(first!.body.id);
    const serverMessageId = chat.getState().messages[1]!.metadata!.messageId;
    expect(next!.body.messages).toEqual([
      { id: `${first!.body.id}-0`, role: 'user', parts: [{ type: 'text', text: 'hi there' }] },
      { id: serverMessageId, role: 'assistant', parts: [{ type: 'step-start' }, { type: 'text', text: 'Hello, world!' }] },
      { id: `${first!.body.id}-2`, role: 'user', parts: [{ type: 'text', text: 'again' }] },
    ]);
    expect(chat.getState().sessionId).toBe(first!.body.id);
  });

  it('tools: streamed input, output in a tool message, the next step in a new model message — as the AI SDK client sees it', async () => {
    const { chat } = chatWith();
    const chunks: AgentChunk[] = [];
    const response = await chat.sendStream('weather in Paris?', (chunk) => chunks.push(chunk));
    expect(chunks.map(kind)).toEqual([
      'text:Checking.', 'tool-request:getWeather~', 'tool-request:getWeather~', 'tool-request:getWeather~', 'tool-request:getWeather~', 'tool-request:getWeather',
      'tool-response:getWeather', 'text:Sunny, ', 'text:21°C in Paris.', 'end:stop',
    ]);
    expect(chunks.filter((chunk) => chunk.toolRequest?.toolRequest.partial).map((chunk) => chunk.toolRequest!.toolRequest.input)).toEqual([undefined, {}, { city: 'Pa' }, { city: 'Paris' }]);
    expect(response.text).toBe('Sunny, 21°C in Paris.');
    expect(chat.getState().messages.map((message) => [message.role, message.content])).toEqual([
      ['user', [{ text: 'weather in Paris?' }]],
      ['model', [{ text: 'Checking.' }, { toolRequest: { name: 'getWeather', ref: 'call-w1', input: { city: 'Paris' } } }]],
      ['tool', [{ toolResponse: { name: 'getWeather', ref: 'call-w1', output: { city: 'Paris', tempC: 21, sky: 'sunny' } } }]],
      ['model', [{ text: 'Sunny, 21°C in Paris.' }]],
    ]);

    // The history we send back equals what the AI SDK's own client builds from the same answer.
    const before = server.requests.length;
    await chat.send('thanks');
    const sent = requestsSince(before)[0]!.body.messages[1];
    expect(sent.parts.map((part: { type: string }) => part.type)).toEqual(['step-start', 'text', 'tool-getWeather', 'step-start', 'text']);
    const theirs = await aiSdkClientMessage({ id: 'x', messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'weather in Paris?' }] }], trigger: 'submit-message' });
    expect(theirs).toMatchObject({ ...sent, id: expect.any(String) });
  });

  for (const [answer, expected] of [
    ['yes', { text: 'Deleted /tmp/report.txt.', deleted: true, output: 'deleted /tmp/report.txt', approved: true }],
    ['no', { text: 'OK, I kept /tmp/report.txt.', deleted: false, output: undefined, approved: false }],
  ] as const) {
    it(`tool approval (streamText + needsApproval): interrupt, then resume "${answer}"`, async () => {
      const { chat, errors } = chatWith();
      const deletedBefore = server.deleted.length;
      const interrupted = await chat.send('delete the report');
      expect(interrupted.finishReason).toBe('interrupted');
      expect(interrupted.interrupts).toEqual([
        { toolRequest: { name: 'deleteFile', ref: 'call-del-1', input: { path: '/tmp/report.txt' } }, metadata: { interrupt: { approvalId: expect.any(String) } } },
      ]);
      expect(chat.getState()).toMatchObject({ status: 'ready', finishReason: 'interrupted' });
      expect(chat.getState().interrupts).toHaveLength(1);
      const approvalId = (interrupted.interrupts[0]!.metadata!.interrupt as { approvalId: string }).approvalId;
      const assistantId = chat.getState().messages[1]!.metadata!.messageId;

      const before = server.requests.length;
      const chunks: AgentChunk[] = [];
      const resumed = await chat.resume([{ text: answer }], { onChunk: (chunk) => chunks.push(chunk) });
      const [request] = requestsSince(before);
      expect(request!.body).toMatchObject({ trigger: 'submit-message', messageId: assistantId });
      expect(request!.body.messages).toHaveLength(2);
      expect(request!.body.messages[1].parts.at(-1)).toEqual({
        type: 'tool-deleteFile', toolCallId: 'call-del-1', state: 'approval-responded', input: { path: '/tmp/report.txt' },
        approval: { id: approvalId, approved: expected.approved },
      });

      expect(chunks.map(kind)).toEqual(['tool-response:deleteFile', `text:${expected.text}`, 'end:stop']);
      expect(resumed).toMatchObject({ text: expected.text, finishReason: 'stop', interrupts: [], error: null });
      expect(server.deleted.length - deletedBefore).toBe(expected.deleted ? 1 : 0);
      const messages = chat.getState().messages;
      expect(messages.map((message) => message.role)).toEqual(['user', 'model', 'tool', 'model']);
      expect(messages[2]!.content[0]).toEqual(
        expected.approved
          ? { toolResponse: { name: 'deleteFile', ref: 'call-del-1', output: expected.output } }
          : { toolResponse: { name: 'deleteFile', ref: 'call-del-1' }, metadata: { denied: true } },
      );
      expect(messages[3]!.metadata).toEqual({ messageId: assistantId }); // the route continued the same message
      expect(chat.getState()).toMatchObject({ status: 'ready', interrupts: [] });

      // The answered history is valid for the route (it validates and converts every request).
      const after = await chat.send('hi');
      expect(after.text).toBe('Hello, world!');
      const finalRequest = server.requests.at(-1)!.body;
      expect(finalRequest.messages[1].parts).toContainEqual(expect.objectContaining({ toolCallId: 'call-del-1', state: expected.approved ? 'output-available' : 'output-denied' }));
      expect(errors).toEqual([]);
    });
  }

  it('data parts with an id upsert one artifact; a data part without id stays in the message', async () => {
    const { chat } = chatWith();
    const chunks: AgentChunk[] = [];
    const response = await chat.sendStream('report please', (chunk) => chunks.push(chunk));
    expect(chunks.map(kind)).toEqual(['artifact:data-report:r1', 'artifact:data-report:r1', 'other', 'text:Report ready.', 'end:stop']);
    expect(chunks[2]!.modelChunk).toEqual({ type: 'data-note', data: { text: 'sources checked' } });
    expect(chunks[0]!.artifact!.parts).toEqual([{ data: { title: 'Q3', status: 'draft', body: '…' } }]);
    const final = { name: 'data-report:r1', parts: [{ data: { title: 'Q3', status: 'final', body: 'Revenue up 4%.' } }], metadata: { type: 'data-report', id: 'r1' } };
    expect(response.artifacts).toEqual([final]);
    expect(chat.getState().artifacts).toEqual([final]);
    expect(chat.getState().messages[1]!.content).toEqual([{ data: { text: 'sources checked' }, metadata: { type: 'data-note' } }, { text: 'Report ready.' }]);
    await chat.send('report again');
    expect(chat.getState().artifacts).toEqual([final]);
  });

  it('state: snapshot, patches, a failing patch is a typed error leaving the state untouched, the next snapshot resyncs', async () => {
    const { chat, errors } = chatWith<{ count: number; items: string[] }>();
    const customs: unknown[] = [];
    const response = await chat.sendStream('state', (chunk) => { if (chunk.custom !== undefined) customs.push(chunk.custom); });
    expect(customs).toEqual([{ count: 0, items: [] }, { count: 1, items: ['a'] }, { count: 1, items: ['a'] }, { count: 5, items: ['a', 'b'] }]);
    expect(response.custom).toEqual({ count: 5, items: ['a', 'b'] });
    expect(response.text).toBe('State updated.');
    expect(errors.map((error) => error.code)).toEqual(['patch-failed']);
    expect(chat.getState()).toMatchObject({ custom: { count: 5, items: ['a', 'b'] }, finishReason: 'stop', status: 'error', error: { code: 'patch-failed' } });
    const next = await chat.send('hi');
    expect(next.error).toBeNull();
    expect(chat.getState()).toMatchObject({ status: 'ready', custom: { count: 5, items: ['a', 'b'] } });
  });

  it('an error chunk: failed turn with the route message, partial text kept, the next send works', async () => {
    const { chat, errors } = chatWith();
    const chunks: AgentChunk[] = [];
    const failed = await chat.sendStream('boom', (chunk) => chunks.push(chunk));
    expect(chunks.map(kind)).toEqual(['text:Partial', 'end:failed']);
    expect(failed).toMatchObject({ finishReason: 'failed', error: { code: 'server-error', message: 'model exploded' } });
    expect(errors.map((error) => error.message)).toEqual(['model exploded']);
    expect(chat.getState().messages.at(-1)).toMatchObject({ role: 'model', status: 'failed', content: [{ text: 'Partial' }] });
    expect(chat.getState().status).toBe('error');
    expect((await chat.send('hi')).text).toBe('Hello, world!');
    expect(chat.getState()).toMatchObject({ status: 'ready', error: null });
  });

  it('an abort chunk ends the turn aborted; a body cut before finish is an incomplete-stream error', async () => {
    const { chat } = chatWith();
    const aborted = await chat.send('abort');
    expect(aborted).toMatchObject({ finishReason: 'aborted', error: null, text: 'Stopping' });
    expect(chat.getState().messages.at(-1)).toMatchObject({ status: 'aborted' });
    const cut = await chat.send('cut');
    expect(cut).toMatchObject({ finishReason: 'failed', error: { code: 'incomplete-stream' }, text: 'Cut' });
    expect(chat.getState().messages.at(-1)).toMatchObject({ status: 'failed', content: [{ text: 'Cut' }] });
  });

  it('stop() mid-stream keeps the partial text, ends the route\'s stream, and the chat goes on', async () => {
    const { chat } = chatWith();
    let tokens = 0;
    const stopped = await chat.sendStream('long story', (chunk) => {
      if (chunk.text && ++tokens === 5) void chat.stop();
    });
    expect(stopped.finishReason).toBe('aborted');
    const partial = chat.getState().messages.at(-1)!;
    expect(partial.status).toBe('aborted');
    expect(textOf(partial.content)).toMatch(/^word0 word1 word2 word3 word4 /);
    expect(chat.getState()).toMatchObject({ status: 'ready', finishReason: 'aborted', error: null });
    const run = server.runs.filter((candidate) => candidate.script === 'long').at(-1)!;
    await expect.poll(() => run.clientGone && run.finished).toBe(true);
    expect(run.deltas).toBeLessThan(300);
    expect((await chat.send('hi')).text).toBe('Hello, world!');
  });

  it('an HTTP error from the route is a typed http-error; the chat stays usable', async () => {
    const { chat } = chatWith(server.api.replace('/api/chat', '/api/broken'));
    const response = await chat.send('hi');
    expect(response).toMatchObject({ finishReason: 'failed', error: { code: 'http-error', status: 500, message: 'route crashed' } });
    expect(chat.getState().status).toBe('error');
  });
});
