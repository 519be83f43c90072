import { turnPath } from '../wire/contract.js';
import { joinUrl } from './join-url.js';

/**
 * The turns a resumable transport started and has not seen end: `stop()` cancels them on the server
 * (`POST <route>/turns/<id>/cancel`), and a new turn waits for the cancels in flight so that it is not refused (409).
 */
export interface TurnRegistry {
  /** A turn started (its response named it). */
  open(turnId: string): void;
  /** The turn ended, or can no longer be reached: nothing to cancel. */
  close(turnId: string): void;
  /** Asks the server to stop the turn (once per turn). */
  cancel(turnId: string): void;
  /** Cancels every open turn (a detached one too) and waits for the cancels. */
  cancelOpen(): Promise<void>;
  /** Waits for the cancels in flight (errors are the stop's to report, not the next turn's). */
  settled(): Promise<void>;
}

/** A registry that cancels through `POST <url>/turns/<id>/cancel` with the transport's fetch and headers. */
export function createTurnRegistry(url: string, post: (url: string) => Promise<unknown>): TurnRegistry {
  const opened = new Set<string>();
  const cancelled = new Set<string>();
  const inFlight = new Set<Promise<unknown>>();
  const cancel = (turnId: string): Promise<unknown> => {
    opened.delete(turnId);
    if (cancelled.has(turnId)) return Promise.resolve();
    cancelled.add(turnId);
    const request = post(joinUrl(url, turnPath(turnId, 'cancel')));
    const tracked = request.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    tracked.catch(() => undefined);
    return request;
  };
  return {
    open: (turnId) => void opened.add(turnId),
    close: (turnId) => void opened.delete(turnId),
    cancel: (turnId) => void cancel(turnId),
    async cancelOpen() {
      const cancels = [...opened].map(cancel);
      await Promise.all([...cancels, ...[...inFlight].map((request) => request.catch(() => undefined))]);
    },
    async settled() {
      await Promise.all([...inFlight].map((request) => request.catch(() => undefined)));
    },
  };
}
