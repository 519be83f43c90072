/**
 * Every conversation has an owner. Random owners start conversations over a random protocol; another user (or a request
 * with no user) then runs random operations on the owner's ids through every protocol and the threads routes: each is
 * answered as an unknown id would be (404; 204 for a stream that would replay; 409 for a create under the id), or 401
 * without a user, and the owner's view afterwards is exactly what it was. Repeated with two instances on one Redis
 * (owners, threads and turns shared there; the Genkit session store shared between the two in this process).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { redisAvailable, startRedis, type RedisClient } from '../redis-test-support.js';
import { memorySessionStore } from '../genkit/index.js';
import { redisThreadIndex } from '../threads/redis-thread-index.js';
import { redisTurnStore } from '../turns/turn-store.js';
import { resumableTurns } from '../turns/resumable-turns.js';
import { call, instance, ownerView, PROTOCOLS, routeOf, sendTurn, turnBodies, type Instance, type Protocol } from './access-test-support.js';

const USERS = ['ann', 'bob', 'cyd'];

/** What a conversation of the owner's is known by: its id, its turn (on `protocol`'s route), a snapshot of it. */
interface Target {
  owner: string;
  id: string;
  protocol: Protocol;
  turnId: string;
  snapshotId: string;
}

/** One operation on the target as `user`, and the answer an unknown id gets (what anyone but the owner must get). */
type Operation = (server: Instance, user: string | null, target: Target) => Promise<{ status: number; expected: number }>;

const status = async (response: Promise<Response>) => (await response).status;

const OPERATIONS: Record<string, Operation> = {
  async send(server, user, { id }) {
    const results = await Promise.all(PROTOCOLS.map((protocol) => sendTurn(server.routes, user, protocol, id, 'mine now')));
    return { status: Math.max(...results.map((result) => result.status)), expected: 404 };
  },
  continueSnapshot: async (server, user, { snapshotId }) => ({
    status: await status(call(server.routes, user, 'POST', '/api/agent', { data: { message: { role: 'user', content: [{ text: 'fork' }] } }, init: { snapshotId } })),
    expected: 404,
  }),
  getSnapshotBySession: async (server, user, { id }) => ({ status: await status(call(server.routes, user, 'POST', '/api/agent/getSnapshot', { data: { sessionId: id } })), expected: 404 }),
  getSnapshotById: async (server, user, { snapshotId }) => ({ status: await status(call(server.routes, user, 'POST', '/api/agent/getSnapshot', { data: { snapshotId } })), expected: 404 }),
  abort: async (server, user, { snapshotId }) => ({ status: await status(call(server.routes, user, 'POST', '/api/agent/abort', { data: { snapshotId } })), expected: 404 }),
  connect: async (server, user, { id }) => ({
    status: await status(call(server.routes, user, 'POST', '/api/agui/connect', { threadId: id, runId: 'x', messages: [], state: {}, tools: [], context: [], forwardedProps: {} })),
    expected: 404,
  }),
  restoreChat: async (server, user, { id }) => ({ status: await status(call(server.routes, user, 'GET', `/api/ai-sdk/chats/${id}`)), expected: 404 }),
  resumeChat: async (server, user, { id }) => ({ status: await status(call(server.routes, user, 'GET', `/api/ai-sdk/${id}/stream`)), expected: 204 }),
  async regenerate(server, user, { id }) {
    const { body } = turnBodies['ai-sdk'](id, 'hello');
    return { status: await status(call(server.routes, user, 'POST', '/api/ai-sdk', { ...body, trigger: 'regenerate-message' })), expected: 404 };
  },
  async editFork(server, user, { id }) {
    const { body } = turnBodies.agui(id, 'an edit');
    return { status: await status(call(server.routes, user, 'POST', '/api/agui', { ...body, messages: [{ id: `${id}:0`, role: 'user', content: 'an edit' }] })), expected: 404 };
  },
  replayTurn: async (server, user, { protocol, turnId }) => ({ status: await status(call(server.routes, user, 'GET', `${routeOf(protocol)}/turns/${turnId}/stream`)), expected: 204 }),
  replayByStreamId: async (server, user, { turnId }) => ({
    status: await status(call(server.routes, user, 'POST', '/api/agent', { data: {} }, { 'x-genkit-stream-id': turnId })),
    expected: 204,
  }),
  cancelTurn: async (server, user, { protocol, turnId }) => ({ status: await status(call(server.routes, user, 'POST', `${routeOf(protocol)}/turns/${turnId}/cancel`)), expected: 404 }),
  readThread: async (server, user, { id }) => ({ status: await status(call(server.routes, user, 'GET', `/api/threads/${id}`)), expected: 404 }),
  rename: async (server, user, { id }) => ({ status: await status(call(server.routes, user, 'PATCH', `/api/threads/${id}`, { title: 'pwned' })), expected: 404 }),
  archive: async (server, user, { id }) => ({ status: await status(call(server.routes, user, 'PATCH', `/api/threads/${id}`, { archived: true })), expected: 404 }),
  remove: async (server, user, { id }) => ({ status: await status(call(server.routes, user, 'DELETE', `/api/threads/${id}`)), expected: 404 }),
  createUnderId: async (server, user, { id }) => ({
    status: await status(call(server.routes, user, 'POST', '/api/threads', { id, title: 'mine', createdAt: 1, updatedAt: 1, archived: false })),
    expected: 409,
  }),
  async list(server, user, { id }) {
    const response = await call(server.routes, user, 'GET', '/api/threads');
    if (response.status !== 200) return { status: response.status, expected: 200 };
    const { threads } = (await response.json()) as { threads: Array<{ id: string }> };
    // Another user's list never holds the id: a 200 without it is the answer, a 200 with it a leak (answered as 500).
    return { status: threads.some((thread) => thread.id === id) ? 500 : 200, expected: 200 };
  },
};

/** The owner starts a conversation (a thread, then a turn over `protocol`); its turn id and a snapshot id are read back. */
async function start(server: Instance, owner: string, protocol: Protocol, id: string): Promise<Target> {
  expect((await call(server.routes, owner, 'POST', '/api/threads', { id, title: 'Groceries', createdAt: 1, updatedAt: 1, archived: false })).status).toBe(201);
  const turn = await sendTurn(server.routes, owner, protocol, id, `hello from ${owner}`);
  expect(turn.status).toBe(200);
  // Redis learns that the turn ended a moment after its last frame: the owner's view is taken once it has.
  await vi.waitFor(async () => expect(await server.routes.turns.running(id)).toBeUndefined());
  const snapshot = (await (await call(server.routes, owner, 'POST', '/api/agent/getSnapshot', { data: { sessionId: id } })).json()) as { result: { snapshotId: string } };
  return { owner, id, protocol, turnId: turn.turnId!, snapshotId: snapshot.result.snapshotId };
}

let runs = 0;
const scenario = fc.record({
  owner: fc.constantFrom(...USERS),
  other: fc.constantFrom<string | null>(...USERS, null),
  protocol: fc.constantFrom(...PROTOCOLS),
  operations: fc.shuffledSubarray(Object.keys(OPERATIONS), { minLength: 3 }),
  instances: fc.array(fc.nat(1), { minLength: 20, maxLength: 20 }),
});

/** The property over `servers` (one, or two sharing Redis): the owner starts on the first, others act on either. */
async function checkAll(servers: Instance[], numRuns: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(scenario, async ({ owner, other, protocol, operations, instances }) => {
      if (other === owner) return;
      const target = await start(servers[0]!, owner, protocol, `c-${++runs}-${protocol}`);
      const before = await ownerView(servers.at(-1)!.routes, owner, target.id);
      for (const [index, name] of operations.entries()) {
        const server = servers[instances[index]! % servers.length]!;
        const { status, expected } = await OPERATIONS[name]!(server, other, target);
        expect(status, `${name} as ${other ?? 'nobody'} on ${owner}'s ${target.id}`).toBe(other === null ? 401 : expected);
      }
      expect(await ownerView(servers[0]!.routes, owner, target.id)).toEqual(before);
      // The owner still reaches their turn.
      expect((await call(servers[0]!.routes, owner, 'GET', `${routeOf(protocol)}/turns/${target.turnId}/stream`)).status).toBe(200);
    }),
    { numRuns, seed: 37 },
  );
}

describe('another user’s conversation (one instance, memory)', () => {
  const server = instance();
  afterAll(() => server.routes.turns.dispose());

  it('every operation on another user’s id is answered as an unknown id, or 401 without a user; the owner’s view is unchanged', async () => {
    await checkAll([server], 40);
  }, 60_000);

  it('a 409 for a busy session names its running turn to its owner only', async () => {
    const id = 'busy-1';
    expect((await call(server.routes, 'ann', 'POST', '/api/threads', { id, title: 't', createdAt: 1, updatedAt: 1, archived: false })).status).toBe(201);
    // A turn that stays open: its response is not read, and the echo model's chunks wait for it.
    const begun = await server.routes.turns.begin({ route: '/api/agent', sessionId: id, user: 'ann' });
    if (!('turn' in begun)) throw new Error('expected a turn');
    const again = await call(server.routes, 'ann', 'POST', '/api/agent', turnBodies.genkit(id, 'again').body);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ runningTurnId: begun.turn.turnId });
    const foreign = await call(server.routes, 'bob', 'POST', '/api/agent', turnBodies.genkit(id, 'again').body);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(await foreign.json())).not.toContain(begun.turn.turnId);
    await server.routes.turns.end(begun.turn);
  });
});

describe.skipIf(!redisAvailable)('another user’s conversation (two instances on one Redis)', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let client: RedisClient;
  const servers: Instance[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    client = redis.client;
    const store = memorySessionStore();
    for (let i = 0; i < 2; i++) {
      servers.push(instance({ store, threads: redisThreadIndex({ client }), turns: resumableTurns({ store: redisTurnStore({ client }) }) }));
    }
  }, 30_000);
  afterAll(async () => {
    for (const server of servers) await server.routes.turns.dispose();
    await redis?.stop();
  });

  it('every operation on another user’s id, on either instance, is answered as an unknown id; the owner’s view is unchanged', async () => {
    await checkAll(servers, 25);
  }, 120_000);

  it('two users claiming one new id on two instances at once: exactly one gets it', async () => {
    for (let round = 0; round < 10; round++) {
      const id = `race-${round}`;
      const [first, second] = await Promise.all([sendTurn(servers[0]!.routes, 'ann', 'ai-sdk', id, 'first'), sendTurn(servers[1]!.routes, 'bob', 'agui', id, 'second')]);
      expect([first.status, second.status].sort()).toEqual([200, 404]);
    }
  });
});
