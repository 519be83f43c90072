import { unrefTimer } from '../util/dispose.js';

/** How a resumable transport reattaches to a turn whose stream broke off. */
export interface ResumableOptions {
  /** Reattach attempts in a row before the turn fails with `connection-lost`. Default 5. */
  attempts?: number;
  /** The wait before attempt `n` (1-based), in ms. Default 1 s, 2 s, 4 s, 8 s, then 15 s: 30 s over 5 attempts. */
  delay?: (attempt: number) => number;
  /** Waits `ms`, rejecting with the signal's reason when it aborts (tests inject their own clock). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** The default backoff: doubling from 1 s, at most 15 s. */
export const defaultReattachDelay = (attempt: number): number => Math.min(1000 * 2 ** (attempt - 1), 15_000);

/**
 * A timer that an abort cuts short. `background`: the timer does not keep a Node process alive (work nobody awaits,
 * such as polling a detached turn); a sleep someone awaits keeps it, or the process could end mid-await.
 */
export function abortableSleep(ms: number, signal: AbortSignal, background = false): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (background) unrefTimer(timer);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The options with their defaults; `undefined`/`false` means not resumable. */
export function resolveResumable(option: boolean | ResumableOptions | undefined): Required<ResumableOptions> | null {
  if (!option) return null;
  const given = option === true ? {} : option;
  return {
    attempts: given.attempts ?? 5,
    delay: given.delay ?? defaultReattachDelay,
    sleep: given.sleep ?? abortableSleep,
  };
}
