import type { ChatTreeRecord } from '../chat/tree/chat-tree-record.js';
import type { RunningTurn } from '../chat/state/chat-state.js';

/** One conversation as a thread list shows it; `id` is the protocol's conversation id (session, thread or chat id). */
export interface ThreadSummary {
  id: string;
  /** '' until the first user message names it (a UI shows its "New chat" label meanwhile). */
  title: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  updatedAt: number;
  archived: boolean;
  /** The start of the last message, for the list. */
  preview?: string;
}

/** One page of summaries, newest first; `cursor` asks for the next page (null: no more). */
export interface ThreadPage {
  threads: ThreadSummary[];
  cursor: string | null;
}

/** What a thread store keeps of one conversation besides its summary: its version tree and a turn still running. */
export interface ThreadContent {
  tree: ChatTreeRecord;
  runningTurn?: RunningTurn;
}

/** A change another tab (or client) made to the store. */
export type ThreadChange = { type: 'upsert'; thread: ThreadSummary } | { type: 'remove'; id: string };

/** Where a thread list keeps its threads: `localThreadAdapter()`, `httpThreadAdapter({url})`, or your own. */
export interface ThreadAdapter {
  /** A page of summaries, newest (`updatedAt`) first. */
  list(query: { cursor?: string | null; limit: number }): Promise<ThreadPage>;
  /** One summary, null when the store has no such thread. */
  get(id: string): Promise<ThreadSummary | null>;
  /** Creates or replaces a summary. */
  save(thread: ThreadSummary): Promise<void>;
  /** Deletes a thread and what is kept of it. */
  remove(id: string): Promise<void>;
  /** The kept version tree; absent when the store keeps none (the chat restores from its server instead). */
  loadContent?(id: string): Promise<ThreadContent | null>;
  saveContent?(id: string, content: ThreadContent): Promise<void>;
  /** Hears changes made elsewhere (another tab); returns the unsubscribe. */
  subscribe?(listener: (change: ThreadChange) => void): () => void;
  /**
   * Tells the list when what it shows may be out of date, so that it reads its threads again (`ThreadListHandle.refresh`):
   * changes made by another browser or device reach no `BroadcastChannel`. `httpThreadAdapter` calls `refresh` when the
   * window is focused or shown again and, with `refetchInterval`, every so often. Returns the unsubscribe.
   */
  watch?(refresh: () => void): () => void;
}

/** `loading` until the first page is read; `error` when the store failed (what is on screen stays). */
export type ThreadListStatus = 'loading' | 'ready' | 'error';

/** The thread list's state. */
export interface ThreadListState {
  /** The loaded summaries, newest first (archived ones included, flagged). */
  threads: ThreadSummary[];
  activeId: string | null;
  status: ThreadListStatus;
  /** The last store failure (cleared by the next success or `clearError()`). */
  error: Error | null;
  /** More pages to `loadMore()`. */
  hasMore: boolean;
  /** Threads removed and still undoable with `undoRemove(id)`. */
  removed: ThreadSummary[];
  /** Threads whose turn runs (in this tab). */
  running: string[];
  /** Threads whose turn ended while another one was shown (background runs), oldest first, until they are shown. */
  unread: string[];
  /** Unread threads whose turn ended asking for an answer (an interrupt). */
  needsYou: string[];
  /** The id `switchTo` was given that the store does not know (cleared by the next switch). */
  notFound: string | null;
}
