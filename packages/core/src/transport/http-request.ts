import { isRecord, stringOr, unwrap } from '../util/guards.js';
import { AgentChatError, httpErrorCode, isAgentChatError } from '../model/error.js';
import type { DecodedFrame } from '../model/events.js';
import { buildingRequest, toTurnFailure } from '../model/failure.js';
import type { Framer } from '../wire/frame.js';
import type { StreamOptions } from '../wire/limits.js';
import { readFrames } from '../wire/read-frames.js';
import type { FrameDecoder, HeadersOption, HttpTransportOptions } from './transport.js';
import { nextPaint } from '../util/next-paint.js';
import type { StoppableTurns } from './stoppable-post.js';
import { TURN_ID_HEADER } from '../wire/contract.js';

/**
 * A request body this long (characters of JSON) is serialized in one task and handed to `fetch` in a task after the
 * next frame, in a visible browser page: after 1,000 messages (~250,000 characters) building and serializing the
 * body took 15–40 ms and `fetch` copying it another ~11 ms, together a frame over 50 ms (bench:browser).
 */
const LARGE_BODY_CHARS = 100_000;

/** An option given as a value or as a function giving it per request. */
export async function resolveOption<T>(option: T | (() => T | Promise<T>)): Promise<T> {
  return typeof option === 'function' ? await (option as () => T | Promise<T>)() : option;
}

/** Resolves the headers option for one request. */
export async function resolveHeaders(option: HeadersOption | undefined, base: Record<string, string>): Promise<Headers> {
  const headers = new Headers(base);
  const extra = await resolveOption(option);
  if (extra) new Headers(extra).forEach((value, key) => headers.set(key, value));
  return headers;
}

/** Builds the error for a non-2xx response, keeping the server's own message and status name. */
export async function httpError(response: Response): Promise<AgentChatError> {
  let text = '';
  try {
    text = (await response.text()).slice(0, 4096);
  } catch {
    // the body is gone; the status line is all we have
  }
  let message = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  let serverStatus: string | undefined;
  let details: unknown = text || undefined;
  try {
    details = JSON.parse(text);
    const error = unwrap(details, 'error');
    if (isRecord(error)) {
      message = (stringOr(error.message) ?? stringOr(error.detail) ?? stringOr(error.errorText)) || message;
      serverStatus = stringOr(error.status) ?? stringOr(error.code);
    }
  } catch {
    if (text.trim()) message = `${message}: ${text.trim().slice(0, 200)}`;
  }
  return new AgentChatError(httpErrorCode(response.status), message, { status: response.status, serverStatus, details });
}

/** An abort or one of our own errors (a frame over its limits) as it is; any other failure as a network-error saying what failed. */
function networkError(error: unknown, what: string, aborted?: boolean): unknown {
  return aborted || (error as Error)?.name === 'AbortError' || isAgentChatError(error)
    ? error
    : new AgentChatError('network-error', `${what}: ${(error as Error)?.message ?? error}`, { cause: error });
}

/** POSTs JSON and returns the response, throwing an {@link AgentChatError} for network failures and 4xx/5xx. */
export async function postJson(
  url: string,
  body: unknown,
  options: HttpTransportOptions & { accept?: string; signal?: AbortSignal | undefined },
): Promise<Response> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const headers = await resolveHeaders(options.headers, {
    'Content-Type': 'application/json',
    Accept: options.accept ?? 'application/json',
  });
  // A body that cannot be serialized (a cycle, a BigInt) was never sent: `invalid-request`, not a network error.
  const json = buildingRequest('Serializing the request failed', () => JSON.stringify(body));
  let response: Response;
  try {
    const painted = json.length >= LARGE_BODY_CHARS ? nextPaint() : null;
    if (painted) {
      await painted;
      // Stopped meanwhile: nothing sent.
      options.signal?.throwIfAborted();
    }
    response = await fetchImpl(url, { method: 'POST', headers, body: json, signal: options.signal ?? null });
  } catch (error) {
    throw networkError(error, `Could not reach ${url}`, options.signal?.aborted);
  }
  if (!response.ok) throw await httpError(response);
  return response;
}

/** How a turn's stop reaches the server (stoppable-post.ts): the chunk, loaded already (`loaded`) or now (`load`). */
export interface StoppableOption {
  loaded: Promise<StoppableTurns | null> | undefined;
  load(): Promise<StoppableTurns | null>;
}

/**
 * An id for the turn a request starts (`x-agent-turn-id`), where naming it costs nothing: outside a browser, or to the
 * page's own origin (cross-origin, the custom header would need the server's CORS to allow it).
 */
function turnName(url: string): string | undefined {
  const page = (globalThis as { location?: Location }).location;
  try {
    if (!page || new URL(url, page.href).origin === page.origin) return globalThis.crypto?.randomUUID?.();
  } catch {
    // not a URL: the request fails as it would have
  }
  return undefined;
}

/** Streams a turn: POST, frame the body, decode each frame; one array of decoded frames per network read. */
export async function* streamTurn(
  url: string,
  body: unknown,
  options: HttpTransportOptions & { accept: string; signal: AbortSignal; framer: Framer; decoder: FrameDecoder; stream?: StreamOptions | undefined; stoppable?: StoppableOption },
): AsyncGenerator<DecodedFrame[]> {
  const { stoppable, signal } = options;
  // A cancel of an earlier turn still in flight lands first (else the server refuses this one as busy).
  await (await stoppable?.loaded)?.settled();
  const loading = stoppable?.load();
  // Named by the client, a turn stopped before its response is still cancelled (by that id).
  const named = loading && turnName(url);
  let sent = false;
  let response: Response;
  try {
    response = await postJson(url, body, named ? {
      ...options,
      headers: () => resolveHeaders(options.headers, { [TURN_ID_HEADER]: named }),
      fetch: (input, init) => ((sent = true), (options.fetch ?? globalThis.fetch)(input, init)),
    } : options);
  } catch (error) {
    if (sent && signal.aborted) void loading!.then((turns) => turns?.stoppedEarly(named!, signal.reason));
    throw error;
  }
  const done = (await loading)?.track(response, signal);
  try {
    if (!response.body) throw new AgentChatError('network-error', 'The response has no body to stream.', { status: response.status });
    const { decoder } = options;
    // A decoder that throws ends the turn with a typed error, never as a network error.
    const decode = (frame: Parameters<FrameDecoder['decode']>[0]) => {
      try {
        return decoder.decode(frame);
      } catch (error) {
        throw toTurnFailure(error, 'Decoding a frame failed');
      }
    };
    try {
      for await (const frames of readFrames(response.body, options.framer, { onRead: options.stream?.onRead, signal: options.signal })) {
        yield frames.map((frame) => ({ raw: frame.type === 'value' ? frame.value : frame.text, events: decode(frame) }));
      }
    } catch (error) {
      throw networkError(error, 'The stream broke off', options.signal.aborted);
    }
    let closing: DecodedFrame['events'];
    try {
      closing = decoder.end();
    } catch (error) {
      throw toTurnFailure(error, 'Decoding the end of the stream failed');
    }
    if (closing.length > 0) yield [{ raw: null, events: closing }];
  } finally {
    // Ended, broken off or stopped: nothing left to cancel (a stop already asked for it).
    done?.();
  }
}
