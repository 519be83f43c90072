/**
 * Stop reaches the server, for the transports that are not `resumable` (a chunk of its own, loaded beside a transport's
 * first request). A server of the kit keeps a turn running when its request closes (a reload is not a stop), so a stop
 * cancels the turn (`POST <url>/turns/<id>/cancel`): the one the response named (`x-agent-turn-id`), or, stopped once
 * the request was sent but before any response, the id the request named it with (the server drops a turn cancelled
 * before it began). A response that names no turn (another server) is only closed, as before; a `detach()` cancels
 * nothing; the next turn waits for the cancels in flight (else the server refuses it as busy).
 */
import { TURN_ID_HEADER } from '../wire/contract.js';
import { isDetached } from './detach.js';
import { createTurnRegistry } from './turn-registry.js';

/** One transport's stoppable turns (see the module's comment). */
export interface StoppableTurns {
  /** A request stopped after it was sent, before its response: cancels the turn it named. */
  stoppedEarly(turnId: string, reason: unknown): void;
  /** The response of a turn: its turn is cancelled if `signal` aborts before `done()` (the turn read to its end). */
  track(response: Response, signal: AbortSignal): () => void;
  /** Waits for the cancels in flight. */
  settled(): Promise<void>;
  /** Cancels every turn not read to its end, and waits for the cancels. */
  cancelOpen(): Promise<void>;
}

/** The stoppable turns of the transport at `url`; `post` POSTs a cancel URL with the transport's headers and fetch. */
export function stoppableTurns(url: string, post: (cancelUrl: string) => Promise<unknown>): StoppableTurns {
  const registry = createTurnRegistry(url, post);
  // Stopped: cancelled on the server; detached: left running there.
  const stop = (turnId: string, reason: unknown) => (isDetached(reason) ? registry.close(turnId) : registry.cancel(turnId));
  return {
    stoppedEarly: stop,
    track(response, signal) {
      const turnId = response.headers.get(TURN_ID_HEADER);
      if (!turnId) return () => undefined;
      registry.open(turnId);
      const onAbort = () => stop(turnId, signal.reason);
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
      return () => {
        signal.removeEventListener('abort', onAbort);
        registry.close(turnId);
      };
    },
    settled: registry.settled,
    cancelOpen: registry.cancelOpen,
  };
}
