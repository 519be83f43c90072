import type { AgentChat, ChatState } from '@agent-chat/core';

/** How React commits are coalesced while a turn streams: one per animation frame, one per N ms, or none. */
export type Throttle = 'frame' | number | false;

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

// One frame for every chat hook on the page, so that all their flushes land in one task and one React commit.
const frameQueue = new Set<() => void>();
let cancelFrame: (() => void) | null = null;

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
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(runFrame);
    cancelFrame = () => cancelAnimationFrame(id);
  } else {
    const id = setTimeout(runFrame, FALLBACK_FRAME_MS);
    cancelFrame = () => clearTimeout(id);
  }
}

function offNextFrame(flush: () => void): void {
  frameQueue.delete(flush);
  if (frameQueue.size === 0 && cancelFrame) {
    cancelFrame();
    cancelFrame = null;
  }
}

/** Creates a scheduler: the next animation frame (a ~16 ms timer without `requestAnimationFrame`), or N ms. */
function createFrameScheduler(throttle: Exclude<Throttle, false>, flush: () => void): FrameScheduler {
  // Set while a flush is pending: drops it.
  let pending: (() => void) | null = null;
  const run = () => {
    pending = null;
    flush();
  };
  return {
    request() {
      if (pending) return;
      if (throttle === 'frame') {
        onNextFrame(run);
        pending = () => offNextFrame(run);
      } else {
        const timer = setTimeout(run, Math.max(0, throttle));
        pending = () => clearTimeout(timer);
      }
    },
    cancel() {
      pending?.();
      pending = null;
    },
  };
}

const inTurn = (state: ChatState<unknown>) => state.status === 'submitted' || state.status === 'streaming';

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
      };
    },
  };
}
