/**
 * Where resumable turns keep their frames: `memoryTurnStore()` (one process) or `redisTurnStore({ url })` (every
 * instance on one Redis reads, resumes and cancels the turns of the others). Both keep this instance's turns in a
 * {@link TurnBuffers}; the Redis store mirrors them into Redis lists and pub/sub (redis-turns.ts).
 */
import { createClient } from 'redis';
import { RedisTurns, type RedisClient } from './redis-turns.js';
import { DEFAULT_TURN_RETENTION_MS, TurnBuffers, type Turn, type TurnBufferOptions } from './turn-buffers.js';

/** How long ending a turn waits for Redis before its readers here are ended anyway. */
const REDIS_END_WAIT_MS = 5000;

/** The frames of this instance's turns, and (with Redis) the turns of every instance. */
export interface TurnStore {
  /** `'memory'` or `'redis'`. */
  readonly kind: 'memory' | 'redis';
  /** This instance's turns. */
  readonly buffers: TurnBuffers;
  /** Turns shared with other instances (Redis), once {@link TurnStore.ready} resolved. */
  readonly shared: RedisTurns | undefined;
  /** Connects what the store needs (lazily, once); resolves at once for memory. */
  ready(): Promise<void>;
  /**
   * Ends a turn: with Redis, its session is freed and it is marked done there first; then its readers here drain and
   * stop. Awaited before a response's last byte, so that a client's next turn in the session never meets this one.
   */
  end(turn: Turn): Promise<void>;
  /**
   * Waits for pending writes and disconnects what the store connected itself (a Redis client made from `url` keeps a
   * Node process alive until then; the store's subscriber does not).
   */
  dispose(): Promise<void>;
  /** `await using store = redisTurnStore(…)`: {@link TurnStore.dispose}. */
  [Symbol.asyncDispose](): Promise<void>;
}

/** How long and how much of a turn stays replayable. */
export type TurnStoreOptions = TurnBufferOptions;

/** Turns kept in this process's memory: replayable for `retentionMs` (default 60 s) after they end. */
export function memoryTurnStore(options: TurnStoreOptions = {}): TurnStore {
  const buffers = new TurnBuffers(options);
  const dispose = () => Promise.resolve();
  const end = (turn: Turn) => {
    buffers.end(turn);
    return Promise.resolve();
  };
  return { kind: 'memory', buffers, shared: undefined, ready: () => Promise.resolve(), end, dispose, [Symbol.asyncDispose]: dispose };
}

export interface RedisTurnStoreOptions extends TurnStoreOptions {
  /** `redis://host:port`: the store makes its own client (and quits it on dispose). */
  url?: string;
  /** Or a client of the app's (connected, or connected by `ready()`); it stays the app's to quit. */
  client?: RedisClient;
  /** Key and channel prefix (default `agent-chat:`). */
  prefix?: string;
  /** How long a running turn's keys live without ending (default 10 min): a crashed instance's turns expire. */
  runningTtlMs?: number;
  /** Told of Redis errors (default: ignored; the turn still runs and replays on this instance). */
  onError?: (error: unknown) => void;
}

/** Turns shared through Redis: a turn started on one instance is read, resumed and cancelled through any other. */
export function redisTurnStore(options: RedisTurnStoreOptions): TurnStore {
  if (!options.client && !options.url) throw new TypeError('redisTurnStore needs a url or a client.');
  const client = options.client ?? createClient({ url: options.url });
  const owned = !options.client;
  if (owned) client.on('error', (error: unknown) => options.onError?.(error));
  const buffers = new TurnBuffers(options);
  const shared = new RedisTurns(client, buffers, {
    retentionMs: options.retentionMs ?? DEFAULT_TURN_RETENTION_MS,
    ...(options.prefix !== undefined && { prefix: options.prefix }),
    ...(options.runningTtlMs !== undefined && { runningTtlMs: options.runningTtlMs }),
    ...(options.onError && { onError: options.onError }),
  });
  let starting: Promise<void> | undefined;
  let started = false;
  return {
    kind: 'redis',
    buffers,
    get shared() {
      return started ? shared : undefined;
    },
    ready() {
      starting ??= (async () => {
        if (!client.isOpen) await client.connect();
        buffers.observe(shared);
        await shared.start();
        started = true;
      })();
      return starting;
    },
    async end(turn) {
      // Bounded: a Redis that does not answer delays the turn's last byte by REDIS_END_WAIT_MS at most (onError says why).
      if (started) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([shared.end(turn), new Promise((resolve) => (timer = setTimeout(resolve, REDIS_END_WAIT_MS).unref()))]);
        clearTimeout(timer);
      }
      buffers.end(turn);
    },
    async dispose() {
      if (starting) await starting.catch(() => {});
      await shared.dispose();
      if (owned && client.isOpen) await client.quit().catch(() => {});
    },
    [Symbol.asyncDispose]() {
      return this.dispose();
    },
  };
}
