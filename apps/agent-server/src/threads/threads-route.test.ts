import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { httpThreadAdapter, type ThreadSummary } from '@agent-chat/core/threads';
import express from 'express';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir, startTestServer, type TestServer } from '../test-support.js';
import { fileThreadIndex, memoryThreadIndex, redisThreadIndex, threadsHandler, toExpress, userFromHeader, type ThreadIndex } from '@agent-chat/server';

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
const hasRedis = existsSync(REDIS_SERVER);

let redis: ChildProcess | undefined;
let redisUrl = '';
let dataDir = '';
const servers: Record<string, TestServer> = {};
beforeAll(async () => {
  dataDir = await makeTempDir();
  if (hasRedis) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    redis = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((resolve, reject) => {
      redis!.stdout!.on('data', (data: Buffer) => data.toString().includes('Ready to accept connections') && resolve());
      redis!.once('exit', (code) => reject(new Error(`redis-server exited (${code})`)));
    });
    redisUrl = `redis://127.0.0.1:${port}`;
    servers.redis = await startTestServer({ redisUrl, user: userFromHeader() });
  }
  servers.memory = await startTestServer({ store: 'memory', user: userFromHeader() });
  servers.file = await startTestServer({ store: 'file', dataDir, user: userFromHeader() });
}, 30_000);
afterAll(async () => {
  await Promise.all(Object.values(servers).map((server) => server.close()));
  if (redis) {
    const exited = new Promise((resolve) => redis!.once('exit', resolve));
    redis.kill('SIGTERM');
    await exited;
  }
  await removeDir(dataDir);
});

const STORES = hasRedis ? ['memory', 'file', 'redis'] : ['memory', 'file'];
const thread = (id: string, updatedAt: number, title = id): ThreadSummary => ({ id, title, createdAt: updatedAt, updatedAt, archived: false });
const as = (server: TestServer, user: string) => httpThreadAdapter({ url: `${server.server.url}/api/threads`, headers: { 'x-agent-user': user } });

describe.each(STORES)('/api/threads in the %s store', (store) => {
  const server = () => servers[store]!;
  const unique = (name: string) => `${store}-${name}-${Math.random().toString(36).slice(2, 8)}`;

  it('needs a user: 401 without the header (or with an unsafe one)', async () => {
    for (const headers of [{}, { 'x-agent-user': '../etc' }] as Record<string, string>[]) {
      const response = await fetch(`${server().server.url}/api/threads`, { headers });
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
    const url = `${server().server.url}/api/threads/${secret}`;
    const headers = { 'x-agent-user': 'mallory', 'content-type': 'application/json' };
    expect((await fetch(url, { method: 'PATCH', headers, body: JSON.stringify({ title: 'pwned' }) })).status).toBe(404);
    expect((await fetch(url, { method: 'DELETE', headers })).status).toBe(404);
    const takeOver = await fetch(`${server().server.url}/api/threads`, { method: 'POST', headers, body: JSON.stringify(thread(secret, 6_000, 'mine now')) });
    expect(takeOver.status).toBe(409);
    await expect(mallory.save(thread(secret, 6_000, 'mine now'))).rejects.toMatchObject({ status: 409 });
    expect(await alice.get(secret)).toMatchObject({ title: 'Alice only', updatedAt: 5_000 });
    expect((await alice.list({ limit: 10 })).threads.map((item) => item.id)).toEqual([secret]);
  });

  it('refuses bad input with 400 and keeps nothing of it', async () => {
    const headers = { 'x-agent-user': unique('bob'), 'content-type': 'application/json' };
    const post = (body: unknown) => fetch(`${server().server.url}/api/threads`, { method: 'POST', headers, body: JSON.stringify(body) });
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
    const restarted = await startTestServer({ store: 'file', dataDir });
    try {
      expect((await as(restarted, 'carol').list({ limit: 5 })).threads).toEqual([thread('kept', 42, 'Kept')]);
    } finally {
      await restarted.close();
    }
  });
});

/** The route over one index on a free port, with 10,000 threads of one user. */
async function serveMany(index: ThreadIndex) {
  const app = express();
  app.use(express.json());
  app.use('/api/threads', toExpress(threadsHandler({ index, user: userFromHeader() })));
  const listening = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => listening.once('listening', resolve));
  const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/threads`;
  for (let start = 0; start < 10_000; start += 500) {
    await Promise.all(Array.from({ length: 500 }, (_, offset) => index.put('many', thread(`t${start + offset}`, 1_000_000 + ((start + offset) % 997)))));
  }
  return { url, close: () => new Promise((resolve) => listening.close(resolve)) };
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
