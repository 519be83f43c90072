/**
 * Session and snapshot ids come from clients and become file names in the FileSessionStore. They are
 * checked twice before the store sees them: an HTTP middleware answers 400 for a bad id, and the store
 * wrapper refuses one (INVALID_ARGUMENT) whatever path it came by.
 */
import type { RequestHandler } from 'express';
import type { SessionStore } from 'genkit/beta';
import { isSafeId } from '@agent-chat/server';
import type { DeletableSessionStore } from '@agent-chat/server/genkit';
import { GenkitError } from '../agent/genkit-runtime.js';

export { SAFE_ID, isSafeId } from '@agent-chat/server';

/** The message for an unsafe id, or undefined when `value` is absent or safe. */
export function checkId(label: string, value: unknown): string | undefined {
  if (value === undefined || value === null || isSafeId(value)) return undefined;
  return `Invalid ${label}: expected 1-128 characters of A-Z, a-z, 0-9, "_" or "-".`;
}

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

type IdSource = 'init' | 'data';

/**
 * Answers 400 `{status:'INVALID_ARGUMENT', message}` when the body's ids are unsafe: `init.sessionId` /
 * `init.snapshotId` for agent turns, `data.sessionId` / `data.snapshotId` for getSnapshot and abort.
 */
export function validateIds(source: IdSource): RequestHandler {
  return (req, res, next) => {
    const body: unknown = req.body;
    if (!body || typeof body !== 'object') {
      res.status(400).json({ status: 'INVALID_ARGUMENT', message: 'Expected a JSON body {"data": …}.' });
      return;
    }
    const holder = (body as Record<string, unknown>)[source];
    if (holder !== undefined && (holder === null || typeof holder !== 'object')) {
      res.status(400).json({ status: 'INVALID_ARGUMENT', message: `"${source}" must be an object.` });
      return;
    }
    const ids = (holder ?? {}) as Record<string, unknown>;
    const problem = checkId('sessionId', ids.sessionId) ?? checkId('snapshotId', ids.snapshotId);
    if (problem) {
      res.status(400).json({ status: 'INVALID_ARGUMENT', message: problem });
      return;
    }
    next();
  };
}
