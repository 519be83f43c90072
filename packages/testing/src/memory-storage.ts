/** A `sessionStorage` or `localStorage` in memory, for tests: what {@link memoryStorage} returns. */
export interface MemoryStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** What it holds, key → value (the live map: a test may read it, or seed it). */
  readonly items: Map<string, string>;
  /** How many times `setItem` has been called. */
  readonly writes: number;
  /** Another storage holding the same items now (what the next page of the tab finds); later writes stay apart. */
  copy(): MemoryStorage;
}

/**
 * A storage in memory with the three methods `persist()`, `persistChatTree()` and `createMessageQueue()` use, for a
 * test's own tab: `memoryStorage()` starts empty, `memoryStorage(items)` with a copy of those entries.
 */
export function memoryStorage(items?: Iterable<readonly [string, string]>): MemoryStorage {
  const held = new Map(items);
  let writes = 0;
  return {
    getItem: (key) => held.get(key) ?? null,
    setItem: (key, value) => {
      writes++;
      held.set(key, String(value));
    },
    removeItem: (key) => void held.delete(key),
    items: held,
    get writes() {
      return writes;
    },
    copy: () => memoryStorage(held),
  };
}
