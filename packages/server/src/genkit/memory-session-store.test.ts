// memorySessionStore: the latest leaf of a session, its snapshots by id, a session deleted whole; a session's lookup
// reads that session's snapshots only (issue 45: it scanned every session's at each turn, twice for a new one).
import type { SessionSnapshotInput } from 'genkit/beta';
import { describe, expect, it } from 'vitest';
import { mapEntriesRead } from '../map-visits-test-support.js';
import { memorySessionStore } from './memory-session-store.js';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
const snapshot = (sessionId: string, minute: number, parentId?: string): SessionSnapshotInput<unknown> => ({
  sessionId, createdAt: at(minute), updatedAt: at(minute), status: 'completed', ...(parentId && { parentId }),
  state: { sessionId, messages: [], artifacts: [], custom: undefined },
});

describe('memorySessionStore', () => {
  it("answers a session id with its latest leaf (a branch's newest), a snapshot id with that snapshot; deletes a session whole", async () => {
    const store = memorySessionStore();
    const root = (await store.saveSnapshot(undefined, () => snapshot('s1', 1)))!;
    const first = (await store.saveSnapshot(undefined, () => snapshot('s1', 2, root)))!;
    const branch = (await store.saveSnapshot(undefined, () => snapshot('s1', 3, root)))!; // a regenerate: a second leaf
    const other = (await store.saveSnapshot(undefined, () => snapshot('s2', 4)))!;
    expect((await store.getSnapshot({ sessionId: 's1' }))?.snapshotId).toBe(branch);
    expect((await store.getSnapshot({ snapshotId: first }))?.snapshotId).toBe(first);
    // A snapshot saved again (its status changed) stays its session's.
    await store.saveSnapshot(branch, (current) => (current ? { ...current, status: 'failed' } : null));
    expect((await store.getSnapshot({ sessionId: 's1' }))?.status).toBe('failed');
    expect(store.sessionIds().sort()).toEqual(['s1', 's2']);
    await store.deleteSession('s1');
    expect(await store.getSnapshot({ sessionId: 's1' })).toBeUndefined();
    expect(await store.getSnapshot({ snapshotId: first })).toBeUndefined();
    expect((await store.getSnapshot({ sessionId: 's2' }))?.snapshotId).toBe(other);
    expect(store.sessionIds()).toEqual(['s2']);
  });

  it("finds a session's latest snapshot among 50,000 other sessions' by reading its own entries, not all of them", async () => {
    const store = memorySessionStore();
    for (let index = 0; index < 50_000; index++) await store.saveSnapshot(undefined, () => snapshot(`other-${index}`, 1));
    const mine = await store.saveSnapshot(undefined, () => snapshot('mine', 2));
    const read = await mapEntriesRead(async () => {
      for (let lookup = 0; lookup < 20; lookup++) expect((await store.getSnapshot({ sessionId: 'mine' }))?.snapshotId).toBe(mine);
    });
    // Counts, not a clock: a lookup reads its session's index and its own snapshots (a handful of entries); a scan of
    // every session's snapshots would read 50,000 a lookup, 1,000,000 in all.
    expect(read).toBeLessThan(20 * 10);
  }, 30_000);
});
