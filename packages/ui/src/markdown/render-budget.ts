// Budgets for what agent text can make the renderers do: work past them is refused (the source shows), and the work
// within them runs in slices, so that no input blocks the page's main thread for long.

/** A source past its renderer's budget (too long, too many nodes, too slow): it shows as source, with a note. */
export class RenderBudgetError extends Error {
  override name = 'RenderBudgetError';
}

/** Whether `error` is a {@link RenderBudgetError} (by name: a renderer's chunk may carry its own copy of the class). */
export const isRenderBudgetError = (error: unknown): boolean => error instanceof Error && error.name === 'RenderBudgetError';

// Work per slice before the page gets the thread back (a frame's share).
const SLICE_MS = 8;
const tasks: Array<() => void> = [];
let scheduled = false;

/** Hands the thread back to the page: a macrotask (a message, not a clamped timer). */
function yieldToPage(next: () => void) {
  if (typeof MessageChannel === 'undefined') return void setTimeout(next, 0);
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    next();
  };
  channel.port2.postMessage(null);
}

function runSlice() {
  const end = performance.now() + SLICE_MS;
  while (tasks.length > 0 && performance.now() < end) tasks.shift()!();
  if (tasks.length > 0) yieldToPage(runSlice);
  else scheduled = false;
}

/**
 * Runs `work` (a short synchronous render: one formula) in the next slice of at most ~8 ms of such work; resolves with
 * its result. Thousands of formulas typeset over many slices instead of one long task.
 */
export function inSlices<T>(work: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    tasks.push(() => {
      try {
        resolve(work());
      } catch (error) {
        reject(error);
      }
    });
    if (!scheduled) {
      scheduled = true;
      yieldToPage(runSlice);
    }
  });
}
