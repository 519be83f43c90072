/**
 * A conversation tree kept across reloads with one call: `persistChatTree(chat, { storage })` saves
 * `exportChatTree(chat)` under a key per session whenever the chat settles (a turn's end, a switched version, a
 * restore), and the handle it returns restores the kept tree (`.restore(sessionId)`) and stops saving (`.dispose()`).
 * Where the server keeps no tree (AG-UI, the AI SDK) this is what keeps the versions. (`persist()` does the same and
 * more for one conversation per key: this is for an app that keys its trees by session.)
 */
import type { SnapshotInfo } from '../../model/session.js';
import type { AgentChat } from '../agent-chat.js';
import { exportChatTree, restoreChatTree, type ChatTreeRecord } from './chat-tree-record.js';

/** Where trees are kept: `localStorage`, `sessionStorage`, or anything with the same three methods. */
export interface ChatTreeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Where and under which key a chat's tree is kept. */
export interface PersistChatTreeOptions {
  storage: ChatTreeStorage;
  /** The key of a session's tree; default `agent-chat/tree/<sessionId>`. */
  key?: (sessionId: string) => string;
}

const defaultKey = (sessionId: string) => `agent-chat/tree/${sessionId}`;

/** What {@link persistChatTree} returns: the kept tree's restore, and the end of the saving. */
export interface PersistedChatTree<S> {
  /**
   * Restores the tree kept for `sessionId` (its versions, each line with its state). Resolves with the snapshot the
   * shown line ends at, or null when no tree was kept or it could not be restored: then restore the session itself
   * (`chat.restore({ sessionId })`).
   */
  restore(sessionId: string): Promise<SnapshotInfo<S> | null>;
  /** Stops saving (a save still due runs first). */
  dispose(): void;
}

/** Saves the chat's conversation tree per session whenever the chat settles; the handle restores it and stops saving. */
export function persistChatTree<S>(chat: AgentChat<S>, options: PersistChatTreeOptions): PersistedChatTree<S> {
  const key = options.key ?? defaultKey;
  let scheduled = false;
  const save = (busy = false) => {
    scheduled = false;
    const { sessionId, status } = chat.getState();
    if (!sessionId || (!busy && status !== 'ready' && status !== 'error')) return;
    try {
      options.storage.setItem(key(sessionId), JSON.stringify(exportChatTree(chat)));
    } catch {
      // Storage full or disabled: the chat goes on, its tree just won't survive a reload.
    }
  };
  // Saves now if a save is due (the scheduled task, or the page going away first).
  const flush = () => {
    if (scheduled) save();
  };
  const unsubscribe = chat.subscribe((state, previous) => {
    const idle = state.status === 'ready' || state.status === 'error';
    // A turn starting before the save's task (`await chat.regenerate(); chat.send(…)`): the tree has not taken the new
    // turn in yet, so it is the settled one, saved now (waiting would lose it if the turn never ends here).
    if (scheduled && !idle && (previous.status === 'ready' || previous.status === 'error')) save(true);
    const changed = state.messages !== previous.messages || state.status !== previous.status || state.sessionId !== previous.sessionId;
    // The tree takes a turn in after the turn's last store update (once the turn's promise settles): the save runs
    // in a task of its own, after it.
    if (idle && changed && !scheduled) {
      scheduled = true;
      setTimeout(flush, 0);
    }
  });
  // A page reloaded or left between a turn's end and that task would keep the tree from before the turn (and a restore
  // from it would show the conversation without its last turn): a pending save runs as the page goes.
  const page = globalThis as { addEventListener?: (type: 'pagehide', listener: () => void) => void; removeEventListener?: (type: 'pagehide', listener: () => void) => void };
  page.addEventListener?.('pagehide', flush);
  return {
    restore: (sessionId) => restoreKeptTree(chat, sessionId, options),
    dispose() {
      flush();
      unsubscribe();
      page.removeEventListener?.('pagehide', flush);
    },
  };
}

/** The tree kept for `sessionId`, restored (null when none was kept or it could not be restored). */
async function restoreKeptTree<S>(chat: AgentChat<S>, sessionId: string, options: PersistChatTreeOptions): Promise<SnapshotInfo<S> | null> {
  let record: ChatTreeRecord | null = null;
  try {
    const raw = options.storage.getItem((options.key ?? defaultKey)(sessionId));
    record = raw ? (JSON.parse(raw) as ChatTreeRecord) : null;
  } catch {
    return null;
  }
  return record ? restoreChatTree(chat, record).catch(() => null) : null;
}
