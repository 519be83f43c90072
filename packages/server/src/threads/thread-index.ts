/**
 * The thread index behind the threads routes: each user's conversation summaries (a thread's id is its session id, the
 * same for the Genkit, AG-UI and AI SDK routes), and which user owns each id, so that no user can claim another's.
 */

import type { ThreadSummary } from '@agent-chat/core/threads';
import type { ConversationOwners } from '../access/conversation-owners.js';

/** One conversation's summary: @agent-chat/core's `ThreadSummary`, as its thread list keeps it. */
export type ThreadRecord = ThreadSummary;

/** One page, newest first; `cursor` (opaque) asks for the next one. */
export interface ThreadRecordPage {
  threads: ThreadRecord[];
  cursor: string | null;
}

/** Where the summaries live: memory, files or Redis, like the sessions. Every call is scoped to one user. */
export interface ThreadIndex {
  /** Who owns each conversation id: shared with the protocol handlers, so a thread and its session have one owner. */
  readonly owners: ConversationOwners;
  list(user: string, cursor: string | null, limit: number): Promise<ThreadRecordPage>;
  get(user: string, id: string): Promise<ThreadRecord | null>;
  /** Creates (the id must be free or the user's own) or replaces a summary; false when another user owns the id. */
  put(user: string, thread: ThreadRecord): Promise<boolean>;
  /** False when the user has no such thread. */
  remove(user: string, id: string): Promise<boolean>;
}

const LATEST = 9_000_000_000_000_000;

/** A thread's place in its user's list as a string: ascending order is newest first, then by id. */
export function orderKey(thread: Pick<ThreadRecord, 'id' | 'updatedAt'>): string {
  return `${String(LATEST - thread.updatedAt).padStart(16, '0')}:${thread.id}`;
}

/** The index of the first key after `key` in ascending `keys` (binary search). */
export function indexAfter(keys: readonly string[], key: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keys[middle]! <= key) low = middle + 1;
    else high = middle;
  }
  return low;
}
