import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ThreadContent, ThreadSummary } from './thread-types.js';

/** The summaries, keyed by id and indexed by `[updatedAt, id]`, so that a page is one short cursor walk at any depth. */
export interface SummarySchema extends DBSchema {
  summaries: { key: string; value: ThreadSummary; indexes: { order: [number, string] } };
}

/** Each thread's version tree (and a turn left running), by thread id. */
export interface TreeSchema extends DBSchema {
  trees: { key: string; value: ThreadContent };
}

/** Opens a database on first use; after another tab's upgrade closed it (`blocking`), on the next use again. */
function lazyDatabase<Schema extends DBSchema>(open: (blocking: () => void) => Promise<IDBPDatabase<Schema>>): () => Promise<IDBPDatabase<Schema>> {
  let opened: Promise<IDBPDatabase<Schema>> | null = null;
  const blocking = () => {
    void opened?.then((database) => database.close());
    opened = null;
  };
  return () => {
    opened ??= open(blocking).catch((error: unknown) => {
      opened = null;
      throw error;
    });
    return opened;
  };
}

/**
 * The summaries' database. Version 2 adds the `order` index to version 1's store (written through idb-keyval, one
 * store per database), so a list kept before is read on.
 */
export const summaryDatabase = (name: string) =>
  lazyDatabase<SummarySchema>((blocking) => openDB<SummarySchema>(name, 2, {
    upgrade(database, _oldVersion, _newVersion, transaction) {
      const store = database.objectStoreNames.contains('summaries') ? transaction.objectStore('summaries') : database.createObjectStore('summaries');
      if (!store.indexNames.contains('order')) store.createIndex('order', ['updatedAt', 'id']);
    },
    blocking,
  }));

/** The trees' database (the same shape idb-keyval gave it). */
export const treeDatabase = (name: string) =>
  lazyDatabase<TreeSchema>((blocking) => openDB<TreeSchema>(name, 1, {
    upgrade(database) {
      if (!database.objectStoreNames.contains('trees')) database.createObjectStore('trees');
    },
    blocking,
  }));
