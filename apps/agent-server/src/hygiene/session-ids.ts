/**
 * Session and snapshot ids come from clients and become file names in the FileSessionStore. They are
 * checked twice before the store sees them: @agent-chat/server's handlers answer 400 for a bad id, and the store
 * wrapper refuses one (INVALID_ARGUMENT) whatever path it came by.
 */
import type { SessionStore } from 'genkit/beta';
import { checkId, type DeletableSessionStore } from '@agent-chat/server/genkit';
import { GenkitError } from '../agent/genkit-runtime.js';

export { SAFE_ID, isSafeId } from '@agent-chat/server';

function assertSafe(label: string, value: string | undefined): void {
  const problem = checkId(label, value);
  if (problem) throw new GenkitError({ status: 'INVALID_ARGUMENT', message: problem });
}

/** A store that refuses unsafe ids before delegating. */
export function withSafeIds<S>(store: SessionStore<S> & DeletableSessionStore): SessionStore<S> & DeletableSessionStore {
  const safe: SessionStore<S> & DeletableSessionStore = {
    async deleteSession(sessionId) {
      assertSafe('sessionId', sessionId);
      return store.deleteSession(sessionId);
    },
    async getSnapshot(options) {
      assertSafe('snapshotId', options.snapshotId);
      assertSafe('sessionId', options.sessionId);
      return store.getSnapshot(options);
    },
    async saveSnapshot(snapshotId, mutator, options) {
      assertSafe('snapshotId', snapshotId);
      return store.saveSnapshot(snapshotId, (current) => {
        const next = mutator(current);
        if (next) {
          assertSafe('sessionId', next.sessionId ?? next.state?.sessionId);
          assertSafe('snapshotId', next.snapshotId);
        }
        return next;
      }, options);
    },
  };
  if (store.onSnapshotStateChange) {
    safe.onSnapshotStateChange = (snapshotId, callback, options) => {
      assertSafe('snapshotId', snapshotId);
      return store.onSnapshotStateChange!(snapshotId, callback, options);
    };
  }
  return safe;
}
