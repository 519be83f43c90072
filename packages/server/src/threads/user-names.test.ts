/**
 * User names are opaque: whatever a user hook returns (`../`, `\`, NUL, 10 kB, unicode, a name that ends like another
 * user's key) is a name, never part of a file path or a Redis key. Each such user keeps their own threads; the files stay
 * inside the index folder; no name reaches another's threads.
 */
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAvailable, startRedis, type RedisClient } from '../redis-test-support.js';
import { makeTempDir, removeDir } from '../access/access-test-support.js';
import { fileThreadIndex } from './file-thread-index.js';
import { memoryThreadIndex } from './memory-thread-index.js';
import { redisThreadIndex } from './redis-thread-index.js';
import type { ThreadIndex } from './thread-index.js';

const NAMES = ['a@example.com', '../../pwned', '../a@example.com', 'a@example.com.json', '..\\..\\evil', 'nul\0byte', 'x'.repeat(10_000), 'ünïcødé 用户 🙂', 'a@example.com:data', ''.padEnd(3, '/')];
const thread = (id: string) => ({ id, title: id, createdAt: 1, updatedAt: 1, archived: false });

async function eachUserKeepsTheirOwn(index: ThreadIndex) {
  for (const [n, name] of NAMES.entries()) expect(await index.put(name, thread(`t-${n}`))).toBe(true);
  for (const [n, name] of NAMES.entries()) {
    expect((await index.list(name, null, 50)).threads.map((item) => item.id)).toEqual([`t-${n}`]);
    // Nobody reads, takes or deletes another's thread.
    const other = NAMES[(n + 1) % NAMES.length]!;
    expect(await index.get(other, `t-${n}`)).toBeNull();
    expect(await index.put(other, thread(`t-${n}`))).toBe(false);
    expect(await index.remove(other, `t-${n}`)).toBe(false);
    expect(await index.owners.ownerOf(`t-${n}`)).toBe(name);
  }
}

describe('user names as opaque keys', () => {
  it('in memory', async () => {
    await eachUserKeepsTheirOwn(memoryThreadIndex());
  });

  it('in files: one file per user, named by a hash, inside the folder', async () => {
    const root = await makeTempDir();
    try {
      const dir = `${root}/index`;
      await eachUserKeepsTheirOwn(fileThreadIndex({ dir }));
      expect(await readdir(root)).toEqual(['index']);
      const files = (await readdir(dir)).filter((name) => name !== '.owners');
      expect(files).toHaveLength(NAMES.length);
      for (const name of files) expect(name).toMatch(/^[0-9a-f]{64}\.json$/);
      // A fresh index (a restarted server) reads the same threads back.
      await expect(fileThreadIndex({ dir }).list('../../pwned', null, 10)).resolves.toMatchObject({ threads: [{ id: 't-1' }] });
    } finally {
      await removeDir(root);
    }
  });
});

describe.skipIf(!redisAvailable)('user names as opaque keys in Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let client: RedisClient;
  beforeAll(async () => {
    redis = await startRedis();
    client = redis.client;
  }, 30_000);
  afterAll(async () => {
    await redis?.stop();
  });

  it('keys name users by a hash only ("a:data" does not reach a\'s data)', async () => {
    await eachUserKeepsTheirOwn(redisThreadIndex({ client }));
    for (const key of await client.keys('*')) expect(key).toMatch(/^agent-chat:(thread-owner|threads:[0-9a-f]{64}(:data)?)$/);
  });
});
