/**
 * Running turns and their replayable frame buffers (in memory).
 *
 * A turn writes its outgoing frames here, never to a response: every HTTP response (the POST that started the turn,
 * a later GET that reattaches) is a reader of the buffer, so a client that goes away does not take the turn with it.
 * Frames are numbered from 0 in the order they were written (the SSE `id`). A turn that ended is kept for
 * `retentionMs` (then forgotten, lazily); a turn's buffer keeps at most `maxTurnBytes` (the oldest frames go first),
 * and ended turns are forgotten oldest first once all buffers pass `maxTotalBytes` (not while a reader still drains
 * one: its response would end short).
 *
 * One turn per session runs at a time: {@link TurnBuffers.start} refuses a second one (the caller answers 409).
 */
import { randomUUID } from 'node:crypto';
import { wakeAfterTick } from './wake-after-tick.js';

export const DEFAULT_TURN_RETENTION_MS = 60_000;
export const DEFAULT_MAX_TURN_BYTES = 8 * 1024 * 1024;
export const DEFAULT_MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

export interface TurnBufferOptions {
  /** How long an ended turn stays replayable (default 60 s). */
  retentionMs?: number;
  /** Largest buffer of one turn; past it the oldest frames are dropped (default 8 MiB). */
  maxTurnBytes?: number;
  /** Largest total of all buffers before ended turns are forgotten, oldest first (default 64 MiB). */
  maxTotalBytes?: number;
  /** The clock (tests). */
  now?: () => number;
}

export interface BufferedFrame {
  seq: number;
  /** The frame's lines without the `id:` line and without the blank line that ends it, e.g. `data: {...}`. */
  data: string;
}

/** One turn: its identity, its frames so far, and how to stop it. */
export interface Turn {
  readonly turnId: string;
  /** The route it runs on, e.g. `/api/agui`. */
  readonly route: string;
  /** The Genkit session it runs in (AG-UI threadId, AI SDK chat id), when known up front. */
  readonly sessionId: string | undefined;
  /** The user message the turn answers, as the protocol has it (absent for a resumed interrupt): a page restored mid-turn shows it. */
  readonly input?: unknown;
  /** The user who started it: only they may replay or cancel it. */
  readonly user?: string;
  /**
   * Aborted by `POST …/turns/<turnId>/cancel` (reason 'cancelled'), when a request that opted out of resuming
   * (`x-agent-resumable: false`, or `keepTurnsOnDisconnect: false`) goes away, or after `maxDetachedMs` with no reader.
   */
  readonly controller: AbortController;
  /** Resolves when the turn has ended. */
  readonly ended: Promise<void>;
}

interface TurnRecord extends Turn {
  frames: string[];
  firstSeq: number;
  bytes: number;
  done: boolean;
  endedAt: number;
  wake: Set<() => void>;
  /**
   * How the next wake goes: 'first' (none yet: the first frames readers wait for go out at once, at the end of the
   * current task, not after the event loop's pass), 'queued' (that wake is queued), 'tick' (after it: once per pass).
   */
  firstWake: 'first' | 'queued' | 'tick';
  /** Readers under way (the retention window and the total budget never forget a turn one of them still drains). */
  readers: number;
  resolveEnded: () => void;
}

/** The frames after `after` were dropped (the buffer passed its cap): the client must reload the session instead. */
export class TurnGapError extends Error {
  constructor(readonly firstSeq: number) {
    super(`Frames before ${firstSeq} are no longer kept.`);
    this.name = 'TurnGapError';
  }
}

/** Where {@link TurnBuffers.follow} hands a turn's frames. */
export interface TurnSink {
  /** Every frame since the last call; false pauses the following until its `resume()`. */
  frames(batch: BufferedFrame[]): boolean;
  /** The turn ended and every frame was handed over, or the reader fell behind the cap (`error`). */
  end(error?: TurnGapError): void;
}

/** Told of every frame and turn end, in order (the Redis mirror). */
export interface TurnObserver {
  append(turn: Turn, data: string): void;
  end(turn: Turn): void;
}

/** The abort reason of a turn whose conversation was deleted: the session store writes nothing more for it. */
export const CONVERSATION_DELETED = 'conversation deleted';

/** This instance's turns and their frames, in memory (the buffer every store keeps; Redis mirrors it). */
export class TurnBuffers {
  private observer: TurnObserver | undefined;
  private readonly turns = new Map<string, TurnRecord>();
  private readonly bySession = new Map<string, TurnRecord>();
  /** Ended turns in the order they ended (oldest first): what {@link TurnBuffers.prune} looks at, not every turn. */
  private ended: TurnRecord[] = [];
  private readonly retentionMs: number;
  private readonly maxTurnBytes: number;
  private readonly maxTotalBytes: number;
  private readonly now: () => number;
  private totalBytes = 0;

  constructor(options: TurnBufferOptions = {}) {
    this.retentionMs = options.retentionMs ?? DEFAULT_TURN_RETENTION_MS;
    this.maxTurnBytes = options.maxTurnBytes ?? DEFAULT_MAX_TURN_BYTES;
    this.maxTotalBytes = options.maxTotalBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
    this.now = options.now ?? Date.now;
  }

  observe(observer: TurnObserver): void {
    this.observer = observer;
  }

  /** Forgets a turn that never ran (its session was taken on another instance). */
  discard(turn: Turn): void {
    const record = this.record(turn);
    record.done = true;
    record.resolveEnded();
    this.forget(record);
  }

  /** Starts a turn (under the client's `turnId` when given, unused), or returns the turn already running in `sessionId` (`conflict`). */
  start(route: string, sessionId?: string, input?: unknown, user?: string, turnId?: string): { turn: Turn } | { conflict: Turn } {
    this.prune();
    const running = sessionId === undefined ? undefined : this.bySession.get(sessionId);
    if (running && !running.done) return { conflict: running };
    let resolveEnded!: () => void;
    const ended = new Promise<void>((resolve) => (resolveEnded = resolve));
    const record: TurnRecord = {
      turnId: turnId ?? randomUUID(),
      route,
      sessionId,
      ...(input !== undefined && { input }),
      ...(user !== undefined && { user }),
      controller: new AbortController(),
      ended,
      frames: [],
      firstSeq: 0,
      bytes: 0,
      done: false,
      endedAt: 0,
      wake: new Set(),
      firstWake: 'first',
      readers: 0,
      resolveEnded,
    };
    this.turns.set(record.turnId, record);
    if (sessionId !== undefined) this.bySession.set(sessionId, record);
    return { turn: record };
  }

  /** The turn, running or ended within the retention window. */
  get(turnId: string): Turn | undefined {
    this.prune();
    return this.turns.get(turnId);
  }

  /** The turn running in a session (not one that ended). */
  running(sessionId: string): Turn | undefined {
    const record = this.bySession.get(sessionId);
    return record && !record.done ? record : undefined;
  }

  /** The session's latest turn, running or ended within the retention window. */
  latest(sessionId: string): Turn | undefined {
    this.prune();
    return this.bySession.get(sessionId);
  }

  /** The oldest frame still kept (0 until the buffer passed its cap). */
  firstSeq(turn: Turn): number {
    return this.record(turn).firstSeq;
  }

  isDone(turn: Turn): boolean {
    return this.record(turn).done;
  }

  /** Appends a frame; returns its sequence number (-1 once the turn ended: late chunks of a detached turn). */
  append(turn: Turn, data: string): number {
    const record = this.record(turn);
    if (record.done) return -1;
    const seq = record.firstSeq + record.frames.length;
    record.frames.push(data);
    record.bytes += data.length;
    this.totalBytes += data.length;
    while (record.bytes > this.maxTurnBytes && record.frames.length > 1) {
      const dropped = record.frames.shift()!;
      record.firstSeq++;
      record.bytes -= dropped.length;
      this.totalBytes -= dropped.length;
    }
    this.observer?.append(turn, data);
    this.wake(record);
    return seq;
  }

  /** Marks the turn ended: readers drain the buffer and stop; it stays replayable for the retention window. */
  end(turn: Turn): void {
    const record = this.record(turn);
    if (record.done) return;
    record.done = true;
    record.endedAt = this.now();
    this.ended.push(record);
    record.resolveEnded();
    this.observer?.end(turn);
    this.wake(record);
    this.evictOverBudget();
  }

  /**
   * The frames after `after` (-1: from the first), then the live tail, until the turn ends or `signal` aborts.
   * Throws {@link TurnGapError} when frames after `after` were dropped.
   */
  async *read(turn: Turn, after: number, signal?: AbortSignal): AsyncGenerator<BufferedFrame> {
    for await (const batch of this.readBatches(turn, after, signal)) {
      for (const frame of batch) {
        yield frame;
        if (signal?.aborted) return;
      }
    }
  }

  /**
   * As {@link TurnBuffers.read}, but every frame written since the last read at once: a response writes one batch per
   * wake-up instead of one frame per promise hop. One abort listener serves the whole read (none per wait).
   */
  async *readBatches(turn: Turn, after: number, signal?: AbortSignal): AsyncGenerator<BufferedFrame[]> {
    const record = this.record(turn);
    let next = Math.max(after + 1, 0);
    let waiting: (() => void) | undefined;
    const onAbort = () => waiting?.();
    signal?.addEventListener('abort', onAbort, { once: true });
    record.readers++;
    try {
      for (;;) {
        if (next < record.firstSeq) throw new TurnGapError(record.firstSeq);
        const end = record.firstSeq + record.frames.length;
        if (next < end) {
          const batch: BufferedFrame[] = [];
          for (let seq = next; seq < end; seq++) batch.push({ seq, data: record.frames[seq - record.firstSeq]! });
          next = end;
          yield batch;
          if (signal?.aborted) return;
          continue;
        }
        if (record.done || signal?.aborted) return;
        await new Promise<void>((resolve) => {
          waiting = () => {
            record.wake.delete(waiting!);
            waiting = undefined;
            resolve();
          };
          record.wake.add(waiting);
        });
      }
    } finally {
      record.readers--;
      if (waiting) record.wake.delete(waiting);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Follows the turn without a promise per batch (the Node adapter's path to the socket): `sink.frames` gets every frame
   * written since its last call, once per tick, and returns false to pause (until `resume()`, the socket drained);
   * `sink.end` is called once, when the turn ended and all was handed over, or with the {@link TurnGapError} of a
   * reader behind the cap. `stop()` ends the following without calling `sink.end` (the response went away).
   */
  follow(turn: Turn, after: number, sink: TurnSink): { resume(): void; stop(): void } {
    const record = this.record(turn);
    let next = Math.max(after + 1, 0);
    let following = true;
    const stop = () => {
      if (!following) return;
      following = false;
      record.wake.delete(pump);
      record.readers--;
    };
    const pump = (): void => {
      if (!following) return;
      if (next < record.firstSeq) {
        stop();
        return sink.end(new TurnGapError(record.firstSeq));
      }
      const end = record.firstSeq + record.frames.length;
      if (next < end) {
        const batch: BufferedFrame[] = [];
        for (let seq = next; seq < end; seq++) batch.push({ seq, data: record.frames[seq - record.firstSeq]! });
        next = end;
        // Paused: off the wake list until resumed (then it reads what came meanwhile, and the end).
        if (!sink.frames(batch)) return void record.wake.delete(pump);
      }
      if (record.done) {
        stop();
        sink.end();
      }
    };
    record.readers++;
    const resume = () => {
      if (!following) return;
      record.wake.add(pump);
      pump();
    };
    resume();
    return { resume, stop };
  }

  /** Forgets every turn of a session at once, running ones stopped first (the conversation was deleted). */
  forgetSession(sessionId: string): void {
    for (const record of [...this.turns.values()]) {
      if (record.sessionId !== sessionId) continue;
      if (!record.done && !record.controller.signal.aborted) record.controller.abort(CONVERSATION_DELETED);
      this.end(record);
      this.forget(record);
    }
  }

  /** Turns currently running (for a clean shutdown). */
  runningTurns(): Turn[] {
    return [...this.turns.values()].filter((record) => !record.done);
  }

  private record(turn: Turn): TurnRecord {
    return turn as TurnRecord;
  }

  /**
   * Wakes the turn's readers once this tick is over, not at once: every frame a turn writes in one pass of the event
   * loop (under load, several tokens per stream) goes to the socket in one write, and one callback wakes every turn.
   * The first wake of a turn (its first frames after the response started: the model's first token) goes at the end of
   * the current task instead, with whatever else the task wrote: a first token is not held while the event loop's pass
   * handles other requests' I/O.
   */
  private wake(record: TurnRecord): void {
    if (record.wake.size === 0 || record.firstWake === 'queued') return;
    if (record.firstWake === 'tick') return wakeAfterTick(record.wake);
    record.firstWake = 'queued';
    queueMicrotask(() => {
      record.firstWake = 'tick';
      // A waiting read deletes itself when called; a follower stays (as in wakeAfterTick's pass).
      for (const reader of record.wake) reader();
    });
  }

  private forget(record: TurnRecord): void {
    this.turns.delete(record.turnId);
    this.totalBytes -= record.bytes;
    record.frames = [];
    record.bytes = 0;
    if (record.sessionId !== undefined && this.bySession.get(record.sessionId) === record) this.bySession.delete(record.sessionId);
  }

  /**
   * Forgets ended turns past the retention window. It runs at every start and lookup, so it reads the ended turns from
   * the oldest and stops at the first one still inside the window (they ended in that order): a start costs the same
   * with thousands of turns kept as with none, where a pass over every turn made a burst of starts quadratic.
   */
  private prune(): void {
    const ended = this.ended;
    if (ended.length === 0) return;
    const now = this.now();
    let kept: TurnRecord[] | undefined;
    let at = 0;
    for (; at < ended.length; at++) {
      const record = ended[at]!;
      if (now - record.endedAt < this.retentionMs) break;
      if (this.turns.get(record.turnId) !== record) continue; // forgotten already (over the budget, its session deleted)
      // One a response still reads stays (it would end short); it is looked at again at the next prune.
      if (record.readers > 0) (kept ??= []).push(record);
      else this.forget(record);
    }
    if (at > 0) ended.splice(0, at, ...(kept ?? []));
  }

  /** Forgets ended turns, oldest first, while all buffers together pass the budget. */
  private evictOverBudget(): void {
    if (this.totalBytes <= this.maxTotalBytes) return;
    // Not one a response still sends (it would end short, silently): it goes at a later end, once read.
    const ended = [...this.turns.values()].filter((record) => record.done && record.readers === 0).sort((a, b) => a.endedAt - b.endedAt);
    for (const record of ended) {
      if (this.totalBytes <= this.maxTotalBytes) return;
      this.forget(record);
    }
  }
}
