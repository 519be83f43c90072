/**
 * Per-request context for a turn, carried with AsyncLocalStorage from the HTTP handler into the model.
 *
 * genkit 1.42 does not stop a model when the HTTP client goes away: the agent hands the model its own
 * abort signal, which only fires when `<agent>/abort` hits a *detached* turn. The server therefore gives each turn
 * a signal of its own (@agent-chat/server's resumableTurns), aborted by `POST …/turns/<id>/cancel` or, for a client that cannot resume,
 * by its response closing early (its Stop); the scripted model listens to it and stops at once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { JsonPatchOperation } from 'genkit/beta';

export interface TurnContext {
  signal: AbortSignal;
  /** The session id the client asked for (validated), if any. */
  requestedSessionId?: string;
  /** What the client wrote to the custom state since the agent last saw it: applied to the session before the turn. */
  clientState?: ClientStateWrite;
}

/** A client's state write: its pending writes as one RFC 6902 patch (Genkit, AI SDK), or its whole state (AG-UI `state`). */
export type ClientStateWrite = { patch: JsonPatchOperation[] } | { state: Record<string, unknown> };

const storage = new AsyncLocalStorage<TurnContext>();

export function runInTurn<T>(context: TurnContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentTurn(): TurnContext | undefined {
  return storage.getStore();
}

/** Resolves after `ms` (on the next macrotask for 0), or at once when `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
