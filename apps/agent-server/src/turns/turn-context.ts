/**
 * Per-request context for a turn, carried with AsyncLocalStorage from the HTTP handler into the model.
 *
 * genkit 1.42 does not stop a model when the HTTP client goes away: the agent hands the model its own
 * abort signal, which only fires when `<agent>/abort` hits a *detached* turn. The server therefore gives each turn
 * a signal of its own (@agent-chat/server's resumableTurns), aborted by `POST …/turns/<id>/cancel` or, for a client that cannot resume,
 * by its response closing early (its Stop); the scripted model listens to it and stops at once.
 */
export { currentTurn, runInTurn, type ClientStateWrite, type TurnContext } from '@agent-chat/server/genkit';

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
