/**
 * Delete means delete: after the owner deletes a thread, every read path of its conversation answers as for an unknown
 * id, and the stores hold nothing of it (checked in the stores themselves: the session store, the owners, the turns and,
 * with Redis, every key).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { redisAvailable, startRedis, type RedisClient } from '../redis-test-support.js';
import { fileThreadIndex } from '../threads/file-thread-index.js';
import { redisThreadIndex } from '../threads/redis-thread-index.js';
import { redisTurnStore } from '../turns/turn-store.js';
import { resumableTurns } from '../turns/resumable-turns.js';
import { call, instance, makeTempDir, ORIGIN, PROTOCOLS, removeDir, routeOf, sendTurn, turnBodies, type Instance, type Protocol } from './access-test-support.js';

/** Every read path of conversation `id` for its owner: all must answer as for an unknown id. */
async function readPaths(server: Instance, user: string, id: string, protocol: Protocol, turnId: string, snapshotId: string) {
  const status = async (response: Promise<Response>) => (await response).status;
  return {
    getSnapshotBySession: await status(call(server.routes, user, 'POST', '/api/agent/getSnapshot', { data: { sessionId: id } })),
    getSnapshotById: await status(call(server.routes, user, 'POST', '/api/agent/getSnapshot', { data: { snapshotId } })),
    continueSnapshot: await status(call(server.routes, user, 'POST', '/api/agent', { data: { message: { role: 'user', content: [{ text: 'x' }] } }, init: { snapshotId } })),
    connect: await status(call(server.routes, user, 'POST', '/api/agui/connect', { threadId: id, runId: 'r', messages: [], state: {}, tools: [], context: [], forwardedProps: {} })),
    chat: await status(call(server.routes, user, 'GET', `/api/ai-sdk/chats/${id}`)),
    resume: await status(call(server.routes, user, 'GET', `/api/ai-sdk/${id}/stream`)),
    replay: await status(call(server.routes, user, 'GET', `${routeOf(protocol)}/turns/${turnId}/stream`)),
    cancel: await status(call(server.routes, user, 'POST', `${routeOf(protocol)}/turns/${turnId}/cancel`)),
    thread: await status(call(server.routes, user, 'GET', `/api/threads/${id}`)),
  };
}
const GONE = { getSnapshotBySession: 404, getSnapshotById: 404, continueSnapshot: 404, connect: 404, chat: 404, resume: 204, replay: 204, cancel: 404, thread: 404 };

/** Starts a conversation of `user` with two turns (so it has a version tree), then deletes its thread. */
async function startThenDelete(server: Instance, user: string, id: string, protocol: Protocol) {
  expect((await call(server.routes, user, 'POST', '/api/threads', { id, title: 'Plans', createdAt: 1, updatedAt: 1, archived: false })).status).toBe(201);
  const first = await sendTurn(server.routes, user, protocol, id, 'first');
  expect(first.status).toBe(200);
  await vi.waitFor(async () => expect(await server.routes.turns.running(id)).toBeUndefined());
  expect((await sendTurn(server.routes, user, 'genkit', id, 'second')).status).toBe(200);
  await vi.waitFor(async () => expect(await server.routes.turns.running(id)).toBeUndefined());
  const { result } = (await (await call(server.routes, user, 'POST', '/api/agent/getSnapshot', { data: { sessionId: id } })).json()) as { result: { snapshotId: string } };
  expect(server.store.sessionIds()).toContain(id);
  expect((await call(server.routes, user, 'DELETE', `/api/threads/${id}`)).status).toBe(204);
  return { turnId: first.turnId!, snapshotId: result.snapshotId };
}

describe.each<Protocol>(PROTOCOLS)('deleting a %s conversation (memory)', (protocol) => {
  const server = instance();
  afterAll(() => server.routes.turns.dispose());

  it('leaves every read path 404 (204 for streams) and nothing in the stores', async () => {
    const id = `gone-${protocol}`;
    const { turnId, snapshotId } = await startThenDelete(server, 'ann', id, protocol);
    expect(await readPaths(server, 'ann', id, protocol, turnId, snapshotId)).toEqual(GONE);
    expect(server.store.sessionIds()).not.toContain(id);
    expect(await server.store.getSnapshot({ snapshotId })).toBeUndefined();
    expect(await server.routes.turns.find(turnId)).toBeUndefined();
    // The id is free again: a new conversation under it starts empty.
    expect((await sendTurn(server.routes, 'bob', protocol, id, 'fresh')).status).toBe(200);
    const chat = (await (await call(server.routes, 'bob', 'GET', `/api/ai-sdk/chats/${id}`)).json()) as { messages: unknown[] };
    expect(chat.messages).toHaveLength(2);
  });
});

describe('deleting a conversation while a turn of it runs', () => {
  it.each([
    ['a resumable turn (it runs on without its client)', true],
    ['a turn whose client went away first', false],
  ])('%s writes nothing of it after the delete; a new conversation under the freed id is kept', async (_, resumable) => {
    // The agent's model waits for `release`: the turn ends (and the agent saves its last snapshot) after the delete.
    let release!: () => void;
    const server = instance({ hold: new Promise<void>((resolve) => (release = resolve)) });
    onTestFinished(() => server.routes.turns.dispose());
    const id = `late-${resumable}`;
    expect((await call(server.routes, 'ann', 'POST', '/api/threads', { id, title: 'Plans', createdAt: 1, updatedAt: 1, archived: false })).status).toBe(201);
    expect((await sendTurn(server.routes, 'ann', 'genkit', id, 'first')).status).toBe(200);
    await vi.waitFor(async () => expect(await server.routes.turns.running(id)).toBeUndefined());
    const client = new AbortController();
    const { path, body } = turnBodies.genkit(id, 'hold');
    const started = await server.routes(
      new Request(`${ORIGIN}${path}`, {
        method: 'POST',
        signal: client.signal,
        headers: { authorization: 'Bearer token-ann', 'content-type': 'application/json', accept: 'text/event-stream', ...(resumable && { 'x-agent-resumable': 'true' }) },
        body: JSON.stringify(body),
      }),
    );
    expect(started.status).toBe(200);
    if (!resumable) client.abort();
    expect((await call(server.routes, 'ann', 'DELETE', `/api/threads/${id}`)).status).toBe(204);
    expect(server.store.sessionIds()).not.toContain(id);
    release();
    // The held turn ends now; its agent's last write must not bring the conversation back.
    await vi.waitFor(async () => expect(await server.routes.turns.running(id)).toBeUndefined());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.store.sessionIds()).not.toContain(id);
    expect((await call(server.routes, 'ann', 'POST', '/api/agent/getSnapshot', { data: { sessionId: id } })).status).toBe(404);
    // The id is free: a new conversation under it is stored as usual.
    expect((await sendTurn(server.routes, 'bob', 'genkit', id, 'fresh')).status).toBe(200);
    await vi.waitFor(() => expect(server.store.sessionIds()).toContain(id));
    expect((await sendTurn(server.routes, 'bob', 'genkit', id, 'again')).status).toBe(200);
    const { result } = (await (await call(server.routes, 'bob', 'POST', '/api/agent/getSnapshot', { data: { sessionId: id } })).json()) as { result: { state: { messages: unknown[] } } };
    expect(result.state.messages).toHaveLength(4);
  });
});

describe('deleting a conversation whose threads are in files', () => {
  let dir = '';
  let server: Instance;
  beforeAll(async () => {
    dir = await makeTempDir();
    server = instance({ threads: fileThreadIndex({ dir }) });
  });
  afterAll(async () => {
    await server.routes.turns.dispose();
    await removeDir(dir);
  });

  it('removes the thread from its user’s file and its owner file', async () => {
    const { turnId, snapshotId } = await startThenDelete(server, 'ann', 'filed', 'ai-sdk');
    expect(await readPaths(server, 'ann', 'filed', 'ai-sdk', turnId, snapshotId)).toEqual(GONE);
    const files = await readdir(dir, { recursive: true });
    expect(files.filter((name) => name.includes('filed'))).toEqual([]);
    for (const name of files.filter((file) => file.endsWith('.json'))) expect(await readFile(join(dir, name), 'utf8')).not.toContain('filed');
  });
});

describe.skipIf(!redisAvailable)('deleting a conversation on Redis, from the other instance', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let client: RedisClient;
  const servers: Instance[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    client = redis.client;
    const first = instance({ threads: redisThreadIndex({ client }), turns: resumableTurns({ store: redisTurnStore({ client }) }) });
    servers.push(first, instance({ store: first.store, threads: redisThreadIndex({ client }), turns: resumableTurns({ store: redisTurnStore({ client }) }) }));
  }, 30_000);
  afterAll(async () => {
    for (const server of servers) await server.routes.turns.dispose();
    await redis?.stop();
  });

  it('leaves no key that names it, on either instance', async () => {
    const id = 'gone-redis';
    expect((await call(servers[0]!.routes, 'ann', 'POST', '/api/threads', { id, title: 'Plans', createdAt: 1, updatedAt: 1, archived: false })).status).toBe(201);
    const turn = await sendTurn(servers[0]!.routes, 'ann', 'agui', id, 'first');
    await vi.waitFor(async () => expect(await servers[1]!.routes.turns.running(id)).toBeUndefined());
    const keysBefore = await client.keys('*');
    expect(keysBefore.some((key) => key.includes(id) || key.includes(turn.turnId!))).toBe(true);
    expect((await call(servers[1]!.routes, 'ann', 'DELETE', `/api/threads/${id}`)).status).toBe(204);
    const keys = await client.keys('*');
    expect(keys.filter((key) => key.includes(id) || key.includes(turn.turnId!))).toEqual([]);
    for (const key of keys) {
      const type = await client.type(key);
      const content = type === 'hash' ? JSON.stringify(await client.hGetAll(key)) : type === 'zset' ? JSON.stringify(await client.zRange(key, 0, -1)) : type === 'string' ? await client.get(key) : '';
      expect(content ?? '', key).not.toContain(id);
    }
    for (const server of servers) {
      // The other instance hears of the delete through Redis a moment later.
      await vi.waitFor(async () => expect(await readPaths(server, 'ann', id, 'agui', turn.turnId!, 'none')).toEqual(GONE));
    }
  });
});
