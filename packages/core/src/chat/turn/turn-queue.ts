/** Runs turns one at a time, in call order; `cancel` aborts the running turns and drops the queued ones. */
export interface TurnQueue {
  /**
   * Runs `turn` after the turns queued before it, with a signal that `cancel` (or the caller's `signal`) aborts.
   * A turn cancelled or aborted before it starts gives `dropped()` instead. An idle queue starts the turn at once.
   */
  run<R>(turn: (signal: AbortSignal) => Promise<R>, dropped: () => R, signal?: AbortSignal): Promise<R>;
  /** Aborts the running turns (with `reason`, e.g. `detach()`'s) and drops the queued ones. */
  cancel(reason?: unknown): void;
  /** `cancel`, and every turn run from now on is dropped (`chat.dispose()`). */
  dispose(): void;
  /** Bumped by every `cancel`: work started in an older generation knows it was overtaken. */
  readonly generation: number;
  /** True while a turn runs. */
  readonly busy: boolean;
  /** True when no turn runs or waits. */
  readonly idle: boolean;
}

/** Creates an empty {@link TurnQueue}. */
export function createTurnQueue(): TurnQueue {
  let tail: Promise<unknown> = Promise.resolve();
  let queued = 0;
  let generation = 0;
  let disposed = false;
  const running = new Set<AbortController>();

  function start<R>(turn: (signal: AbortSignal) => Promise<R>, dropped: () => R, signal: AbortSignal | undefined, queuedIn: number) {
    return async (): Promise<R> => {
      if (disposed || queuedIn !== generation || signal?.aborted) return dropped();
      const controller = new AbortController();
      const abort = () => controller.abort();
      signal?.addEventListener('abort', abort, { once: true });
      running.add(controller);
      try {
        return await turn(controller.signal);
      } finally {
        running.delete(controller);
        signal?.removeEventListener('abort', abort);
      }
    };
  }

  return {
    run(turn, dropped, signal) {
      const job = start(turn, dropped, signal, generation);
      // Counted down before the caller's await resumes, so that an operation issued right after it starts at once.
      const counted = () => job().finally(() => queued--);
      // An idle chat starts the turn synchronously, so status is 'submitted' as soon as send returns.
      const result = queued === 0 ? counted() : tail.then(counted, counted);
      queued++;
      tail = result.catch(() => undefined);
      return result;
    },
    cancel(reason) {
      generation++;
      for (const controller of running) controller.abort(reason);
    },
    dispose() {
      disposed = true;
      this.cancel();
    },
    get generation() {
      return generation;
    },
    get busy() {
      return running.size > 0;
    },
    get idle() {
      return queued === 0;
    },
  };
}
