import type { DecodedFrame } from '../../model/events.js';

/** How long a body may stay open after its turn ended before the client cancels it. */
export const READ_TO_END_MS = 10_000;

/**
 * After a turn's end frame: reads (and drops) whatever the server still sends until it closes the body, so that the
 * request ends as finished rather than cancelled (no `net::ERR_ABORTED` per turn in DevTools, no reset connection).
 * A server that keeps the body open past `ms` gets it cancelled through `abort` (which aborts the reading signal).
 * Never throws; returns at once.
 */
export function readToEnd(frames: AsyncIterator<DecodedFrame[]>, abort: () => void, ms = READ_TO_END_MS): void {
  const timer = setTimeout(abort, ms);
  // A script or test runner need not wait for it.
  (timer as { unref?: () => void }).unref?.();
  void (async () => {
    try {
      while (!(await frames.next()).done);
    } catch {
      // A body that breaks off after its turn ended changes nothing.
    } finally {
      clearTimeout(timer);
    }
  })();
}
