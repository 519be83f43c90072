/**
 * What this package already knows of a request, so that nothing reads or parses the same bytes twice, and so that the
 * Node adapter can hand the package's own handlers a `Request` that is cheap to make:
 *
 *   its bytes    the Node adapter makes a small body (with a Content-Length) readable as one buffer, read from the
 *                socket only when something asks (the guard's header checks come first: a refused request's body is
 *                never read); the guard's caps check those bytes instead of reading the body stream, which stays
 *                unread (a handler that reads it gets the same bytes, read once)
 *   its JSON     the guard parsed it (it checks it is JSON before a handler runs); the handler's body reader takes
 *                that value instead of parsing again
 *
 *   a light Request  for the package's own handlers ({@link lightRequestsOf}), the Node adapter makes no `Request`
 *                but an object with its URL, method and headers ({@link lightRequest}): no Web body stream (its bytes
 *                are known, as above) and, as its `signal`, the client's disconnect (no AbortController of its own).
 *                Everything in the package reads such a request's body through the functions here ({@link hasBody},
 *                {@link bodyText}); an app's `user` hook gets a full `Request` ({@link fullRequest})
 *
 * All are keyed by the `Request` object (set only by this package, for the bytes that Request carries); a request
 * nothing is known of is read as usual.
 */

export interface ParsedBody {
  body: unknown;
  /** Its size in bytes. */
  bytes: number;
}

const bodyReaders = new WeakMap<Request, () => Promise<Uint8Array<ArrayBuffer>>>();
const parsed = new WeakMap<Request, ParsedBody>();
const fullRequests = new WeakMap<Request, Promise<Request>>();
/** A request's URL, parsed once for every reader (the routes' dispatch, the subroutes). */
const urls = new WeakMap<Request, URL>();
/** One decoder for every body (`decode` without `stream` keeps no state). */
const decoder = new TextDecoder();

const LIGHT_REQUESTS = Symbol.for('@agent-chat/server.lightRequests');

/** Marks a handler of this package as one that reads its requests through this module (the guard marks every one). */
export function takesLightRequests<T extends object>(handler: T): T {
  Object.defineProperty(handler, LIGHT_REQUESTS, { value: true });
  return handler;
}

/** Whether `handler` takes light requests (see {@link takesLightRequests}): the Node adapter's fast path. */
export function lightRequestsOf(handler: object): boolean {
  return (handler as Record<symbol, unknown>)[LIGHT_REQUESTS] === true;
}

/**
 * The light request itself: not an undici `Request` (whose constructor, with its own AbortController, a second URL
 * parse and its header list, was ≈ a fifth of the package's own CPU per turn start) but an object with what the
 * package's handlers read of one: `url` (absolute, as `Request.url` serializes it), `method`, `headers` (a real
 * `Headers`, made at the first read), `body` (null: its bytes are `read()`'s) and `signal` (the disconnect). Its body
 * methods read the known bytes, once, as a `Request`'s do; an app's hook gets a full `Request` ({@link fullRequest}).
 */
class LightRequest {
  readonly body = null;
  readonly url: string;
  #headers: Headers | undefined;
  #list: [string, string][];
  #used = false;

  constructor(parsed: URL, readonly method: string, headers: [string, string][], readonly signal: AbortSignal) {
    this.url = parsed.href;
    this.#list = headers;
    urls.set(this as unknown as Request, parsed);
  }

  get headers(): Headers {
    return (this.#headers ??= new Headers(this.#list));
  }

  get bodyUsed(): boolean {
    return this.#used;
  }

  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return (await bodyReaders.get(this as unknown as Request)!()).slice();
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return (await this.bytes()).buffer;
  }

  async text(): Promise<string> {
    return decoder.decode(await this.bytes());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }
}

/** A light request (see {@link LightRequest}) at `url`, its body `read()`'s bytes, its disconnect `signal`. */
export function lightRequest(url: URL, method: string, headers: [string, string][], read: () => Promise<Uint8Array<ArrayBuffer>>, signal: AbortSignal): Request {
  const request = new LightRequest(url, method, headers, signal) as unknown as Request;
  bodyReaders.set(request, read);
  return request;
}

/** Whether `request` is a light request of the Node adapter (its answer may be a light response, text-source.ts). */
export function isLightRequest(request: Request): boolean {
  return request instanceof LightRequest;
}

/** Whether `request` has a body: its own, or the known bytes of a light request. */
export function hasBody(request: Request): boolean {
  return request.body !== null || bodyReaders.has(request);
}

/** The request's body as text: the known bytes when there are some, else its own body (read once, as `text()` does). */
export async function bodyText(request: Request): Promise<string> {
  const known = readKnownBody(request);
  return known ? decoder.decode(await known) : request.text();
}

/**
 * `request` as a full Web `Request` (made once per request, from the known bytes and signal, for a light one): what an
 * app's `user` hook gets, whatever it reads of it.
 */
export function fullRequest(request: Request): Request | Promise<Request> {
  const read = isLightRequest(request) ? bodyReaders.get(request) : undefined;
  if (!read) return request;
  let full = fullRequests.get(request);
  if (!full) {
    full = read().then((bytes) => new Request(request.url, { method: request.method, headers: request.headers, body: bytes, signal: request.signal }));
    fullRequests.set(request, full);
  }
  return full;
}

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

/**
 * `request.url` parsed, once per request however many readers ask (the routes' dispatch and each handler's subroutes
 * read its path): treat it as read-only.
 */
export function requestUrl(request: Request): URL {
  let url = urls.get(request);
  if (!url) {
    url = new URL(request.url);
    urls.set(request, url);
  }
  return url;
}
