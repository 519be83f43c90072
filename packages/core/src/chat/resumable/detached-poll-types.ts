import type { SnapshotInfo } from '../../model/session.js';

/** How a chat polls `getSnapshot` for a detached turn's result (the `pollDetached` option). */
export interface DetachedPollOptions {
  /** Reads before polling gives up; the status stays the last one read. Default 12. */
  attempts?: number;
  /** The wait before read `n` (1-based), in ms. Default 1 s, 2 s, 4 s, 8 s, then 15 s: about 2¼ min over 12 reads. */
  delay?: (attempt: number) => number;
  /** Waits `ms`, rejecting when the signal aborts (tests inject their own clock). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** The chat's polling of its detached run: one at a time; `aborting` once `stop()` asked the server to abort it. */
export interface DetachedPoll {
  controller: AbortController | null;
  aborting: boolean;
  /** Shows a completed (or failed) run's snapshot in the chat, as `restore` does. */
  load(info: SnapshotInfo, signal: AbortSignal): Promise<unknown>;
}
