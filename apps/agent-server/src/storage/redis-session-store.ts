/**
 * A Genkit `SessionStore` over Redis, so that several agent-server instances share sessions (`REDIS_URL`):
 *
 *   <prefix>snapshot:<snapshotId>    the snapshot as JSON
 *   <prefix>session:<id>:latest      the session's latest snapshotId (the O(1) lookup by sessionId)
 *   <prefix>session:<id>:snapshots   the set of the session's snapshot ids (what `deleteSession` removes)
 *
 * saveSnapshot's read → mutate → write runs under WATCH on the snapshot key (retried when another writer got
 * there first), on a connection of its own, so a concurrent "aborted" write is never overwritten by a "done".
 */
import { randomUUID } from 'node:crypto';
import type { createClient } from 'redis';
import type { SessionSnapshot, SessionStore } from 'genkit/beta';

type RedisClient = ReturnType<typeof createClient>;

export class RedisSessionStore<S> implements SessionStore<S> {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix = 'agent-chat:',
  ) {}

  private snapshotKey = (snapshotId: string) => `${this.prefix}snapshot:${snapshotId}`;
  private latestKey = (sessionId: string) => `${this.prefix}session:${sessionId}:latest`;
  private snapshotsKey = (sessionId: string) => `${this.prefix}session:${sessionId}:snapshots`;

  /** Deletes a session: every snapshot it saved (and the chain behind its latest one), its pointer and its set. */
  async deleteSession(sessionId: string): Promise<void> {
    const ids = new Set(await this.client.sMembers(this.snapshotsKey(sessionId)));
    // Snapshots saved before the set existed: the chain from the latest one.
    let next = await this.client.get(this.latestKey(sessionId));
    while (next && !ids.has(next)) {
      ids.add(next);
      const json = await this.client.get(this.snapshotKey(next));
      next = json ? ((JSON.parse(json) as SessionSnapshot<S>).parentId ?? null) : null;
    }
    await this.client.del([this.latestKey(sessionId), this.snapshotsKey(sessionId), ...[...ids].map(this.snapshotKey)]);
  }

  async getSnapshot(options: { snapshotId?: string; sessionId?: string }): Promise<SessionSnapshot<S> | undefined> {
    const snapshotId = options.snapshotId ?? (options.sessionId ? await this.client.get(this.latestKey(options.sessionId)) : null);
    if (!snapshotId) return undefined;
    const json = await this.client.get(this.snapshotKey(snapshotId));
    return json ? (JSON.parse(json) as SessionSnapshot<S>) : undefined;
  }

  async saveSnapshot(snapshotId: string | undefined, mutator: (current: SessionSnapshot<S> | undefined) => Omit<SessionSnapshot<S>, 'snapshotId'> & { snapshotId?: string } | null): Promise<string | null> {
    const isolated = this.client.duplicate();
    await isolated.connect();
    try {
      for (let attempt = 0; attempt < 20; attempt++) {
        if (snapshotId) await isolated.watch(this.snapshotKey(snapshotId));
        const json = snapshotId ? await isolated.get(this.snapshotKey(snapshotId)) : null;
        const next = mutator(json ? (JSON.parse(json) as SessionSnapshot<S>) : undefined);
        if (next === null) {
          if (snapshotId) await isolated.unwatch();
          return null;
        }
        const id = snapshotId || next.snapshotId || randomUUID();
        const full = { ...next, snapshotId: id } as SessionSnapshot<S> & { sessionId?: string };
        const sessionId = full.sessionId ?? (full.state as { sessionId?: string } | undefined)?.sessionId;
        const transaction = isolated.multi().set(this.snapshotKey(id), JSON.stringify(full));
        if (sessionId && !json) transaction.set(this.latestKey(sessionId), id).sAdd(this.snapshotsKey(sessionId), id); // a new snapshot is the latest
        try {
          await transaction.exec();
          return id;
        } catch (error) {
          if ((error as Error).name !== 'WatchError') throw error; // another writer changed it: read again
        }
      }
      throw new Error(`Snapshot ${snapshotId} kept changing under a write.`);
    } finally {
      await isolated.quit().catch(() => {});
    }
  }
}
