/**
 * A conversation that is deleted leaves nothing behind, so the session store behind `genkitRoutes` must be able to
 * delete a session: every snapshot of it, its whole version tree. Genkit's `SessionStore` has no delete; a store used
 * here adds `deleteSession(sessionId)`. `memorySessionStore()` is Genkit's in-memory store with it.
 */
import type { SessionSnapshot, SessionStore, SnapshotMutator } from 'genkit/beta';

type GetSnapshotOptions = Parameters<SessionStore['getSnapshot']>[0];

/** A session store that can delete a session: every snapshot whose session is `sessionId`. */
export interface DeletableSessionStore {
  deleteSession(sessionId: string): Promise<void>;
}

const sessionOf = (snapshot: SessionSnapshot<unknown>) => snapshot.sessionId ?? snapshot.state?.sessionId;

/** A Genkit session store in this process's memory, with `deleteSession` and `sessionIds()` (what it holds). */
export class MemorySessionStore<S = unknown> implements SessionStore<S>, DeletableSessionStore {
  private readonly snapshots = new Map<string, SessionSnapshot<S>>();
  private readonly listeners = new Map<string, Set<(snapshot: SessionSnapshot<S>) => void>>();

  async getSnapshot(options: GetSnapshotOptions): Promise<SessionSnapshot<S> | undefined> {
    if (options.snapshotId) {
      const snapshot = this.snapshots.get(options.snapshotId);
      return snapshot && structuredClone(snapshot);
    }
    const owned = [...this.snapshots.values()].filter((snapshot) => sessionOf(snapshot) === options.sessionId);
    const parents = new Set(owned.flatMap((snapshot) => (snapshot.parentId ? [snapshot.parentId] : [])));
    // The latest leaf, as Genkit's InMemorySessionStore answers a session id.
    const leaf = owned.filter((snapshot) => !parents.has(snapshot.snapshotId)).reduce<SessionSnapshot<S> | undefined>((latest, snapshot) => (!latest || snapshot.createdAt > latest.createdAt ? snapshot : latest), undefined);
    return leaf && structuredClone(leaf);
  }

  async saveSnapshot(snapshotId: string | undefined, mutator: SnapshotMutator<S>): Promise<string | null> {
    const current = snapshotId ? this.snapshots.get(snapshotId) : undefined;
    const next = mutator(current && structuredClone(current));
    if (next === null) return null;
    const id = snapshotId || next.snapshotId || globalThis.crypto.randomUUID();
    const saved = { ...next, snapshotId: id };
    this.snapshots.set(id, structuredClone(saved));
    for (const listener of this.listeners.get(id) ?? []) listener(structuredClone(saved));
    return id;
  }

  onSnapshotStateChange(snapshotId: string, callback: (snapshot: SessionSnapshot<S>) => void): () => void {
    const listeners = this.listeners.get(snapshotId) ?? new Set();
    this.listeners.set(snapshotId, listeners.add(callback));
    return () => {
      listeners.delete(callback);
      if (listeners.size === 0) this.listeners.delete(snapshotId);
    };
  }

  async deleteSession(sessionId: string): Promise<void> {
    for (const [id, snapshot] of this.snapshots) {
      if (sessionOf(snapshot) !== sessionId) continue;
      this.snapshots.delete(id);
      this.listeners.delete(id);
    }
  }

  /** The sessions it holds a snapshot of. */
  sessionIds(): string[] {
    return [...new Set([...this.snapshots.values()].flatMap((snapshot) => sessionOf(snapshot) ?? []))];
  }
}

/** A Genkit session store in memory that can delete a session (what `genkitRoutes` needs). */
export function memorySessionStore<S = unknown>(): MemorySessionStore<S> {
  return new MemorySessionStore<S>();
}
