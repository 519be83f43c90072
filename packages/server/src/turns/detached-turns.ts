/**
 * Turns nobody reads. A turn outlives its request by default (a reload, a dropped network, a closed tab: the
 * `resumable-stream` convention), so a page that comes back reads it again; one that nobody comes back for must not run
 * for ever. Every response that reads a turn (the POST that started it, a reattach) counts as a reader on the instance
 * that runs the turn; once the last one went away, the turn has `maxDetachedMs` to end or gain a reader, and is then
 * stopped (abort reason {@link DETACHED_TOO_LONG}). Ended turns are bounded by the store's retention window.
 */
import type { Turn } from './turn-buffers.js';

/** How long a running turn nobody reads goes on before the server stops it: 10 minutes. */
export const DEFAULT_MAX_DETACHED_MS = 10 * 60_000;
/** The abort reason of a turn stopped because nobody read it for `maxDetachedMs`. */
export const DETACHED_TOO_LONG = 'detached too long';

/** Counts each turn's readers and stops a turn left without any for `maxMs`. */
export function detachedTurns(maxMs: number, isDone: (turn: Turn) => boolean): { read(turn: Turn, gone: AbortSignal): void } {
  const readers = new WeakMap<Turn, { count: number; timer?: ReturnType<typeof setTimeout> }>();
  const running = (turn: Turn) => !isDone(turn) && !turn.controller.signal.aborted;
  return {
    /** A response reads `turn` until `gone` aborts (its client went away). */
    read(turn, gone) {
      let entry = readers.get(turn);
      if (!entry) {
        const created: { count: number; timer?: ReturnType<typeof setTimeout> } = { count: 0 };
        entry = created;
        readers.set(turn, created);
        void turn.ended.then(() => clearTimeout(created.timer));
      }
      const counted = entry;
      counted.count++;
      clearTimeout(counted.timer);
      gone.addEventListener('abort', () => {
        if (--counted.count > 0 || !running(turn)) return;
        counted.timer = setTimeout(() => {
          if (counted.count === 0 && running(turn)) turn.controller.abort(DETACHED_TOO_LONG);
        }, maxMs);
        // A turn left alone does not keep a Node process alive.
        (counted.timer as { unref?: () => void }).unref?.();
      }, { once: true });
    },
  };
}
