import { AgentChatError, isAgentChatError } from '../model/error.js';
import type { AgentEvent, DecodedFrame } from '../model/events.js';
import { toTurnFailure } from '../model/failure.js';
import type { Framer, WireFrame } from '../wire/frame.js';
import type { StreamOptions } from '../wire/limits.js';
import { readFrames } from '../wire/read-frames.js';
import { isDetached } from './detach.js';
import { joinUrl } from './join-url.js';
import { LAST_EVENT_ID_HEADER, TURN_ID_HEADER, turnPath } from '../wire/contract.js';
import type { ResumableOptions } from './resumable-options.js';
import type { FrameDecoder, HttpTransportOptions } from './transport.js';
import type { TurnRegistry } from './turn-registry.js';

/** What a resumable turn needs besides the request: how to POST, frame, decode, and reattach. */
export interface ResumableTurnOptions extends HttpTransportOptions {
  accept: string;
  signal: AbortSignal;
  framer: (limits: StreamOptions | undefined) => Framer;
  decoder: FrameDecoder;
  stream?: StreamOptions | undefined;
  resumable: Required<ResumableOptions>;
  registry: TurnRegistry;
  /** Opens the turn's stream on a signal of its own: POSTs the turn with the resumable header, or GETs a running one's stream. */
  post(signal: AbortSignal): Promise<Response>;
  /** GETs a URL with the transport's headers and the given extra ones. */
  get(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<Response>;
  /** The id the POST names its turn with (`x-agent-turn-id`): told as the running turn before the response arrives. */
  named?: string;
}

const connection = (state: 'open' | 'reconnecting'): DecodedFrame[] => [{ raw: null, events: [{ type: 'connection', state }] }];

/** Waits for the POST's response; an abort before it leaves the request running, to cancel (or keep) the turn it names. */
async function startTurn(options: ResumableTurnOptions): Promise<Response> {
  const { signal, registry } = options;
  await registry.settled();
  signal.throwIfAborted();
  const request = new AbortController();
  const pending = options.post(request.signal);
  return new Promise<Response>((resolve, reject) => {
    const onAbort = () => {
      reject(signal.reason);
      // The server starts the turn whether or not we wait: once it is named, stop it (or keep it, when detached).
      pending.then((response) => {
        const turnId = response.headers.get(TURN_ID_HEADER);
        void response.body?.cancel().catch(() => undefined);
        if (!turnId) return;
        registry.open(turnId);
        if (!isDetached(signal.reason)) registry.cancel(turnId);
      }, () => undefined);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then((response) => {
      signal.removeEventListener('abort', onAbort);
      resolve(response);
    }, (error: unknown) => {
      signal.removeEventListener('abort', onAbort);
      reject(error);
    });
  });
}

/** Reattaches after `lastId` (from frame 0 without one): the response, or `connection-lost` after the bounded retries. */
async function reattach(url: string, turnId: string, lastId: string | undefined, options: ResumableTurnOptions): Promise<Response> {
  const { resumable, signal } = options;
  const streamUrl = joinUrl(url, turnPath(turnId, 'stream'));
  let lastError: unknown = null;
  for (let attempt = 1; attempt <= resumable.attempts; attempt++) {
    await resumable.sleep(resumable.delay(attempt), signal);
    signal.throwIfAborted();
    let response: Response;
    try {
      response = await options.get(streamUrl, { Accept: options.accept, ...(lastId !== undefined ? { [LAST_EVENT_ID_HEADER]: lastId } : {}) }, signal);
    } catch (error) {
      signal.throwIfAborted();
      lastError = error;
      continue;
    }
    if (response.ok && response.status !== 204 && response.body) return response;
    void response.body?.cancel().catch(() => undefined);
    // 204: the turn is unknown or expired; 404/410: its frames are gone. Retrying cannot bring them back.
    if (response.status === 204 || response.status === 404 || response.status === 410) {
      throw new AgentChatError('connection-lost', `The stream broke off and the turn can no longer be reattached (HTTP ${response.status}).`, { status: response.status });
    }
    lastError = new Error(`HTTP ${response.status}`);
  }
  throw new AgentChatError('connection-lost', `The stream broke off and ${resumable.attempts} attempts to reattach failed: ${(lastError as Error)?.message ?? lastError}`, { cause: lastError });
}

/** Decodes one batch; a decoder that throws ends the turn with a typed error (never retried). */
function decodeBatch(decoder: FrameDecoder, frames: WireFrame[]): { decoded: DecodedFrame[]; ended: boolean } {
  let ended = false;
  const decoded = frames.map((frame) => {
    let events: AgentEvent[];
    try {
      events = decoder.decode(frame);
    } catch (error) {
      throw toTurnFailure(error, 'Decoding a frame failed');
    }
    if (events.some((event) => event.type === 'turn-end')) ended = true;
    return { raw: frame.type === 'value' ? frame.value : frame.text, events };
  });
  return { decoded, ended };
}

/**
 * Streams a turn that survives a broken body: the POST asks the server to keep the turn (`x-agent-resumable`), and a
 * body that breaks off with a network error is reattached (`GET <url>/turns/<id>/stream`, `Last-Event-ID` = the last
 * frame read) with backoff; the same decoder reads on, so nothing is read twice or missed. Aborting cancels the turn on
 * the server, unless the abort is `detach()`'s.
 */
export async function* streamResumableTurn(url: string, options: ResumableTurnOptions): AsyncGenerator<DecodedFrame[]> {
  const { signal, registry, decoder, named } = options;
  // Known before the response: a reload while the POST is under way finds the turn by this id.
  // (`raw: undefined`: no frame of the server's yet, so the turn is not answered: still `submitted`, its writes pending.)
  if (named) yield [{ raw: undefined, events: [{ type: 'stream-open', turnId: named }] }];
  let response = await startTurn(options);
  if (response.status === 204) {
    throw new AgentChatError('connection-lost', 'The turn is no longer running on the server (HTTP 204): restore the session instead.', { status: 204 });
  }
  if (!response.body) throw new AgentChatError('network-error', 'The response has no body to stream.', { status: response.status });
  const turnId = response.headers.get(TURN_ID_HEADER);
  const onAbort = () => {
    if (turnId && !isDetached(signal.reason)) registry.cancel(turnId);
  };
  if (turnId) {
    registry.open(turnId);
    signal.addEventListener('abort', onAbort, { once: true });
    // A server that did not take the client's id names the turn its own way.
    if (turnId !== named) yield [{ raw: null, events: [{ type: 'stream-open', turnId }] }];
  }
  let lastId: string | undefined;
  // Frames without an SSE id (NDJSON) are counted: the server numbers every frame it writes from 0.
  let read = 0;
  let ended = false;
  try {
    for (;;) {
      try {
        for await (const frames of readFrames(response.body!, options.framer(options.stream), { onRead: options.stream?.onRead, signal })) {
          const batch = decodeBatch(decoder, frames);
          read += frames.length;
          for (const frame of frames) if (frame.type !== 'malformed' && frame.id !== undefined) lastId = frame.id;
          ended ||= batch.ended;
          yield batch.decoded;
        }
        break;
      } catch (error) {
        if (signal.aborted || isAgentChatError(error) || !turnId || ended) {
          throw signal.aborted || isAgentChatError(error) ? error : new AgentChatError('network-error', `The stream broke off: ${(error as Error)?.message ?? error}`, { cause: error });
        }
        yield connection('reconnecting');
        try {
          response = await reattach(url, turnId, lastId ?? (read > 0 ? String(read - 1) : undefined), options);
        } catch (failure) {
          // Given up: the turn is abandoned, so that the next one is not refused while it still runs.
          if (!signal.aborted) registry.cancel(turnId);
          throw failure;
        }
        yield connection('open');
      }
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    if (turnId && ended) registry.close(turnId);
  }
  let closing: AgentEvent[];
  try {
    closing = decoder.end();
  } catch (error) {
    throw toTurnFailure(error, 'Decoding the end of the stream failed');
  }
  if (turnId && closing.some((event) => event.type === 'turn-end')) registry.close(turnId);
  if (closing.length > 0) yield [{ raw: null, events: closing }];
}
