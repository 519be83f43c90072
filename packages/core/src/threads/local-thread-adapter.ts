import { unwrap, wrap, type IDBPIndex } from 'idb';
import { changeChannel } from './broadcast-changes.js';
import { memoryThreadAdapter } from './memory-thread-adapter.js';
import { summaryDatabase, treeDatabase, type SummarySchema } from './thread-database.js';
import { cursorOf, placeOf } from './thread-order.js';
import { isThreadContent, isThreadSummary } from './thread-summary-check.js';
import type { ThreadAdapter } from './thread-types.js';

/** Options of {@link localThreadAdapter}. */
export interface LocalThreadAdapterOptions {
  /** Names the databases and the tabs' channel, so that two apps of one origin keep apart (default 'default'). */
  name?: string;
}

/**
 * Threads kept in the browser: summaries and each thread's version tree in IndexedDB (through idb), changes told to the
 * other tabs over a BroadcastChannel. A page of the list is one read of an `[updatedAt, id]` index (`getAllRecords`
 * backwards, a cursor where the browser lacks it), so it costs the same with 10 threads or 10,000; the summaries'
 * database is opened when the adapter is made. Outside a browser (no IndexedDB) it keeps them in memory.
 */
export function localThreadAdapter(options: LocalThreadAdapterOptions = {}): ThreadAdapter {
  if (typeof indexedDB === 'undefined') return memoryThreadAdapter();
  const name = options.name ?? 'default';
  const summaries = summaryDatabase(`agent-chat-threads-${name}`);
  const trees = treeDatabase(`agent-chat-thread-trees-${name}`);
  const channel = changeChannel(`agent-chat-threads-${name}`);
  // Opened now, not at the first read: the list's first page then waits for one round trip, not two.
  summaries().catch(() => undefined);
  return {
    async list({ cursor, limit }) {
      const size = Math.max(1, limit);
      const place = cursor ? placeOf(cursor) : null;
      const range = place ? IDBKeyRange.upperBound([place.updatedAt, place.id], true) : null;
      // Newest first: the index read backwards, one more record than a page to know whether another follows.
      const records = await newestOf((await summaries()).transaction('summaries').store.index('order'), range, size + 1);
      const threads = records.slice(0, size).map((record) => record.value).filter(isThreadSummary);
      // The next page starts after the page's last record (a corrupt one skipped in the page is not read again).
      const last = records.length > size ? records[size - 1]!.key : null;
      return { threads, cursor: last ? cursorOf({ updatedAt: last[0], id: last[1] }) : null };
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

/** A record of the `order` index: its key (`[updatedAt, id]`) and the stored value. */
interface OrderRecord {
  key: [number, string];
  value: unknown;
}

/** `IDBIndex.getAllRecords` (Chromium 141+): records in either direction, in one request. Not yet in TypeScript's DOM types. */
interface RecordsIndex {
  getAllRecords?(options: { query?: IDBKeyRange | null; count?: number; direction?: IDBCursorDirection }): IDBRequest<OrderRecord[]>;
}

/**
 * Up to `count` records of the index below `range`, highest key first: one `getAllRecords` request where the browser has
 * it (one round trip to the database, not one per record), else a cursor walked backwards.
 */
async function newestOf(index: IDBPIndex<SummarySchema, ['summaries'], 'summaries', 'order'>, range: IDBKeyRange | null, count: number): Promise<OrderRecord[]> {
  const raw: IDBIndex & RecordsIndex = unwrap(index);
  if (typeof raw.getAllRecords === 'function') return wrap(raw.getAllRecords({ query: range, count, direction: 'prev' }));
  const records: OrderRecord[] = [];
  for (let at = await index.openCursor(range, 'prev'); at && records.length < count; at = await at.continue()) {
    records.push({ key: at.key, value: at.value });
  }
  return records;
}
