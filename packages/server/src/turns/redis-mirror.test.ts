// The Redis mirror of a turn (issue 45): frames written while the turn's previous write to Redis is under way go in
// one RPUSH, in order, and the turn's end follows them; another instance reads them all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumableTurns, type ResumableTurns } from './resumable-turns.js';
import { redisTurnStore } from './turn-store.js';
import { redisAvailable, startRedis, type RedisClient } from '../redis-test-support.js';

let redis: Awaited<ReturnType<typeof startRedis>>;
let writer: ResumableTurns;
let reader: ResumableTurns;
let readerClient: RedisClient;
const rpushCalls = async (client: RedisClient) => Number(/cmdstat_rpush:calls=(\d+)/.exec(await client.info('commandstats'))?.[1] ?? 0);

describe.runIf(redisAvailable)('the Redis mirror of a turn', () => {
  beforeAll(async () => {
    redis = await startRedis();
    writer = resumableTurns({ store: redisTurnStore({ client: redis.client, prefix: 'mirror:' }) });
    readerClient = redis.client.duplicate(); // the other instance's own connection
    reader = resumableTurns({ store: redisTurnStore({ client: readerClient, prefix: 'mirror:' }) });
    await reader.store.ready();
  }, 30_000);
  afterAll(async () => {
    await writer?.dispose();
    await reader?.dispose();
    await readerClient?.quit();
    await redis?.stop();
  });

  it('writes the frames of one tick in one RPUSH (not one per frame), in order; another instance reads every one', async () => {
    const before = await rpushCalls(redis.client);
    const begun = await writer.begin({ route: '/api/test', sessionId: 'mirror-1', user: 'ann' });
    if (!('turn' in begun)) throw new Error('expected a turn');
    const frames = Array.from({ length: 100 }, (_, index) => `data: ${index}`);
    for (const frame of frames) writer.append(begun.turn, frame);
    await writer.end(begun.turn);
    expect((await rpushCalls(redis.client)) - before).toBeLessThanOrEqual(2); // the first frame alone, then the other 99
    const elsewhere = await reader.find(begun.turn.turnId);
    expect(elsewhere).toMatchObject({ done: true });
    expect(elsewhere?.local).toBeUndefined();
    const text = await (await reader.stream(elsewhere!, { after: -1, withIds: true, headers: {} })).text();
    expect(text).toBe(frames.map((frame, index) => `id: ${index}\n${frame}\n\n`).join(''));
    // The session is free at once, on every instance.
    expect(await reader.running('mirror-1')).toBeUndefined();
  });
});
