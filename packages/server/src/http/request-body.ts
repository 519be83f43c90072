/**
 * What this package already knows of a request's body, so that nothing reads or parses the same bytes twice:
 *
 *   its bytes    the Node adapter makes a small body (with a Content-Length) readable as one buffer, read from the
 *                socket only when something asks (the guard's header checks come first: a refused request's body is
 *                never read); the guard's caps check those bytes instead of reading the body stream, which stays
 *                unread (a handler that reads it gets the same bytes, read once)
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

const bodyReaders = new WeakMap<Request, () => Promise<Uint8Array<ArrayBuffer>>>();
const parsed = new WeakMap<Request, ParsedBody>();

/** Remembers how to read `request`'s whole body as one buffer (read once, however often it is called). */
export function rememberBodyReader(request: Request, read: () => Promise<Uint8Array<ArrayBuffer>>): void {
  bodyReaders.set(request, read);
}

/**
 * Reads `request`'s whole body as one buffer, when this package made the request with a body reader (the body stream
 * itself stays unread; reading it gives the same bytes); undefined when it did not.
 */
export function readKnownBody(request: Request): Promise<Uint8Array<ArrayBuffer>> | undefined {
  return bodyReaders.get(request)?.();
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
