/**
 * A cap on what one session may store. Every Genkit snapshot holds the whole session, so without one a single
 * huge message is rewritten by every later turn. Two checks: before a turn, the session's stored bytes plus the
 * request's answer 413 when they pass the cap (nothing runs, nothing is written); at save time the store refuses a
 * snapshot over the cap (RESOURCE_EXHAUSTED) in case the turn itself grew it.
 */
import type { RequestHandler } from 'express';
import type { SessionSnapshotInput, SessionStore } from 'genkit/beta';
import { GenkitError } from '../agent/genkit-runtime.js';
import { bodyBytes } from './request-limits.js';
import { isSafeId } from './session-ids.js';

export const DEFAULT_MAX_SESSION_BYTES = 4 * 1024 * 1024;

export interface SessionLookup {
  sessionId?: string;
  snapshotId?: string;
}

/** What a request continues, and what it adds (default: the whole body, for routes that send only the new input). */
export interface SessionRequest extends SessionLookup {
  added?: unknown;
}

/** The fields of a turn request the routes read their session from (Genkit `init`, AG-UI `threadId`, AI SDK `id`); unchecked. */
export interface TurnRequestBody {
  init?: { sessionId?: string; snapshotId?: string };
  threadId?: string;
  id?: string;
  messages?: unknown;
}

/** A store that can say how many bytes a session's latest snapshot takes. */
export interface SizedSessionStore<S> extends SessionStore<S> {
  storedBytes(lookup: SessionLookup): Promise<number>;
}

export type SnapshotSize = (snapshot: SessionSnapshotInput<unknown>) => number;

/** Bytes as FileSessionStore writes a snapshot (two-space indented JSON). */
export const fileSnapshotBytes: SnapshotSize = (snapshot) => Buffer.byteLength(JSON.stringify(snapshot, null, 2));
/** Bytes of a snapshot as compact JSON (the in-memory store). */
export const compactSnapshotBytes: SnapshotSize = (snapshot) => Buffer.byteLength(JSON.stringify(snapshot));

const capMessage = (sessionId: string | undefined, bytes: number, maxBytes: number) =>
  `Session${sessionId ? ` ${sessionId}` : ''} would store ${bytes} bytes, over its cap of ${maxBytes} (option maxSessionBytes / AGENT_MAX_SESSION_BYTES); start a new session.`;

/**
 * Wraps a store so no snapshot over `maxBytes` is written; `storedBytes` comes from the store or is measured. A
 * session whose snapshot was refused reports that size from then on, so its next turns get the 413 up front.
 */
export function withSizeCap<S>(
  store: SessionStore<S> & Partial<Pick<SizedSessionStore<S>, 'storedBytes'>>,
  maxBytes: number,
  size: SnapshotSize
): SizedSessionStore<S> {
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
  return capped;
}

/**
 * 413 `{status:'RESOURCE_EXHAUSTED', message}` when the session a request continues already stores so much that
 * this request would pass `maxBytes`. `lookupOf` reads the session (and, for routes that resend the history, the
 * part that is new) from the body; unsafe ids are left to the route.
 */
export function sessionSizeGuard(
  store: Pick<SizedSessionStore<unknown>, 'storedBytes'>,
  maxBytes: number,
  lookupOf: (body: TurnRequestBody) => SessionRequest
): RequestHandler {
  return (req, res, next) => {
    const body = req.body && typeof req.body === 'object' ? (req.body as TurnRequestBody) : {};
    const { sessionId, snapshotId, added } = lookupOf(body);
    const lookup = isSafeId(snapshotId) ? { snapshotId } : isSafeId(sessionId) ? { sessionId } : undefined;
    if (!lookup) return next();
    store.storedBytes(lookup).then(
      (stored) => {
        const bytes = stored + (added === undefined ? bodyBytes(req) : Buffer.byteLength(JSON.stringify(added)));
        if (bytes <= maxBytes) return next();
        res.status(413).json({ status: 'RESOURCE_EXHAUSTED', message: capMessage(sessionId ?? snapshotId, bytes, maxBytes) });
      },
      // An unreadable store is the turn's to report, with Genkit's status.
      () => next()
    );
  };
}
