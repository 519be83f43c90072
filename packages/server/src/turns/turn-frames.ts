/** The request and frame details of the resumable-turns wire contract, read and written with @agent-chat/core/contract (docs/WIRE-CONTRACT.md). */
import { AFTER_PARAM, frameIdLine, LAST_EVENT_ID_HEADER, parseFrameId, parseResumableHeader, RESUMABLE_HEADER } from '@agent-chat/core/contract';

export { RESUMABLE_HEADER, TURN_ID_HEADER } from '@agent-chat/core/contract';

/** What the request helpers read: a Web `Request`, or anything with its `headers` and `url`. */
export interface RequestLike {
  readonly headers: Headers;
  readonly url: string;
}

/** `true` / `1` or `false` / `0` in `x-agent-resumable`; undefined when the client did not say. */
export function resumableHeader(request: Pick<RequestLike, 'headers'>): boolean | undefined {
  return parseResumableHeader(request.headers.get(RESUMABLE_HEADER));
}

/** `Last-Event-ID` or `?after=`: the last frame the client has; -1 (from the start) when neither is a number. */
export function lastSeenSeq(request: RequestLike): number {
  return parseFrameId(request.headers.get(LAST_EVENT_ID_HEADER) ?? new URL(request.url, 'http://localhost').searchParams.get(AFTER_PARAM));
}

/** One SSE frame: `id: <seq>` first (when ids are sent), then the frame's own lines, then the blank line. */
export function sseFrame(frame: { seq: number; data: string }, withIds: boolean): string {
  return `${withIds ? frameIdLine(frame.seq) : ''}${frame.data}\n\n`;
}

export { jsonResponse } from '../http/web-handler.js';
