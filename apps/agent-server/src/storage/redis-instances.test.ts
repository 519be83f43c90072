import { aguiTransport, createAgentChat, genkitTransport } from '@agent-chat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aguiEvents, aiSdkText, genkitText, idsOf, range, readFrames, STORY_TEXT } from '../turns/resume-support.js';
import type { TaskState } from '../agent/task-state.js';
import { postJson, startTestServer, type TestServer } from '../test-support.js';
import { clientTools, resumable } from '@agent-chat/core';
import { REDIS_SERVER, redisAvailable as available, startRedis } from '../../../../packages/server/src/redis-test-support.js';

if (!available) console.warn(`\n*** SKIPPED: the Redis tests need Debian's redis-server at ${REDIS_SERVER} (apt-get install redis-server) ***\n`);

describe('redis-server for the two-instance tests', () => {
  it.runIf(process.env.CI === 'true')('is installed under CI', () => expect(available).toBe(true));
});

let redis: Awaited<ReturnType<typeof startRedis>>;
let a: TestServer;
let b: TestServer;
const RESUMABLE = { 'content-type': 'application/json', accept: 'text/event-stream', 'x-agent-resumable': 'true' };

describe.runIf(available)('two agent-server instances sharing one redis-server', () => {
  beforeAll(async () => {
    redis = await startRedis();
    const redisUrl = (redis.client.options as { url: string }).url;
    // A story takes ~3 s: it still runs when the test reattaches through the other instance.
    [a, b] = await Promise.all([startTestServer({ redisUrl, tokenDelayMs: 10 }), startTestServer({ redisUrl, tokenDelayMs: 10 })]);
  }, 30_000);
  afterAll(async () => {
    await Promise.all([a?.dispose(), b?.dispose()]);
    await redis?.stop();
  });

  it.each([1, 40, 150])('a Genkit turn started on A, cut after %i frames, resumes through B with the exact text; B continues the session', async (cut) => {
    const controller = new AbortController();
    const story = await fetch(a.server.agentUrl, { method: 'POST', headers: RESUMABLE, body: JSON.stringify({ data: { message: { role: 'user', content: [{ text: 'a long story' }] } }, init: {} }), signal: controller.signal });
    const turnId = story.headers.get('x-agent-turn-id')!;
    const head = await readFrames(story, { stopAfter: cut, controller });
    const rest = await readFrames(await fetch(`${b.server.agentUrl}/turns/${turnId}/stream`, { headers: { 'last-event-id': String(cut - 1) } }));
    expect(idsOf(rest)).toEqual(range(cut, rest.length));
    const all = [...head, ...rest];
    expect(genkitText(all)).toEqual({ streamed: STORY_TEXT, result: STORY_TEXT });
    const sessionId = (JSON.parse(all.at(-1)!.value) as { result: { sessionId: string } }).result.sessionId;

    const onB = createAgentChat<TaskState>({ features: [clientTools(), resumable()], transport: genkitTransport({ url: b.server.agentUrl }), sessionId });
    const snapshot = await onB.getSnapshot({ sessionId });
    expect(snapshot.state?.messages.at(-1)?.content).toEqual([{ text: STORY_TEXT }]);
    expect((await onB.send('add Bread')).text).toBe('Added “Bread” (task #1).');
    expect(onB.getState().custom).toEqual({ tasks: [{ id: 1, title: 'Bread', done: false }], nextId: 2 });
  });

  it('AI SDK: useChat’s GET {api}/{chatId}/stream on B follows a turn running on A; B loads the chat with the final text', async () => {
    const chatId = `redis-chat-${Date.now()}`;
    const controller = new AbortController();
    const story = await fetch(a.server.aiSdkUrl, {
      method: 'POST',
      headers: RESUMABLE,
      body: JSON.stringify({ id: chatId, trigger: 'submit-message', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'a long story' }] }] }),
      signal: controller.signal,
    });
    await readFrames(story, { stopAfter: 3, controller });
    const resumed = await fetch(`${b.server.aiSdkUrl}/${chatId}/stream`);
    expect(resumed.status).toBe(200);
    expect(aiSdkText(await readFrames(resumed))).toBe(STORY_TEXT);
    const chat = (await (await fetch(`${b.server.aiSdkUrl}/chats/${chatId}`)).json()) as { messages: Array<{ parts: Array<{ type: string; text?: string }> }> };
    expect(chat.messages.at(-1)!.parts.filter((part) => part.type === 'text').map((part) => part.text).join('')).toBe(STORY_TEXT);
    expect((await fetch(`${b.server.aiSdkUrl}/${chatId}/stream`)).status).toBe(204);
  });

  it('one turn per session across instances: B answers 409 while A runs it; B cancels it; the state A wrote is B’s', async () => {
    const chat = createAgentChat<TaskState>({ features: [clientTools(), resumable()], transport: aguiTransport({ url: a.server.aguiUrl }) });
    await chat.send('add Buy milk');
    const threadId = chat.getState().sessionId!;
    const run = (server: TestServer, text: string) =>
      fetch(server.server.aguiUrl, { method: 'POST', headers: RESUMABLE, body: JSON.stringify({ threadId, runId: `r-${text}`, messages: [{ id: `u-${text}`, role: 'user', content: text }], state: {}, tools: [], context: [], forwardedProps: {} }) });
    const controller = new AbortController();
    const tell = () => fetch(a.server.aguiUrl, { method: 'POST', headers: RESUMABLE, signal: controller.signal, body: JSON.stringify({ threadId, runId: 'story', messages: [{ id: 'u-story', role: 'user', content: 'a long story' }], state: {}, tools: [], context: [], forwardedProps: {} }) });
    // Sent as soon as the first turn's stream ended: its Redis claim is freed before its last byte.
    const story = await tell();
    expect(story.status).toBe(200);
    const turnId = story.headers.get('x-agent-turn-id')!;
    await readFrames(story, { stopAfter: 3, controller });

    const refused = await run(b, 'add Bread');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ status: 'ABORTED', runningTurnId: turnId });
    expect(await (await fetch(`${b.server.aguiUrl}/turns/${turnId}/cancel`, { method: 'POST' })).json()).toEqual({ turnId, status: 'cancelling' });
    const ending = aguiEvents(await readFrames(await fetch(`${b.server.aguiUrl}/turns/${turnId}/stream`, { headers: { 'last-event-id': '2' } })));
    expect(['RUN_FINISHED', 'RUN_ERROR']).toContain(ending.at(-1)!.type);

    const connect = aguiEvents(await readFrames(await postJson(`${b.server.aguiUrl}/connect`, { threadId, runId: 'c', messages: [], state: {}, tools: [], context: [], forwardedProps: {} })));
    expect(connect[2]).toMatchObject({ type: 'STATE_SNAPSHOT', snapshot: { tasks: [{ id: 1, title: 'Buy milk', done: false }], nextId: 2 } });
    const next = await run(b, 'add Bread');
    expect(next.status).toBe(200);
    expect(aguiEvents(await readFrames(next)).find((event) => event.type === 'STATE_SNAPSHOT')).toMatchObject({ snapshot: { tasks: [{ title: 'Buy milk' }, { title: 'Bread' }] } });
  });
});
