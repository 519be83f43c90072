// The render budget of `throttle: 'auto'` (frame-scheduler.ts), its measuring part: a chunk of its own, loaded by the
// first change an 'auto' hook defers while a turn streams. Until it is there (or if it fails to load: the next deferred
// change tries again) the interval is the budget's floor, 50 ms, as when commits are cheap.
//
// The interval is ten times the median cost of the last five commits (the main thread's time from the flush to the end
// of the frame it caused: React's render and commit, style, layout, paint), within 50…150 ms. Commits of 5 ms or less
// keep 50 ms; 15 ms or more are 150 ms apart. One state for every 'auto' hook on the page (one interval, so that they
// keep flushing in the same frames), forgotten after a second without commits and when no 'auto' hook is subscribed.

const BUDGET_MIN_MS = 50;
const BUDGET_MAX_MS = 150;
// Commits this far apart start the measure over.
const QUIET_MS = 1000;

// The last five commits' costs (replaced, never emptied in place: a measure under way when they are forgotten is
// dropped), and the clock time of the last measured commit.
let costs: number[] = [];
let measuredAt = -Infinity;
let measuring = false;

/**
 * Measures the commit whose flush started at `start` (in an animation frame's callback; the first 'auto' hook that
 * flushed in the frame): a message posted from the callback is a task queued behind the frame's rendering, so it runs
 * after the React render and commit, style, layout and paint (a real task also under fake timers). One measure at a
 * time: the other hooks that publish in the same frame are in it.
 */
export function measure(start: number): void {
  if (measuring || typeof MessageChannel !== 'function') return;
  // After a quiet spell (a turn's first commit, a tool's wait), what earlier commits cost no longer counts.
  if (start - measuredAt > QUIET_MS) costs = [];
  measuredAt = start;
  measuring = true;
  const kept = costs;
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = () => {
    port1.close();
    measuring = false;
    if (kept === costs && costs.push(performance.now() - start) > 5) costs.shift();
  };
  port2.postMessage(0);
}

/** Ten times the median of the last five costs (those not measured yet count as free), within 50…150 ms. */
export const interval = (): number =>
  Math.min(BUDGET_MAX_MS, Math.max(BUDGET_MIN_MS, ([...costs].sort((x, y) => y - x)[2] ?? 0) * 10));

/** Forgets the costs (no 'auto' hook is subscribed any more); a measure under way is dropped. */
export function forget(): void {
  costs = [];
}
