/**
 * What this package already knows of a request's body, so that nothing reads or parses the same bytes twice:
 *
 *   its bytes    the Node adapter read a small body (with a Content-Length) before making the Web `Request`; the
 *                guard's caps check those bytes instead of reading the body stream (which stays unread)
 *   its JSON     the guard parsed it (it checks it is JSON before a handler runs); the handler's body reader takes
 *                that value instead of parsing again
 *
 * Both are keyed by the `Request` object (set only by this package, for the bytes that Request carries); a request
 * nothing is known of is read as usual.
 */

export interface ParsedBody {
  body: unknown;
  /** Its size in bytes. */
  bytes: number;
}

const bodyBytes = new WeakMap<Request, Uint8Array<ArrayBuffer>>();
const parsed = new WeakMap<Request, ParsedBody>();

/** Remembers the bytes `request` was made with (its whole body). */
export function rememberBodyBytes(request: Request, bytes: Uint8Array<ArrayBuffer>): void {
  bodyBytes.set(request, bytes);
}

/** The whole body `request` was made with, when this package made it from bytes it had read. */
export function knownBodyBytes(request: Request): Uint8Array<ArrayBuffer> | undefined {
  return bodyBytes.get(request);
}

/** Remembers the JSON of `request`'s body (parsed from exactly the bytes it carries). */
export function rememberParsedBody(request: Request, body: ParsedBody): void {
  parsed.set(request, body);
}

/**
 * The parsed JSON of `request`'s body, handed out once (the body itself stays unread: a second reader reads it, and
 * gets a value of its own); undefined when not known.
 */
export function takeParsedBody(request: Request): ParsedBody | undefined {
  const body = parsed.get(request);
  parsed.delete(request);
  return body;
}
