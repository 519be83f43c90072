/**
 * A cap on what one session may store. Every Genkit snapshot holds the whole session, so without one a single huge
 * message is rewritten by every later turn. The protocol handlers check it before a turn: the session's stored bytes
 * plus what the request adds answer 413 `RESOURCE_EXHAUSTED` when they pass the cap (nothing runs, nothing is
 * written). The store's own check at save time (the turn itself may grow the session) is the app's store wrapper,
 * with the same message (`sessionCapMessage`).
 */
import { isSafeId } from '../hygiene/safe-id.js';
import { jsonResponse } from '../turns/turn-frames.js';
import { bodyText, takeParsedBody } from '../http/request-body.js';

export const DEFAULT_MAX_SESSION_BYTES = 4 * 1024 * 1024;

export interface SessionLookup {
  sessionId?: string;
  snapshotId?: string;
}

export interface SessionSizeCap {
  maxBytes: number;
  /** How many bytes the session's latest snapshot (or the named one) takes in your store. */
  storedBytes(lookup: SessionLookup): Promise<number>;
  /** How to raise the cap, named in the message (default `option maxSessionBytes`). */
  hint?: string;
}

/** The 413's message (and the store's at save time). */
export const sessionCapMessage = (sessionId: string | undefined, bytes: number, maxBytes: number, hint = 'option maxSessionBytes') =>
  `Session${sessionId ? ` ${sessionId}` : ''} would store ${bytes} bytes, over its cap of ${maxBytes} (${hint}); start a new session.`;

/** A request's JSON body and its size in bytes; undefined when it is not JSON. */
export async function readJsonBody(request: Request): Promise<{ body: unknown; bytes: number } | undefined> {
  // The request guard parsed it already (body-limits.ts): its value, not a second read and parse of the same bytes.
  const parsed = takeParsedBody(request);
  if (parsed) return parsed;
  const text = await bodyText(request);
  try {
    const body: unknown = JSON.parse(text);
    return { body, bytes: Buffer.byteLength(text) };
  } catch {
    return undefined;
  }
}

/**
 * The 413 for a request that would pass the cap: `bytes` is what it adds (the whole body for a route that sends only
 * the new input, the last message for one that resends the history). Unsafe or absent ids, and a store that cannot
 * say, are left to the turn.
 */
export async function sessionSizeRefusal(cap: SessionSizeCap, request: { sessionId?: unknown; snapshotId?: unknown; bytes: number }): Promise<Response | undefined> {
  const { sessionId, snapshotId } = request;
  const lookup = isSafeId(snapshotId) ? { snapshotId } : isSafeId(sessionId) ? { sessionId } : undefined;
  if (!lookup) return undefined;
  let stored: number;
  try {
    stored = await cap.storedBytes(lookup);
  } catch {
    return undefined; // an unreadable store is the turn's to report, with Genkit's status
  }
  const bytes = stored + request.bytes;
  if (bytes <= cap.maxBytes) return undefined;
  const name = isSafeId(sessionId) ? sessionId : lookup.snapshotId ?? lookup.sessionId;
  return jsonResponse(413, { status: 'RESOURCE_EXHAUSTED', message: sessionCapMessage(name, bytes, cap.maxBytes, cap.hint) });
}

/** The bytes of a value as compact JSON (what a route that resends its history adds: its last message). */
export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value ?? null));
