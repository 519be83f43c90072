// The Redis claim of a session (issue 45): one round trip (a script), and the turns begun in one pass of the event loop
// claim together, after it. Two instances racing for a session: one turn runs, the other is 409 naming it (to its user
// only), and the losing turn leaves nothing in Redis (no meta, not in the session's turns).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumableTurns, type ResumableTurns } from './resumable-turns.js';
import { redisTurnStore } from './turn-store.js';
import { redisAvailable, startRedis, type RedisClient } from '../redis-test-support.js';

let redis: Awaited<ReturnType<typeof startRedis>>;
let one: ResumableTurns;
let other: ResumableTurns;
let otherClient: RedisClient;
const calls = async (client: RedisClient, command: string) => Number(new RegExp(`cmdstat_${command}:calls=(\\d+)`).exec(await client.info('commandstats'))?.[1] ?? 0);

describe.runIf(redisAvailable)('the Redis claim of a session', () => {
  beforeAll(async () => {
    redis = await startRedis();
    one = resumableTurns({ store: redisTurnStore({ client: redis.client, prefix: 'claim:' }) });
    otherClient = redis.client.duplicate(); // the other instance's own connection
    other = resumableTurns({ store: redisTurnStore({ client: otherClient, prefix: 'claim:' }) });
    await Promise.all([one.store.ready(), other.store.ready()]);
  }, 30_000);
  afterAll(async () => {
    await one?.dispose();
    await other?.dispose();
    await otherClient?.quit();
    await redis?.stop();
  });

  it('claims in one script call (no transaction after it); the turn is known on the other instance', async () => {
    const before = { eval: await calls(redis.client, 'eval'), exec: await calls(redis.client, 'exec') };
    const begun = await one.begin({ route: '/api/agent', sessionId: 'claim-1', user: 'ann', input: { text: 'hi' } });
    if (!('turn' in begun)) throw new Error('expected a turn');
    expect((await calls(redis.client, 'eval')) - before.eval).toBe(1);
    expect((await calls(redis.client, 'exec')) - before.exec).toBe(0);
    expect(await other.find(begun.turn.turnId)).toMatchObject({ turnId: begun.turn.turnId, route: '/api/agent', done: false, input: { text: 'hi' }, user: 'ann' });
    expect(await other.running('claim-1')).toMatchObject({ turnId: begun.turn.turnId });
    expect(await redis.client.sMembers('claim:session:claim-1:turns')).toEqual([begun.turn.turnId]);
    await one.end(begun.turn);
    expect(await other.running('claim-1')).toBeUndefined();
  });

  it('two instances racing for one session in one pass: one turn, a 409 naming it to its user, and nothing left of the loser', async () => {
    const [a, b, c] = await Promise.all([
      one.begin({ route: '/api/agent', sessionId: 'claim-2', user: 'ann', input: 'first' }),
      other.begin({ route: '/api/agent', sessionId: 'claim-2', user: 'ann', input: 'second' }),
      other.begin({ route: '/api/agent', sessionId: 'claim-2', user: 'mallory', input: 'third' }),
    ]);
    const results = [[a, 'ann'], [b, 'ann'], [c, 'mallory']] as const;
    const winner = results.map(([begun]) => begun).find((begun) => 'turn' in begun);
    if (!winner || !('turn' in winner)) throw new Error('expected a turn');
    const losers = results.filter(([begun]) => 'response' in begun);
    expect(losers).toHaveLength(2);
    for (const [begun, user] of losers) {
      if (!('response' in begun)) continue;
      expect(begun.response.status).toBe(409);
      const body = (await begun.response.json()) as Record<string, unknown>;
      // Named only to the user who started the running turn.
      if (user === winner.turn.user) expect(body.runningTurnId).toBe(winner.turn.turnId);
      else expect(body).not.toHaveProperty('runningTurnId');
    }
    // Only the winner is in Redis: the session's turns, and a meta.
    expect(await redis.client.sMembers('claim:session:claim-2:turns')).toEqual([winner.turn.turnId]);
    expect(await redis.client.hGet(`claim:turn:${winner.turn.turnId}:meta`, 'sessionId')).toBe('claim-2');
    const metas = await Promise.all((await redis.client.keys('claim:turn:*:meta')).map((key) => redis.client.hGet(key, 'sessionId')));
    expect(metas.filter((sessionId) => sessionId === 'claim-2')).toHaveLength(1);
    await (winner === a ? one : other).end(winner.turn);
    // Free again: the next turn of the session begins.
    const next = await other.begin({ route: '/api/agent', sessionId: 'claim-2', user: 'ann' });
    expect('turn' in next).toBe(true);
    if ('turn' in next) await other.end(next.turn);
  });

  it('the turns begun in one pass send their claims together, once the pass is over', async () => {
    await new Promise((resolve) => setImmediate(resolve)); // a pass of its own
    const order: string[] = [];
    const client = redis.client as RedisClient & { eval: RedisClient['eval'] };
    const evalOf = client.eval;
    client.eval = ((...args: Parameters<RedisClient['eval']>) => {
      order.push('claim');
      return evalOf.apply(client, args);
    }) as RedisClient['eval'];
    try {
      setImmediate(() => order.push('pass over'));
      const sessions = Array.from({ length: 20 }, (_, index) => `claim-burst-${index}`);
      const begun = await Promise.all(sessions.map((sessionId) => one.begin({ route: '/api/agent', sessionId, user: 'ann' })));
      expect(begun.every((result) => 'turn' in result)).toBe(true);
      expect(order).toEqual(['pass over', ...sessions.map(() => 'claim')]);
      for (const result of begun) if ('turn' in result) await one.end(result.turn);
    } finally {
      client.eval = evalOf;
    }
  });
});
