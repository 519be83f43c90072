import { compareThreads, pageOf, upsertThread } from './thread-order.js';
import type { ThreadAdapter, ThreadContent, ThreadSummary } from './thread-types.js';

/** A thread store in memory (lost with the page or process): tests, servers, and `localThreadAdapter` outside a browser. */
export function memoryThreadAdapter(initial: readonly ThreadSummary[] = []): ThreadAdapter {
  let sorted = [...initial].sort(compareThreads);
  const contents = new Map<string, ThreadContent>();
  return {
    list: async ({ cursor, limit }) => pageOf(sorted, cursor, limit),
    get: async (id) => sorted.find((thread) => thread.id === id) ?? null,
    async save(thread) {
      sorted = upsertThread(sorted, { ...thread });
    },
    async remove(id) {
      sorted = sorted.filter((thread) => thread.id !== id);
      contents.delete(id);
    },
    loadContent: async (id) => structuredClone(contents.get(id) ?? null),
    async saveContent(id, content) {
      contents.set(id, structuredClone(content));
    },
  };
}
