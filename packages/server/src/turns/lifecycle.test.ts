import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genkit } from 'genkit/beta';
import { genkitRoutes, memorySessionStore } from '../genkit/index.js';
import { redisAvailable, startRedis } from '../redis-test-support.js';
import { resumableTurns } from './resumable-turns.js';
import { redisTurnStore } from './turn-store.js';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const server = fileURLToPath(new URL('../index.ts', import.meta.url));
// The script lives in a temp folder: it takes the package's own `redis` by path.
const redisModule = createRequire(import.meta.url).resolve('redis');

let redis: Awaited<ReturnType<typeof startRedis>>;
let url: string;
beforeAll(async () => {
  if (!redisAvailable) return;
  redis = await startRedis();
  url = (redis.client.options as { url: string }).url;
});
afterAll(() => redis?.stop());

/** The connections Redis has, the tests' own client aside. */
const others = async () => (await redis.client.clientList()).length - 1;

describe.runIf(redisAvailable)('lifecycles of the Redis-backed objects', () => {
  it('await using genkitRoutes over a Redis turn store: its client and subscriber are gone when the block ends', async () => {
    const before = await others();
    {
      const ai = genkit({});
      const agent = ai.defineAgent({ name: 'idle', model: ai.defineModel({ name: 'test/idle' }, async () => ({ message: { role: 'model', content: [{ text: 'ok' }] } })) });
      const store = redisTurnStore({ url });
      await store.ready();
      await using routes = genkitRoutes({ agent, store: memorySessionStore(), turns: resumableTurns({ store }), user: 'anonymous' });
      expect(typeof routes).toBe('function');
      expect(await others()).toBe(before + 2);
    }
    await expect.poll(others).toBe(before);
  });

  it('routes.dispose() disposes the turns and their store: the client and subscriber are gone, and twice is harmless', async () => {
    const before = await others();
    const ai = genkit({});
    const agent = ai.defineAgent({ name: 'idle2', model: ai.defineModel({ name: 'test/idle2' }, async () => ({ message: { role: 'model', content: [{ text: 'ok' }] } })) });
    const store = redisTurnStore({ url });
    await store.ready();
    const routes = genkitRoutes({ agent, store: memorySessionStore(), turns: resumableTurns({ store }), user: 'anonymous' });
    expect(await others()).toBe(before + 2);
    await routes.dispose();
    await expect.poll(others).toBe(before);
    await routes.dispose();
  });

  it('a Node script that quits its own Redis client but forgets to dispose the turn store still exits', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'server-exit-'));
    try {
      const file = join(dir, 'script.mts');
      await writeFile(file, `
import { createClient } from ${JSON.stringify(redisModule)};
import { redisTurnStore, resumableTurns } from ${JSON.stringify(server)};
const client = createClient({ url: ${JSON.stringify(url)} });
await client.connect();
const store = redisTurnStore({ client });
await store.ready();
resumableTurns({ store });
await client.quit();
console.log('done');
`);
      // tsx reads the repository's paths (@agent-chat/core/contract → its sources), as the tests' aliases do.
      const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: root, env: { ...process.env, TSX_TSCONFIG_PATH: join(root, 'tsconfig.check.json') }, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      let killed = false;
      const limit = setTimeout(() => {
        killed = true;
        child.kill('SIGKILL');
      }, 15_000);
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      clearTimeout(limit);
      expect({ killed, code, output }).toEqual({ killed: false, code: 0, output: 'done\n' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
