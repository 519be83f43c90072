/**
 * Web handlers on Node's HTTP server and Express: a Node request becomes a Web `Request` (its body streamed, or the
 * JSON an Express body parser already read), the `Response` is written back as it streams, and a client that goes
 * away before the response finished aborts `request.signal` and cancels the response body.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { textSourceOf, type TextSource } from './text-source.js';
import { lightRequest, lightRequestsOf, rememberBodyReader } from './request-body.js';

/** A Node request, as Node's HTTP server or Express (`originalUrl`, a parsed `body`) gives it. */
export interface NodeRequest extends IncomingMessage {
  originalUrl?: string;
  body?: unknown;
}

/** Express's `next`: an error goes to its error handlers. */
export type NextFunction = (error?: unknown) => void;

/** A Web handler's shape as the adapters take it. */
export type AnyWebHandler = (request: Request) => Response | Promise<Response>;

/** An AbortSignal that aborts when `res` closes before it finished (the client went away). */
export function disconnectSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** The origins of the last few Host headers met (a server has a handful; parsing one is most of a request's URL cost). */
const origins = new Map<string, string>();
const MAX_KNOWN_ORIGINS = 64;

function originOf(req: NodeRequest): string {
  const secure = 'encrypted' in req.socket && req.socket.encrypted === true;
  const origin = `${secure ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}`;
  const known = origins.get(origin);
  if (known !== undefined) return known;
  let parsed: string;
  try {
    parsed = new URL(origin).origin;
  } catch {
    parsed = 'http://localhost'; // a Host the allowlist would refuse; the handler still gets a valid URL
  }
  if (origins.size >= MAX_KNOWN_ORIGINS) origins.clear();
  origins.set(origin, parsed);
  return parsed;
}

/** A Node request's headers as Web `Headers`. */
export function nodeHeaders(req: IncomingMessage): Headers {
  return new Headers(headerList(req));
}

/** A Node request's headers as name/value pairs (what `new Request` takes: its Headers are built once, there). */
function headerList(req: IncomingMessage): [string, string][] {
  const list: [string, string][] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(':') || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) list.push([name, item]);
    else list.push([name, value]);
  }
  return list;
}

/** The Node request's URL (Express's `originalUrl` when mounted). */
const urlOf = (req: NodeRequest): URL => new URL(req.originalUrl ?? req.url ?? '/', originOf(req));

/** A Web `Request` at the Node request's URL, made from `init`. */
function requestAt(req: NodeRequest, init: RequestInit): Request {
  return new Request(urlOf(req), init);
}

/** The Web `Request` of a Node request; `signal` aborts when the client goes away before the response finished. */
export function toWebRequest(req: NodeRequest, res: ServerResponse): Request {
  const headers = nodeHeaders(req);
  const method = req.method ?? 'GET';
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal: disconnectSignal(res) };
  // A request without a body (a DELETE, a cancel) gets none: no Content-Length above 0 and no Transfer-Encoding.
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (method !== 'GET' && method !== 'HEAD' && hasBody) {
    if (req.body !== undefined && req.readableEnded) {
      // An Express body parser read it already: hand the handler the same JSON, under the request's own Content-Type.
      init.body = JSON.stringify(req.body);
      headers.delete('content-length');
    } else {
      init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
      init.duplex = 'half';
    }
  }
  return requestAt(req, init);
}

/** Bodies up to this size that say their length are read as one buffer, when asked (see {@link webRequestOf}). */
const READ_AHEAD_MAX_BYTES = 1024 * 1024;

/** The whole body of `req` (the parser stops at its Content-Length); rejects when the client goes away first. */
function readNodeBody(req: NodeRequest): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
    };
    const onEnd = () => {
      cleanup();
      // Its own bytes (a socket's read may be a view of a larger, pooled buffer).
      const bytes = new Uint8Array(new ArrayBuffer(size));
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.length;
      }
      resolve(bytes);
    };
    const onGone = () => {
      cleanup();
      reject(new Error('The client went away before it sent the whole body.'));
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('close', onGone);
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onGone);
    req.once('close', onGone);
  });
}

/**
 * {@link toWebRequest}, with a small body that says its length (every JSON POST of the kit's clients) read as one
 * buffer, and only when something asks for it: the request guard runs its header checks (Host, Origin, cross-site,
 * content type) first, exactly as on a Web request, so a refused request's body is never read; then it reads the
 * buffer (request-body.ts) instead of a Web stream made from the socket. The `Request`'s own body, read by nobody on that
 * path, gives the same bytes to a handler that reads it (the socket is read once). Any other request: {@link toWebRequest}.
 * `light` (a handler of this package, request-body.ts): a light request, not an undici `Request` (its URL, method and
 * headers, the body's bytes and the disconnect signal known beside it).
 */
function webRequestOf(req: NodeRequest, res: ServerResponse, light = false): Request {
  const method = req.method ?? 'GET';
  const length = Number(req.headers['content-length'] ?? NaN);
  const readAhead = method !== 'GET' && method !== 'HEAD' && length > 0 && length <= READ_AHEAD_MAX_BYTES && req.headers['transfer-encoding'] === undefined && !req.readableEnded && req.readableFlowing === null;
  if (!readAhead) return toWebRequest(req, res);
  let reading: Promise<Uint8Array<ArrayBuffer>> | undefined;
  const read = () => (reading ??= readNodeBody(req));
  if (light) {
    // For the package's own handlers (request-body.ts, "a light Request"): no Request at all (its constructor was the
    // costliest part of a turn start that the package owns); they read its bytes and its disconnect through request-body.ts.
    return lightRequest(urlOf(req), method, headerList(req), read, disconnectSignal(res));
  }
  const body = new ReadableStream<Uint8Array>({
    pull: (controller) =>
      read().then(
        (bytes) => {
          controller.enqueue(bytes);
          controller.close();
        },
        (error: unknown) => controller.error(error),
      ),
  }, { highWaterMark: 0 }); // nothing pulled until something reads it
  const init: RequestInit & { duplex: 'half' } = { method, headers: headerList(req), body, duplex: 'half', signal: disconnectSignal(res) };
  const request = requestAt(req, init);
  rememberBodyReader(request, read);
  return request;
}

/** Writes a Web `Response` to `res` as it streams (headers first); resolves when it ended or the client left. */
export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  const cookies = response.headers.getSetCookie();
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  // The fast path (text-source.ts): a turn's frames go from its buffer to the socket as text, with no Web-stream layer
  // between; the Web body, never read, is cancelled at the end so its reader stops too (a light response, the answer to
  // a light request, has no Web body: its source is stopped instead). Otherwise the Web body's chunks.
  const text = textSourceOf(response);
  const { body } = response;
  if (!body && !text) return void res.end();
  try {
    if (text?.follow) await followInto(res, text.follow.bind(text));
    else {
      res.flushHeaders();
      await pullInto(res, text ?? bodySource(body!));
    }
  } catch {
    // The body failed mid-stream: end what was sent (the status is out already).
  } finally {
    if (text && body) void body.cancel().catch(() => {});
    else if (text) text.cancel();
    if (!res.writableEnded) res.end();
  }
}

/** Writes what `source` gives until it ends or `res` closes, waiting for `drain` when the socket is full. */
async function pullInto(res: ServerResponse, source: ChunkSource): Promise<void> {
  const onClose = () => source.cancel();
  res.once('close', onClose);
  try {
    for (;;) {
      const chunk = await source.next();
      if (chunk === undefined || res.destroyed) break;
      if (!res.write(chunk)) await drained(res);
    }
  } finally {
    res.off('close', onClose);
  }
}

/**
 * How long a followed response's opening waits for its turn's next frame, in ms: the headers, and the frames the turn
 * wrote before the response began (the AI SDK `start`, AG-UI `RUN_STARTED`; none on the Genkit route), go out in one
 * write with the next frame (the model's first token) when it comes within this window, else alone when it closes.
 * One write per response before its first token instead of two (each write is a syscall that, on a local socket, also
 * runs the receiving side); a client learns the turn's id (its header) at most this much later.
 */
export const OPENING_WINDOW_MS = 20;

/** Lets a followed source write into `res` (paused while the socket is full); resolves when it ended or `res` closed. */
function followInto(res: ServerResponse, follow: NonNullable<TextSource['follow']>): Promise<void> {
  return new Promise((resolve) => {
    // The opening (see OPENING_WINDOW_MS): held while `opening` (follow's first, synchronous hand-over) and until the
    // next batch or the window's end; undefined once it went out.
    let held: string | undefined = '';
    let opening = true;
    let window: ReturnType<typeof setTimeout> | undefined;
    const release = (): string => {
      const text = held ?? '';
      held = undefined;
      if (window !== undefined) clearTimeout(window);
      window = undefined;
      return text;
    };
    const sendOpening = () => {
      const text = release();
      if (res.destroyed || res.writableEnded) return;
      if (text) res.write(text);
      else if (!res.headersSent) res.flushHeaders(); // no frame yet: the headers (they name the turn) go alone
    };
    const write = (chunk: string): boolean => {
      if (res.destroyed) return false;
      if (held === undefined) return res.write(chunk);
      if (opening) {
        held += chunk;
        return true;
      }
      return res.write(release() + chunk);
    };
    // Events, never called before `following` is set below.
    const onDrain = () => following.resume();
    const onClose = () => {
      release();
      following.stop();
      done();
    };
    const done = () => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve();
    };
    res.on('drain', onDrain);
    res.once('close', onClose);
    const following = follow({
      write,
      end: () => {
        // The turn ended within the window: its opening goes out now (the response's end follows it).
        const text = release();
        if (text && !res.destroyed) res.write(text);
        done();
      },
    });
    opening = false;
    if (held !== undefined && !res.writableEnded) window = setTimeout(sendOpening, OPENING_WINDOW_MS);
  });
}

/** What `sendResponse` writes, chunk by chunk: a turn's text (the fast path) or the Web body's bytes. */
interface ChunkSource {
  next(): Promise<string | Uint8Array | undefined>;
  cancel(): void;
}

/** A Web body read chunk by chunk. */
function bodySource(body: ReadableStream<Uint8Array>): ChunkSource {
  const reader = body.getReader();
  return {
    next: async () => {
      const { done, value } = await reader.read();
      return done ? undefined : value;
    },
    cancel: () => void reader.cancel().catch(() => {}),
  };
}

/** Resolves when `res` drained its buffer or closed (both listeners removed either way). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** A Web handler as an Express middleware: `app.post('/api/chat', toExpress(handler))`. Errors go to `next`. */
export function toExpress(handler: AnyWebHandler): (req: NodeRequest, res: ServerResponse, next: NextFunction) => void {
  const light = lightRequestsOf(handler);
  return (req, res, next) => {
    void (async () => sendResponse(res, await handler(webRequestOf(req, res, light))))().catch(next);
  };
}

/** A Web handler as a `node:http` request listener: `createServer(toNodeListener(handler))`. Errors answer 500. */
export function toNodeListener(handler: AnyWebHandler): (req: IncomingMessage, res: ServerResponse) => void {
  const light = lightRequestsOf(handler);
  return (req, res) => {
    void (async () => sendResponse(res, await handler(webRequestOf(req, res, light))))().catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' }).end('{"status":"INTERNAL","message":"Internal error"}');
      else if (!res.writableEnded) res.end();
    });
  };
}
