/**
 * A cap on what one session may store. Every Genkit snapshot holds the whole session, so without one a single
 * huge message is rewritten by every later turn. Two checks: before a turn, the protocol handlers of
 * @agent-chat/server/genkit answer 413 when the session's stored bytes plus the request's pass the cap (nothing runs,
 * nothing is written; `sessionSizeCap` below); at save time the store refuses a snapshot over the cap
 * (RESOURCE_EXHAUSTED) in case the turn itself grew it.
 */
import type { SessionSnapshotInput, SessionStore } from 'genkit/beta';
import { sessionCapMessage, type DeletableSessionStore, type SessionLookup, type SessionSizeCap } from '@agent-chat/server/genkit';
import { GenkitError } from '../agent/genkit-runtime.js';

export { DEFAULT_MAX_SESSION_BYTES } from '@agent-chat/server/genkit';

/** A store that can say how many bytes a session's latest snapshot takes. */
export interface SizedSessionStore<S> extends SessionStore<S> {
  storedBytes(lookup: SessionLookup): Promise<number>;
}

export type SnapshotSize = (snapshot: SessionSnapshotInput<unknown>) => number;

/** Bytes as FileSessionStore writes a snapshot (two-space indented JSON). */
export const fileSnapshotBytes: SnapshotSize = (snapshot) => Buffer.byteLength(JSON.stringify(snapshot, null, 2));
/** Bytes of a snapshot as compact JSON (the in-memory store). */
export const compactSnapshotBytes: SnapshotSize = (snapshot) => Buffer.byteLength(JSON.stringify(snapshot));

/** How to raise the cap, as the server's answers say it. */
export const SESSION_CAP_HINT = 'option maxSessionBytes / AGENT_MAX_SESSION_BYTES';
const capMessage = (sessionId: string | undefined, bytes: number, maxBytes: number) => sessionCapMessage(sessionId, bytes, maxBytes, SESSION_CAP_HINT);

/** The cap as the protocol handlers of @agent-chat/server/genkit check it before a turn (413). */
export const sessionSizeCap = (store: Pick<SizedSessionStore<unknown>, 'storedBytes'>, maxBytes: number): SessionSizeCap => ({
  maxBytes,
  storedBytes: (lookup) => store.storedBytes(lookup),
  hint: SESSION_CAP_HINT,
});

/**
 * Wraps a store so no snapshot over `maxBytes` is written; `storedBytes` comes from the store or is measured. A
 * session whose snapshot was refused reports that size from then on, so its next turns get the 413 up front.
 */
export function withSizeCap<S>(
  store: SessionStore<S> & DeletableSessionStore & Partial<Pick<SizedSessionStore<S>, 'storedBytes'>>,
  maxBytes: number,
  size: SnapshotSize
): SizedSessionStore<S> & DeletableSessionStore {
  const refused = new Map<string, number>();
  const measured = store.storedBytes
    ? (lookup: SessionLookup) => store.storedBytes!(lookup)
    : async (lookup: SessionLookup) => {
        const snapshot = await store.getSnapshot(lookup.snapshotId ? { snapshotId: lookup.snapshotId } : { sessionId: lookup.sessionId! });
        return snapshot ? size(snapshot) : 0;
      };
  const capped: SizedSessionStore<S> = {
    getSnapshot: (lookup) => store.getSnapshot(lookup),
    saveSnapshot: (snapshotId, mutator, options) =>
      store.saveSnapshot(snapshotId, (current) => {
        const next = mutator(current);
        if (next) {
          const bytes = size(next);
          if (bytes > maxBytes) {
            const sessionId = next.sessionId ?? next.state?.sessionId;
            if (sessionId) refused.set(sessionId, bytes);
            throw new GenkitError({ status: 'RESOURCE_EXHAUSTED', message: capMessage(sessionId, bytes, maxBytes) });
          }
        }
        return next;
      }, options),
    storedBytes: async (lookup) => Math.max(await measured(lookup), (lookup.sessionId && refused.get(lookup.sessionId)) || 0),
  };
  if (store.onSnapshotStateChange) capped.onSnapshotStateChange = (...args) => store.onSnapshotStateChange!(...args);
  return Object.assign(capped, { deleteSession: (sessionId: string) => store.deleteSession(sessionId) });
}
