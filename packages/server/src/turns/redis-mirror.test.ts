// The Redis mirror of a turn (issue 45): frames written while the previous write to Redis is under way go in one
// RPUSH, in order, and the turn's end follows them; another instance reads them all. The frames of every turn written
// in one pass go in one pipeline: one RPUSH per turn, no transaction per turn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumableTurns, type ResumableTurns } from './resumable-turns.js';
import { redisTurnStore } from './turn-store.js';
import { redisAvailable, startRedis, type RedisClient } from '../redis-test-support.js';

let redis: Awaited<ReturnType<typeof startRedis>>;
let writer: ResumableTurns;
let reader: ResumableTurns;
let readerClient: RedisClient;
const calls = async (client: RedisClient, command: string) => Number(new RegExp(`cmdstat_${command}:calls=(\\d+)`).exec(await client.info('commandstats'))?.[1] ?? 0);
const rpushCalls = (client: RedisClient) => calls(client, 'rpush');

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

  it("writes the frames of 20 turns of one pass in one pipeline: an RPUSH per turn, no transaction; each turn's end after its frames", async () => {
    const turns = [];
    for (let index = 0; index < 20; index++) {
      const begun = await writer.begin({ route: '/api/test', sessionId: `mirror-many-${index}`, user: 'ann' });
      if (!('turn' in begun)) throw new Error('expected a turn');
      turns.push(begun.turn);
    }
    const [rpush, exec] = [await rpushCalls(redis.client), await calls(redis.client, 'exec')];
    for (let frame = 0; frame < 5; frame++) for (const turn of turns) writer.append(turn, `data: ${turn.turnId} ${frame}`);
    await new Promise((resolve) => setTimeout(resolve, 100)); // written, none ended yet
    expect((await rpushCalls(redis.client)) - rpush).toBe(20);
    expect((await calls(redis.client, 'exec')) - exec).toBe(0);
    for (const turn of turns) writer.append(turn, 'data: last');
    await Promise.all(turns.map((turn) => writer.end(turn)));
    for (const turn of turns) {
      const text = await (await reader.stream((await reader.find(turn.turnId))!, { after: -1, withIds: false, headers: {} })).text();
      expect(text).toBe([0, 1, 2, 3, 4].map((frame) => `data: ${turn.turnId} ${frame}\n\n`).join('') + 'data: last\n\n');
    }
  });
});
