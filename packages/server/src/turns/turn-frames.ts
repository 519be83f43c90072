/** The request and frame details of the resumable-turns wire contract (README: "The wire contract"). */

/** Every streaming response names its turn in this header. */
export const TURN_ID_HEADER = 'x-agent-turn-id';
/** A client that reattaches sends `x-agent-resumable: true`: its turn outlives its request. */
export const RESUMABLE_HEADER = 'x-agent-resumable';

/** What the request helpers read: a Web `Request`, or anything with its `headers` and `url`. */
export interface RequestLike {
  readonly headers: Headers;
  readonly url: string;
}

/** `true` / `1` or `false` / `0` in `x-agent-resumable`; undefined when the client did not say. */
export function resumableHeader(request: Pick<RequestLike, 'headers'>): boolean | undefined {
  const value = request.headers.get(RESUMABLE_HEADER)?.toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return undefined;
}

/** `Last-Event-ID` or `?after=`: the last frame the client has; -1 (from the start) when neither is a number. */
export function lastSeenSeq(request: RequestLike): number {
  const raw = request.headers.get('last-event-id') ?? new URL(request.url, 'http://localhost').searchParams.get('after') ?? undefined;
  const seq = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(seq) && seq >= -1 ? seq : -1;
}

/** One SSE frame: `id: <seq>` first (when ids are sent), then the frame's own lines, then the blank line. */
export function sseFrame(frame: { seq: number; data: string }, withIds: boolean): string {
  return `${withIds ? `id: ${frame.seq}\n` : ''}${frame.data}\n\n`;
}

/** A JSON response (the errors of every handler). */
export function jsonResponse(status: number, body: unknown, headers?: Record<string, string>): Response {
  return Response.json(body, { status, ...(headers && { headers }) });
}
