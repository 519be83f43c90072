/**
 * Turn readers are woken once the current pass of the event loop is over, not at each frame: every frame a turn writes
 * in one pass (under load, several tokens per stream) goes to the socket in one write, and one callback wakes the
 * readers of every turn that wrote. Turns begin after the pass too ({@link afterThisPass}).
 */

/** The reader sets to wake after this pass, of every turn of every buffer. */
const woken = new Set<Set<() => void>>();

/** After the I/O of this pass of the event loop (Node, Bun, Deno); one macrotask later elsewhere. */
const afterTick: (callback: () => void) => void = typeof setImmediate === 'function' ? (callback) => setImmediate(callback) : (callback) => setTimeout(callback, 0);

let thisPass: Promise<void> | undefined;

/**
 * Settles once the I/O of this pass of the event loop is over (one callback for every caller of the pass). A turn
 * begins there (resumable-turns.ts): the requests read together in one pass are each checked and registered first,
 * then their agents' runs start, as a Redis claim's round trip makes it.
 */
export function afterThisPass(): Promise<void> {
  thisPass ??= new Promise<void>((resolve) =>
    afterTick(() => {
      thisPass = undefined;
      resolve();
    }),
  );
  return thisPass;
}

function wakeAll(): void {
  const sets = [...woken];
  woken.clear();
  // A waiting read deletes itself when called; a follower stays (it leaves when paused or stopped): safe while iterating.
  for (const readers of sets) for (const reader of readers) reader();
}

/** Calls every reader in `readers` after this pass of the event loop (once, however often a turn wrote in it). */
export function wakeAfterTick(readers: Set<() => void>): void {
  if (woken.has(readers)) return;
  woken.add(readers);
  if (woken.size === 1) afterTick(wakeAll);
}
