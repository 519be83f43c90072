/**
 * Running turns shared between server instances over Redis, with Redis lists and pub/sub:
 * the instance running a turn mirrors its frames there, in order; any instance serves a reattach from them.
 *
 *   <prefix>turn:<turnId>:frames   list of frames (index = the SSE id)
 *   <prefix>turn:<turnId>:meta     hash {route, sessionId, done, input?, user?} (input: the user message, JSON)
 *   <prefix>session:<id>:turn      the turn running in a session (SET NX: one per session across instances)
 *   <prefix>session:<id>:turns     a set of the session's turn ids (what a delete removes)
 *   channel <prefix>turn:<turnId>  'frame' / 'end' notifications; channel <prefix>turns:cancel  a turnId to stop;
 *   channel <prefix>turns:forget   a deleted session's id: every instance drops the turns it kept of it
 *
 * Frames and meta expire `retentionMs` after the turn ends (a running turn's keys after `runningTtlMs`).
 * Not the `resumable-stream` package: it resumes by skipping characters, while this contract resumes by frame id.
 */
import { createClient } from 'redis';
import type { Turn, TurnBuffers } from './turn-buffers.js';

/** A connected `redis` client (node-redis 5+). */
export type RedisClient = ReturnType<typeof createClient>;

export interface SharedTurnInfo {
  turnId: string;
  route: string;
  sessionId?: string;
  done?: boolean;
  input?: unknown;
  user?: string;
}

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;
/**
 * Claims a session for a turn in one round trip: the session's turn (SET NX, expiring), and only when that was free the
 * session's turn set and the turn's meta; nil when claimed, else the turn running there ('' when it just went).
 * KEYS: session turn, session turns, turn meta; ARGV: turnId, running TTL, the set's TTL, then the meta's fields.
 */
const CLAIM = `if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return redis.call('GET', KEYS[1]) or '' end
redis.call('SADD', KEYS[2], ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('HSET', KEYS[3], unpack(ARGV, 4))
redis.call('PEXPIRE', KEYS[3], ARGV[2])
return false`;

/** A promise and its resolve. */
interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}
const deferred = (): Deferred => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
};

/** After the I/O of this pass of the event loop (every turn's frames of the pass in one write). */
const afterTick: (callback: () => void) => void = typeof setImmediate === 'function' ? (callback) => setImmediate(callback) : (callback) => setTimeout(callback, 0);

/** Mirrors this instance's turns into Redis and reads other instances' turns from it. */
export class RedisTurns {
  /** Turns whose end is being written (their keys are not deleted under them). */
  private readonly ending = new Map<string, Promise<void>>();
  private readonly endings = new WeakMap<Turn, Promise<void>>();
  /** The frames waiting for the next write to Redis, per turn, in order (every turn's in one pipeline). */
  private pending = new Map<string, string[]>();
  /** Settles once the next write (the one that takes `pending`) is done; undefined while nothing waits. */
  private nextWrite: Deferred | undefined;
  /** Settles once the write under way is done; undefined while none is. */
  private writing: Promise<void> | undefined;
  private subscriber: RedisClient | undefined;

  constructor(
    private readonly client: RedisClient,
    private readonly buffers: TurnBuffers,
    private readonly options: { prefix?: string; retentionMs: number; runningTtlMs?: number; onError?: (error: unknown) => void },
  ) {}

  private key(...parts: string[]): string {
    return `${this.options.prefix ?? 'agent-chat:'}${parts.join(':')}`;
  }

  /** Connects the subscriber that receives cancel requests for the turns this instance runs. */
  async start(): Promise<void> {
    this.subscriber = this.client.duplicate();
    await this.subscriber.connect();
    // It only listens: a process that forgets dispose() is not kept alive by it.
    this.subscriber.unref();
    await this.subscriber.subscribe(this.key('turns', 'cancel'), (turnId) => {
      const turn = this.buffers.get(turnId);
      if (turn && !this.buffers.isDone(turn) && !turn.controller.signal.aborted) turn.controller.abort('cancelled');
    });
    // A conversation deleted through another instance: this one forgets the turns it kept of it.
    await this.subscriber.subscribe(this.key('turns', 'forget'), (sessionId) => this.buffers.forgetSession(sessionId));
  }

  async dispose(): Promise<void> {
    await this.written();
    await Promise.allSettled([...this.ending.values()]);
    await this.subscriber?.quit().catch(() => {});
  }

  /** Claims the session for a turn; returns the turn already running there (on any instance), if any. */
  async claim(turn: Turn): Promise<SharedTurnInfo | undefined> {
    const ttl = this.options.runningTtlMs ?? 10 * 60_000;
    const meta = this.key('turn', turn.turnId, 'meta');
    const fields = { route: turn.route, sessionId: turn.sessionId ?? '', done: '0', ...(turn.input !== undefined && { input: JSON.stringify(turn.input) }), ...(turn.user !== undefined && { user: turn.user }) };
    if (turn.sessionId === undefined) {
      await this.client.multi().hSet(meta, fields).pExpire(meta, ttl).exec();
      return undefined;
    }
    // One round trip (a turn's run waits for it): the claim, and the turn's records only when the session was free.
    const keys = [this.key('session', turn.sessionId, 'turn'), this.key('session', turn.sessionId, 'turns'), meta];
    const running = await this.client.eval(CLAIM, { keys, arguments: [turn.turnId, String(ttl), String(ttl + this.options.retentionMs), ...Object.entries(fields).flat()] });
    if (running === null) return undefined;
    const turnId = typeof running === 'string' && running !== '' ? running : undefined;
    const info = turnId ? await this.info(turnId) : undefined;
    return info ?? { turnId: turnId ?? 'unknown', route: 'unknown' };
  }

  /**
   * Mirrors one frame (in order after the previous ones). The frames of every turn written in one pass of the event
   * loop, or while the previous write was under way, go to Redis together: one pipeline (one round trip) with one
   * `RPUSH` and one notification per turn, not a transaction per turn.
   */
  append(turn: Turn, data: string): void {
    const frames = this.pending.get(turn.turnId);
    if (frames) frames.push(data);
    else this.pending.set(turn.turnId, [data]);
    if (this.nextWrite) return;
    this.nextWrite = deferred();
    // While a write is under way, the next one starts when it is done (with everything that came meanwhile).
    if (!this.writing) afterTick(() => void this.write());
  }

  /** Writes the pending frames of every turn in one pipeline; the next write follows at once when more came meanwhile. */
  private write(): Promise<void> {
    const batch = this.pending;
    const done = this.nextWrite!;
    this.pending = new Map();
    this.nextWrite = undefined;
    this.writing = Promise.resolve().then(() => {
      const pipeline = this.client.multi();
      for (const [turnId, frames] of batch) pipeline.rPush(this.key('turn', turnId, 'frames'), frames).publish(this.key('turn', turnId), 'frame');
      return pipeline.execAsPipeline();
    }).then(
      () => undefined,
      (error: unknown) => this.options.onError?.(error),
    ).then(() => {
      this.writing = undefined;
      done.resolve();
      if (this.nextWrite) void this.write();
    });
    return this.writing;
  }

  /** Settles once every frame appended so far is in Redis (or `onError` was told why not). */
  private written(): Promise<void> {
    return this.nextWrite?.promise ?? this.writing ?? Promise.resolve();
  }

  /**
   * Marks the turn ended everywhere, frees its session and lets its keys expire after the retention window; resolves
   * once Redis has it (after every earlier frame of the turn), or once `onError` was told why not. Once per turn: the
   * buffers' end, told after {@link RedisTurns.end} resolved, gets the same promise.
   */
  end(turn: Turn): Promise<void> {
    const ending = this.endings.get(turn);
    if (ending) return ending;
    const { turnId, sessionId } = turn;
    const frames = this.key('turn', turnId, 'frames');
    const meta = this.key('turn', turnId, 'meta');
    const channel = this.key('turn', turnId);
    // After the turn's frames (in the writes under way or waiting), one transaction: the session is free before any
    // instance reads the turn as done.
    const chain = this.written().then(async () => {
      const ended = this.client.multi();
      if (sessionId !== undefined) ended.eval(RELEASE, { keys: [this.key('session', sessionId, 'turn')], arguments: [turnId] });
      await ended.hSet(meta, 'done', '1').pExpire(meta, this.options.retentionMs).pExpire(frames, this.options.retentionMs).publish(channel, 'end').exec();
    }).then(
      () => undefined,
      (error: unknown) => this.options.onError?.(error),
    );
    this.endings.set(turn, chain);
    this.ending.set(turnId, chain);
    void chain.finally(() => {
      if (this.ending.get(turnId) === chain) this.ending.delete(turnId);
    });
    return chain;
  }

  /** A turn known to Redis (running or within the retention window). */
  async info(turnId: string): Promise<SharedTurnInfo | undefined> {
    const meta = await this.client.hGetAll(this.key('turn', turnId, 'meta'));
    if (!meta.route) return undefined;
    return {
      turnId, route: meta.route, done: meta.done === '1',
      ...(meta.sessionId && { sessionId: meta.sessionId }),
      ...(meta.input && { input: JSON.parse(meta.input) as unknown }),
      ...(meta.user !== undefined && { user: meta.user }),
    };
  }

  /** The turn running in a session, on any instance. */
  async running(sessionId: string): Promise<SharedTurnInfo | undefined> {
    const turnId = await this.client.get(this.key('session', sessionId, 'turn'));
    return turnId ? this.info(turnId) : undefined;
  }

  /** Removes a session's turns from Redis (the conversation was deleted): its running turn's frames, meta and claim. */
  async forgetSession(sessionId: string, turnIds: readonly string[]): Promise<void> {
    const claim = this.key('session', sessionId, 'turn');
    const all = this.key('session', sessionId, 'turns');
    const running = await this.client.get(claim);
    const ids = [...new Set([...turnIds, ...(await this.client.sMembers(all)), ...(running ? [running] : [])])];
    for (const turnId of ids) await this.client.publish(this.key('turns', 'cancel'), turnId);
    // The running turn (on any instance) ends and frees the session first, so that none of its writes lands after the delete.
    for (let waited = 0; waited < 5000 && (await this.client.get(claim)); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    await this.written();
    await Promise.allSettled(ids.map((turnId) => this.ending.get(turnId)).filter((chain) => chain !== undefined));
    await this.client.del([claim, all, ...ids.flatMap((turnId) => [this.key('turn', turnId, 'frames'), this.key('turn', turnId, 'meta')])]);
    await this.client.publish(this.key('turns', 'forget'), sessionId);
  }

  /** Asks the instance running the turn to stop it. */
  async cancel(turnId: string): Promise<void> {
    await this.client.publish(this.key('turns', 'cancel'), turnId);
  }

  /** The frames after `after`, then the live tail, until the turn ends or `signal` aborts. */
  async *read(turnId: string, after: number, signal: AbortSignal): AsyncGenerator<{ seq: number; data: string }> {
    const subscriber = this.client.duplicate();
    await subscriber.connect();
    let wake: (() => void) | undefined;
    const listener = () => wake?.();
    const channel = this.key('turn', turnId);
    await subscriber.subscribe(channel, listener);
    const onAbort = () => wake?.();
    signal.addEventListener('abort', onAbort);
    try {
      let next = after + 1;
      for (;;) {
        const notified = new Promise<void>((resolve) => (wake = resolve));
        const done = (await this.client.hGet(this.key('turn', turnId, 'meta'), 'done')) === '1';
        const frames = await this.client.lRange(this.key('turn', turnId, 'frames'), next, -1);
        for (const data of frames) {
          if (signal.aborted) return;
          yield { seq: next++, data };
        }
        if (done || signal.aborted) return;
        // A notification, or a second at most (a frame published between the reads above and the wait).
        await Promise.race([notified, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      await subscriber.unsubscribe(channel, listener).catch(() => {});
      await subscriber.quit().catch(() => {});
    }
  }

}
