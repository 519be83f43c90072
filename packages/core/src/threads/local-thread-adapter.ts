import { createStore, del, get, set, values, type UseStore } from 'idb-keyval';
import { changeChannel } from './broadcast-changes.js';
import { memoryThreadAdapter } from './memory-thread-adapter.js';
import { compareThreads, pageOf, upsertThread } from './thread-order.js';
import { isThreadContent, isThreadSummary } from './thread-summary-check.js';
import type { ThreadAdapter, ThreadSummary } from './thread-types.js';

/** Options of {@link localThreadAdapter}. */
export interface LocalThreadAdapterOptions {
  /** Names the databases and the tabs' channel, so that two apps of one origin keep apart (default 'default'). */
  name?: string;
}

/**
 * Threads kept in the browser: summaries and each thread's version tree in IndexedDB (through idb-keyval), changes told
 * to the other tabs over a BroadcastChannel. Outside a browser (no IndexedDB) it keeps them in memory.
 */
export function localThreadAdapter(options: LocalThreadAdapterOptions = {}): ThreadAdapter {
  if (typeof indexedDB === 'undefined') return memoryThreadAdapter();
  const name = options.name ?? 'default';
  // idb-keyval keeps one object store per database: one for the summaries, one for the trees.
  const summaries: UseStore = createStore(`agent-chat-threads-${name}`, 'summaries');
  const contents: UseStore = createStore(`agent-chat-thread-trees-${name}`, 'trees');
  const channel = changeChannel(`agent-chat-threads-${name}`);
  // The summaries sorted, read once: a page is then a binary search, and other tabs' changes keep it current.
  let cache: Promise<ThreadSummary[]> | null = null;
  const keep = (next: Promise<ThreadSummary[]>) => {
    // A failed read is not kept: the next call reads the database again.
    const kept = next.catch((error: unknown) => {
      if (cache === kept) cache = null;
      throw error;
    });
    cache = kept;
    return kept;
  };
  const sorted = () => cache ?? keep(values(summaries).then((all) => all.filter(isThreadSummary).sort(compareThreads)));
  // Each change applies to the result of the one before it (two writes at once must not lose one).
  const edit = (change: (threads: ThreadSummary[]) => ThreadSummary[]) => keep(sorted().then(change));
  channel.subscribe((change) => {
    if (!cache) return;
    edit((threads) => (change.type === 'upsert' ? upsertThread(threads, change.thread) : threads.filter((thread) => thread.id !== change.id))).catch(() => {});
  });
  return {
    list: async ({ cursor, limit }) => pageOf(await sorted(), cursor, limit),
    async get(id) {
      const value: unknown = await get(id, summaries);
      return isThreadSummary(value) ? value : null;
    },
    async save(thread) {
      await set(thread.id, thread, summaries);
      await edit((threads) => upsertThread(threads, thread));
      channel.post({ type: 'upsert', thread });
    },
    async remove(id) {
      await del(id, summaries);
      await del(id, contents);
      await edit((threads) => threads.filter((thread) => thread.id !== id));
      channel.post({ type: 'remove', id });
    },
    async loadContent(id) {
      const value: unknown = await get(id, contents);
      if (value === undefined) return null;
      if (!isThreadContent(value)) throw new Error(`The stored conversation of thread ${id} is unreadable.`);
      return value;
    },
    async saveContent(id, content) {
      await set(id, content, contents);
    },
    subscribe: (listener) => channel.subscribe(listener),
  };
}
