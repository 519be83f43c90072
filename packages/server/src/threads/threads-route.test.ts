// Moved from apps/agent-server (issue 41): the threads routes (threadsHandler) over each thread index, served on
// node:http by the package itself: users, ownership, bad input, a restart on the same folder, 10,000 threads paged.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DEFAULT_BASE, routePath, THREADS_ROUTE } from '@agent-chat/core/contract';
import { httpThreadAdapter, type ThreadSummary } from '@agent-chat/core/threads';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../access/access-test-support.js';
import { toNodeListener, userFromHeader } from '../index.js';
import { redisAvailable, startRedis } from '../redis-test-support.js';
import { fileThreadIndex } from './file-thread-index.js';
import { memoryThreadIndex } from './memory-thread-index.js';
import { redisThreadIndex } from './redis-thread-index.js';
import type { ThreadIndex } from './thread-index.js';
import { threadsHandler } from './threads-handler.js';

const ROUTE = routePath(DEFAULT_BASE, THREADS_ROUTE);

interface Served {
  url: string;
  close(): Promise<void>;
}

/** The threads routes over `index` on a free port, users named by `x-agent-user`. */
async function serve(index: ThreadIndex): Promise<Served> {
  const server = createServer(toNodeListener(threadsHandler({ index, user: userFromHeader(), route: ROUTE })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
let redisUrl = '';
let dataDir = '';
const servers: Record<string, Served> = {};
beforeAll(async () => {
  dataDir = await makeTempDir();
  if (redisAvailable) {
    redis = await startRedis();
    redisUrl = (redis.client.options as { url: string }).url;
    servers.redis = await serve(redisThreadIndex({ client: redis.client }));
  }
  servers.memory = await serve(memoryThreadIndex());
  servers.file = await serve(fileThreadIndex({ dir: join(dataDir, 'threads') }));
}, 30_000);
afterAll(async () => {
  await Promise.all(Object.values(servers).map((server) => server.close()));
  await redis?.stop();
  await removeDir(dataDir);
});

const STORES = redisAvailable ? ['memory', 'file', 'redis'] : ['memory', 'file'];
const thread = (id: string, updatedAt: number, title = id): ThreadSummary => ({ id, title, createdAt: updatedAt, updatedAt, archived: false });
const as = (server: Served, user: string) => httpThreadAdapter({ url: `${server.url}${ROUTE}`, headers: { 'x-agent-user': user } });
describe.each(STORES)('/api/threads in the %s store', (store) => {
  const server = () => servers[store]!;
  const unique = (name: string) => `${store}-${name}-${Math.random().toString(36).slice(2, 8)}`;

  it('needs a user: 401 without the header (or with an unsafe one)', async () => {
    for (const headers of [{}, { 'x-agent-user': '../etc' }] as Record<string, string>[]) {
      const response = await fetch(`${server().url}${ROUTE}`, { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ status: 'UNAUTHENTICATED' });
    }
  });

  it('create, list newest first, read, rename, archive and delete through httpThreadAdapter', async () => {
    const alice = as(server(), unique('alice'));
    await alice.save(thread('t-old', 1_000));
    await alice.save(thread('t-new', 2_000));
    expect((await alice.list({ limit: 10 })).threads.map((item) => item.id)).toEqual(['t-new', 't-old']);
    await alice.save({ ...thread('t-old', 3_000), title: 'Renamed', archived: true, preview: 'last words' });
    expect(await alice.get('t-old')).toEqual({ id: 't-old', title: 'Renamed', createdAt: 3_000, updatedAt: 3_000, archived: true, preview: 'last words' });
    expect((await alice.list({ limit: 10 })).threads.map((item) => item.id)).toEqual(['t-old', 't-new']);
    await alice.remove('t-new');
    expect(await alice.get('t-new')).toBeNull();
    expect((await alice.list({ limit: 10 })).threads.map((item) => item.id)).toEqual(['t-old']);
  });

  it("one user can never list, read, rename, delete or take over another's thread", async () => {
    const aliceId = unique('alice');
    const alice = as(server(), aliceId);
    const mallory = as(server(), unique('mallory'));
    const secret = unique('secret');
    await alice.save(thread(secret, 5_000, 'Alice only'));
    expect((await mallory.list({ limit: 200 })).threads).toEqual([]);
    expect(await mallory.get(secret)).toBeNull();
    const url = `${server().url}${ROUTE}/${secret}`;
    const headers = { 'x-agent-user': 'mallory', 'content-type': 'application/json' };
    expect((await fetch(url, { method: 'PATCH', headers, body: JSON.stringify({ title: 'pwned' }) })).status).toBe(404);
    expect((await fetch(url, { method: 'DELETE', headers })).status).toBe(404);
    const takeOver = await fetch(`${server().url}${ROUTE}`, { method: 'POST', headers, body: JSON.stringify(thread(secret, 6_000, 'mine now')) });
    expect(takeOver.status).toBe(409);
    await expect(mallory.save(thread(secret, 6_000, 'mine now'))).rejects.toMatchObject({ status: 409 });
    expect(await alice.get(secret)).toMatchObject({ title: 'Alice only', updatedAt: 5_000 });
    expect((await alice.list({ limit: 10 })).threads.map((item) => item.id)).toEqual([secret]);
  });

  it('refuses bad input with 400 and keeps nothing of it', async () => {
    const headers = { 'x-agent-user': unique('bob'), 'content-type': 'application/json' };
    const post = (body: unknown) => fetch(`${server().url}${ROUTE}`, { method: 'POST', headers, body: JSON.stringify(body) });
    expect((await post({ ...thread('../x', 1) })).status).toBe(400);
    expect((await post({ ...thread('ok', 1), title: 7 })).status).toBe(400);
    expect((await post({ ...thread('ok', 1), updatedAt: 'soon' })).status).toBe(400);
    const created = await post({ ...thread('ok', 1), extra: 'dropped' });
    expect(await created.json()).toEqual({ thread: thread('ok', 1) });
  });
});

describe('the file store keeps threads across a restart', () => {
  it('a new server on the same folder lists them', async () => {
    const before = as(servers.file!, 'carol');
    await before.save(thread('kept', 42, 'Kept'));
    const restarted = await serve(fileThreadIndex({ dir: join(dataDir, 'threads') }));
    try {
      expect((await as(restarted, 'carol').list({ limit: 5 })).threads).toEqual([thread('kept', 42, 'Kept')]);
    } finally {
      await restarted.close();
    }
  });
});

/** The route over one index on a free port, with 10,000 threads of one user. */
async function serveMany(index: ThreadIndex) {
  const served = await serve(index);
  for (let start = 0; start < 10_000; start += 500) {
    await Promise.all(Array.from({ length: 500 }, (_, offset) => index.put('many', thread(`t${start + offset}`, 1_000_000 + ((start + offset) % 997)))));
  }
  return { url: `${served.url}${ROUTE}`, close: served.close };
}

describe.each(STORES)('10,000 threads in the %s index', (store) => {
  it('pages walk every thread once, newest first, each page costing the same at any depth', async () => {
    let client: ReturnType<typeof createClient> | undefined;
    const index = store === 'memory' ? memoryThreadIndex() : store === 'file' ? fileThreadIndex({ dir: `${dataDir}/many-${Date.now()}` }) : redisThreadIndex({ client: (client = createClient({ url: redisUrl })), prefix: `many-${Date.now()}:` });
    await client?.connect();
    const served = await serveMany(index);
    try {
      const adapter = httpThreadAdapter({ url: served.url, headers: { 'x-agent-user': 'many' } });
      const seen: ThreadSummary[] = [];
      const times: number[] = [];
      let cursor: string | null = null;
      do {
        const started = performance.now();
        const page = await adapter.list({ cursor, limit: 50 });
        times.push(performance.now() - started);
        seen.push(...page.threads);
        cursor = page.cursor;
      } while (cursor);
      expect(seen).toHaveLength(10_000);
      expect(new Set(seen.map((item) => item.id)).size).toBe(10_000);
      for (let at = 1; at < seen.length; at++) expect(seen[at - 1]!.updatedAt).toBeGreaterThanOrEqual(seen[at]!.updatedAt);
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
      console.log(`[threads] ${store}: 200 pages of 50 from 10,000 threads, median first 20 pages ${median(times.slice(0, 20)).toFixed(2)} ms, last 20 ${median(times.slice(-20)).toFixed(2)} ms`);
    } finally {
      await served.close();
      await client?.quit();
    }
  }, 60_000);
});
