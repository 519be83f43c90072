/**
 * A redis-server of the tests' own (Debian's, or REDIS_SERVER_PATH) on a free loopback port, with a connected client;
 * `stop()` quits the client and ends the server. Test support: kept out of the published package.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { createClient } from 'redis';

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
/** Whether the Redis tests can run here (under CI=true, .ci/run installs redis-server). */
export const redisAvailable = existsSync(REDIS_SERVER);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The client `startRedis` connects (typed as the Redis stores take it). */
export type RedisClient = ReturnType<typeof createClient>;

export async function startRedis(): Promise<{ client: RedisClient; stop: () => Promise<void> }> {
  const port = await freePort();
  const redis = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    redis.stdout!.on('data', (data: Buffer) => data.toString().includes('Ready to accept connections') && resolve());
    redis.once('exit', (code) => reject(new Error(`redis-server exited (${code})`)));
  });
  const client: RedisClient = createClient({ url: `redis://127.0.0.1:${port}` });
  await client.connect();
  return {
    client,
    stop: async () => {
      await client.quit();
      const exited = new Promise((resolve) => redis.once('exit', resolve));
      redis.kill('SIGTERM');
      await exited;
    },
  };
}
