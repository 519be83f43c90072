import type { ThreadPage, ThreadSummary } from './thread-types.js';

/** Newest first; equal times by id, descending (an `[updatedAt, id]` index read backwards), so that every thread has one place. */
export function compareThreads(a: ThreadSummary, b: ThreadSummary): number {
  return b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** A page cursor: the place of the last thread of a page. */
export function cursorOf(thread: Pick<ThreadSummary, 'updatedAt' | 'id'>): string {
  return `${thread.updatedAt}:${thread.id}`;
}

/** The place a cursor names (null for one that is not a cursor). */
export function placeOf(cursor: string): Pick<ThreadSummary, 'updatedAt' | 'id'> | null {
  const colon = cursor.indexOf(':');
  const updatedAt = Number(cursor.slice(0, colon));
  return colon > 0 && Number.isFinite(updatedAt) ? { updatedAt, id: cursor.slice(colon + 1) } : null;
}

/** The page after `cursor` of threads already in order (binary search: a page costs the same at any depth). */
export function pageOf(sorted: readonly ThreadSummary[], cursor: string | null | undefined, limit: number): ThreadPage {
  let start = 0;
  const place = cursor ? placeOf(cursor) : null;
  if (place) {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareThreads(sorted[middle]!, place as ThreadSummary) <= 0) low = middle + 1;
      else high = middle;
    }
    start = low;
  }
  const threads = sorted.slice(start, start + Math.max(1, limit));
  const last = threads.at(-1);
  return { threads, cursor: last && start + threads.length < sorted.length ? cursorOf(last) : null };
}

/** Puts a summary in its place (replacing the one with its id); returns a new array. */
export function upsertThread(threads: readonly ThreadSummary[], thread: ThreadSummary): ThreadSummary[] {
  const next = threads.filter((existing) => existing.id !== thread.id);
  let index = 0;
  while (index < next.length && compareThreads(next[index]!, thread) < 0) index++;
  next.splice(index, 0, thread);
  return next;
}
