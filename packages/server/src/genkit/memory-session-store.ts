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
  /** Each session's snapshot ids: a session's lookup reads its own snapshots, not every session's. */
  private readonly bySession = new Map<string | undefined, Set<string>>();
  private readonly listeners = new Map<string, Set<(snapshot: SessionSnapshot<S>) => void>>();

  async getSnapshot(options: GetSnapshotOptions): Promise<SessionSnapshot<S> | undefined> {
    if (options.snapshotId) {
      const snapshot = this.snapshots.get(options.snapshotId);
      return snapshot && structuredClone(snapshot);
    }
    const owned = [...(this.bySession.get(options.sessionId) ?? [])].map((id) => this.snapshots.get(id)!);
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
    const earlier = this.snapshots.get(id);
    if (earlier) this.unindex(earlier);
    this.snapshots.set(id, structuredClone(saved));
    const session = sessionOf(saved);
    const ids = this.bySession.get(session);
    if (ids) ids.add(id);
    else this.bySession.set(session, new Set([id]));
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
    for (const id of this.bySession.get(sessionId) ?? []) {
      this.snapshots.delete(id);
      this.listeners.delete(id);
    }
    this.bySession.delete(sessionId);
  }

  /** The sessions it holds a snapshot of. */
  sessionIds(): string[] {
    return [...this.bySession.keys()].filter((session): session is string => session !== undefined);
  }

  private unindex(snapshot: SessionSnapshot<S>): void {
    const session = sessionOf(snapshot);
    const ids = this.bySession.get(session);
    ids?.delete(snapshot.snapshotId);
    if (ids?.size === 0) this.bySession.delete(session);
  }
}

/** A Genkit session store in memory that can delete a session (what `genkitRoutes` needs). */
export function memorySessionStore<S = unknown>(): MemorySessionStore<S> {
  return new MemorySessionStore<S>();
}
