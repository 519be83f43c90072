import type { AgentChat, ChatState } from '@agent-chat/core';
import type * as RenderBudget from './render-budget.js';

/**
 * How React commits are coalesced while a turn streams: by the render budget (`'auto'`, the default), one per
 * animation frame (`'frame'`), one per N ms (on an animation frame, the same frames for every hook on the page), or none.
 */
export type Throttle = 'auto' | 'frame' | number | false;

/**
 * The default cadence, a render budget: one commit per 50 ms while a turn streams (20 a second, every third frame at
 * 60 Hz, as the AI SDK's `experimental_throttle: 50`), stretched up to 150 ms while the commits cost more than a tenth
 * of the main thread (ten times the median of the last five commits' costs). Each commit re-renders, lays out and
 * paints the growing answer: for a long reply streamed fast (or on a slow machine), 50 ms apart took a fifth of the
 * main thread. The first change after a quiet spell (the first token) and the turn's end still show at the next frame
 * / at once.
 */
export const DEFAULT_THROTTLE: Throttle = 'auto';

// The render budget of `throttle: 'auto'`: its measuring part (the last commits' costs, their median, the after-paint
// probe) is a chunk of its own (render-budget.ts), loaded by the first change an 'auto' hook defers while a turn streams.
// Until it is there the interval is its floor, 50 ms.
let budget: typeof RenderBudget | undefined;
const BUDGET_MIN_MS = 50;
// The 'auto' hooks subscribed: when the last one goes, the costs are forgotten.
let budgetUsers = 0;

/** A deferred call, requested any number of times and run at most once per frame (or per `throttle` ms). */
interface FrameScheduler {
  /** Runs the flush at the next frame, unless one is already pending. */
  request(): void;
  /** Drops the pending flush, if any. */
  cancel(): void;
}

/** A `useSyncExternalStore` source whose snapshot only moves when a coalesced flush publishes it. */
export interface CoalescedStore<S> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ChatState<S>;
}

const FALLBACK_FRAME_MS = 16;
// A frame's start time varies by a few ms: an interval counts as elapsed this much early.
const FRAME_SLACK_MS = 4;

// One frame for every chat hook on the page, so that all their flushes land in one task and one React commit.
const frameQueue = new Set<() => void>();
let cancelFrame: (() => void) | null = null;

// `performance` is global in every runtime the kit runs in (browsers, workers, Node ≥ 16, React Native); read only in
// frames and timers, never at import.
const clock = () => performance.now();

function runFrame(): void {
  cancelFrame = null;
  const flushes = [...frameQueue];
  frameQueue.clear();
  for (const flush of flushes) flush();
}

function onNextFrame(flush: () => void): void {
  frameQueue.add(flush);
  if (cancelFrame) return;
  // Looked up at call time, never at module scope: importing this module on a server must not touch `window`.
  const frames = typeof requestAnimationFrame === 'function';
  const id = frames ? requestAnimationFrame(runFrame) : setTimeout(runFrame, FALLBACK_FRAME_MS);
  cancelFrame = () => (frames ? cancelAnimationFrame(id as number) : clearTimeout(id));
}

function offNextFrame(flush: () => void): void {
  frameQueue.delete(flush);
  if (frameQueue.size === 0) {
    cancelFrame?.();
    cancelFrame = null;
  }
}

// Schedulers waiting out an interval, with the clock time it ends: one timer for all of them, at the earliest end, then
// one frame for every one due by then (hooks that flushed together flush together again).
const sleepers = new Map<() => void, number>();
let wakeTimer: ReturnType<typeof setTimeout> | undefined;
let wakeAt = Infinity;

// (clearTimeout of no timer, or of one that ran, does nothing.)
function sleepUntil(at: number): void {
  clearTimeout(wakeTimer);
  wakeAt = at;
  wakeTimer = setTimeout(wake, Math.max(0, at - clock()));
}

function wake(): void {
  wakeTimer = undefined;
  wakeAt = Infinity;
  const now = clock();
  let next = Infinity;
  for (const [flush, at] of sleepers) {
    if (at > now + FRAME_SLACK_MS) {
      next = Math.min(next, at);
      continue;
    }
    sleepers.delete(flush);
    onNextFrame(flush);
  }
  if (next < Infinity) sleepUntil(next);
}

/** Runs `flush` at the first frame after the clock time `at`, asking for no frame before then. */
function onFrameAfter(flush: () => void, at: number): void {
  if (at <= clock()) {
    onNextFrame(flush);
    return;
  }
  sleepers.set(flush, at);
  if (at < wakeAt) sleepUntil(at);
}

function offFrameAfter(flush: () => void): void {
  sleepers.delete(flush);
  offNextFrame(flush);
  if (sleepers.size === 0) {
    clearTimeout(wakeTimer);
    wakeAt = Infinity;
  }
}

/**
 * Creates a scheduler: the next animation frame (a ~16 ms timer without `requestAnimationFrame`), or, for N ms, the
 * first frame N ms after the last flush (less a quarter frame, so that 50 ms is every third frame at 60 Hz, not every
 * fourth); for `'auto'`, N is the render budget's interval at the time (50 ms while commits are cheap). Frames are the
 * shared clock: every hook with the same N flushes in the same frames, so in one React commit. Between flushes it asks
 * for no frame: a timer waits out the interval, then one frame is requested (a frame asked for while nothing is due
 * still makes the browser run one). The interval is counted on the clock, not in frame times: a frame asked for between
 * two vsyncs may start at once with the last vsync's time.
 */
function createFrameScheduler(throttle: Exclude<Throttle, false>, flush: () => void): FrameScheduler {
  const auto = throttle === 'auto';
  const fixed = auto || throttle === 'frame' ? 0 : Math.max(0, throttle);
  const due = () => (auto ? (budget?.interval() ?? BUDGET_MIN_MS) : fixed) - FRAME_SLACK_MS;
  let flushedAt = -Infinity;
  let pending = false;
  const run = () => {
    // Woken with others up to a slack early: due within it counts as due.
    if (clock() - flushedAt < due() - FRAME_SLACK_MS) {
      onNextFrame(run);
      return;
    }
    pending = false;
    flushedAt = clock();
    flush();
    if (auto) budget?.measure(flushedAt);
  };
  return {
    request() {
      if (pending) return;
      pending = true;
      if (auto && !budget) import('./render-budget.js').then((module) => (budget = module), () => undefined);
      onFrameAfter(run, flushedAt + due());
    },
    cancel() {
      if (pending) offFrameAfter(run);
      pending = false;
    },
  };
}

/** True while a turn runs (from `send` to its end). */
export const inTurn = (state: ChatState<unknown>) => state.status === 'submitted' || state.status === 'streaming';

/** True when a change must reach React at once: the turn ended (or nothing streams), an error, or interrupts. */
function mustFlushNow<S>(published: ChatState<S>, next: ChatState<S>): boolean {
  if (!inTurn(next)) return true;
  if (next.error !== published.error && next.error !== null) return true;
  return next.interrupts !== published.interrupts && next.interrupts.length > 0;
}

/** Wraps the chat's store so that listeners hear at most one change per frame while a turn streams. */
export function coalesceStore<S>(chat: AgentChat<S>, throttle: Throttle): CoalescedStore<S> {
  let published = chat.getState();
  return {
    getSnapshot: () => published,
    subscribe(listener) {
      const publish = () => {
        const next = chat.getState();
        if (next === published) return;
        published = next;
        listener();
      };
      const scheduler = throttle === false ? null : createFrameScheduler(throttle, publish);
      if (throttle === 'auto') budgetUsers++;
      const unsubscribe = chat.subscribe((next) => {
        if (!scheduler || mustFlushNow(published, next)) {
          scheduler?.cancel();
          publish();
        } else {
          scheduler.request();
        }
      });
      // Changes made between render and subscribe: React compares snapshots right after subscribing.
      published = chat.getState();
      return () => {
        scheduler?.cancel();
        unsubscribe();
        if (throttle === 'auto' && !--budgetUsers) budget?.forget();
      };
    },
  };
}
