import { changeChannel } from './broadcast-changes.js';
import { memoryThreadAdapter } from './memory-thread-adapter.js';
import { summaryDatabase, treeDatabase } from './thread-database.js';
import { cursorOf, placeOf } from './thread-order.js';
import { isThreadContent, isThreadSummary } from './thread-summary-check.js';
import type { ThreadAdapter, ThreadSummary } from './thread-types.js';

/** Options of {@link localThreadAdapter}. */
export interface LocalThreadAdapterOptions {
  /** Names the databases and the tabs' channel, so that two apps of one origin keep apart (default 'default'). */
  name?: string;
}

/**
 * Threads kept in the browser: summaries and each thread's version tree in IndexedDB (through idb), changes told to the
 * other tabs over a BroadcastChannel. A page of the list is read from an `[updatedAt, id]` index, so it costs the same
 * with 10 threads or 10,000. Outside a browser (no IndexedDB) it keeps them in memory.
 */
export function localThreadAdapter(options: LocalThreadAdapterOptions = {}): ThreadAdapter {
  if (typeof indexedDB === 'undefined') return memoryThreadAdapter();
  const name = options.name ?? 'default';
  const summaries = summaryDatabase(`agent-chat-threads-${name}`);
  const trees = treeDatabase(`agent-chat-thread-trees-${name}`);
  const channel = changeChannel(`agent-chat-threads-${name}`);
  return {
    async list({ cursor, limit }) {
      const place = cursor ? placeOf(cursor) : null;
      const range = place ? IDBKeyRange.upperBound([place.updatedAt, place.id], true) : null;
      const index = (await summaries()).transaction('summaries').store.index('order');
      const threads: ThreadSummary[] = [];
      // Newest first: the index read backwards, one more than a page to know whether another follows.
      for (let at = await index.openCursor(range, 'prev'); at; at = await at.continue()) {
        if (threads.length === Math.max(1, limit)) return { threads, cursor: cursorOf(threads.at(-1)!) };
        if (isThreadSummary(at.value)) threads.push(at.value);
      }
      return { threads, cursor: null };
    },
    async get(id) {
      const value: unknown = await (await summaries()).get('summaries', id);
      return isThreadSummary(value) ? value : null;
    },
    async save(thread) {
      await (await summaries()).put('summaries', thread, thread.id);
      channel.post({ type: 'upsert', thread });
    },
    async remove(id) {
      await (await summaries()).delete('summaries', id);
      await (await trees()).delete('trees', id);
      channel.post({ type: 'remove', id });
    },
    async loadContent(id) {
      const value: unknown = await (await trees()).get('trees', id);
      if (value === undefined) return null;
      if (!isThreadContent(value)) throw new Error(`The stored conversation of thread ${id} is unreadable.`);
      return value;
    },
    async saveContent(id, content) {
      await (await trees()).put('trees', content, id);
    },
    subscribe: (listener) => channel.subscribe(listener),
  };
}
