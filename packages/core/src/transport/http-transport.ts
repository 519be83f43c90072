import { AgentChatError } from '../model/error.js';
import { buildingRequest } from '../model/failure.js';
import { nextPaint } from '../util/next-paint.js';
import type { StreamOptions } from '../wire/limits.js';
import type { Framer } from '../wire/frame.js';
import { postJson, streamTurn, type StoppableOption } from './http-request.js';
import type { FrameDecoder, HttpTransportOptions, Transport, TurnRequest } from './transport.js';

export { httpError, postJson, resolveHeaders, resolveOption, streamTurn } from './http-request.js';

export { joinUrl } from './join-url.js';

/** What {@link httpTransport} builds a transport from: where to POST, what to send, and how to read the answer. */
export interface HttpTransportConfig<Body = unknown> extends HttpTransportOptions {
  /** The endpoint every turn is POSTed to. */
  url: string;
  /** The transport's name (`Transport.name`). Default 'http'. */
  name?: string;
  /** The request body of one turn, sent as JSON. */
  body(request: TurnRequest): Body;
  /**
   * A new framer per turn, e.g. `createSseFramer` or `createNdjsonFramer` from `@agent-chat/core/wire`; it gets the
   * chat's frame limits (`maxFrameBytes`, `maxDepth`) to pass on.
   */
  framer(limits: StreamOptions | undefined): Framer;
  /** A new decoder per turn; it sees the request and the body sent (ids generated for the body, for example). */
  decoder(request: TurnRequest, body: Body): FrameDecoder;
  /** The `Accept` header. Default `text/event-stream`. */
  accept?: string;
  /** Asks the server to stop (see {@link Transport.stop}); without it, `stop()` only aborts the request. */
  stop?: Transport['stop'];
  /** Reads a stored snapshot (see {@link Transport.getSnapshot}). */
  getSnapshot?: Transport['getSnapshot'];
}

/**
 * A transport for any protocol that streams one POST per turn: `body` builds the request, `framer` splits the response
 * into frames, `decoder` turns frames into events. Errors, aborts and headers behave as in the built-in transports,
 * which are all made with it.
 */
export function httpTransport<Body>(config: HttpTransportConfig<Body>): Transport {
  const { url, name = 'http', body, framer, decoder, accept = 'text/event-stream', stop, getSnapshot } = config;
  if (config.resumable) return lazyResumable(config);
  // A stop cancels the turn on a server that names it (stoppable-post.ts: a chunk loaded beside the first request).
  const stoppable: StoppableOption = {
    loaded: undefined,
    load: () => (stoppable.loaded ??= import('./stoppable-post.js').then((module) => module.stoppableTurns(url, async (cancelUrl) => {
      await (await postJson(cancelUrl, {}, config)).body?.cancel();
    }), () => null)),
  };
  const transport: Transport = {
    name,
    run(request, signal) {
      return afterPaint(signal, () => {
        // A request that cannot be built from this input and state fails the turn `invalid-request`; nothing is sent.
        const sent = buildingRequest('Building the request failed', () => body(request));
        const turnDecoder = buildingRequest('Building the request failed', () => decoder(request, sent));
        return streamTurn(url, sent, {
          headers: config.headers,
          fetch: config.fetch,
          accept,
          signal,
          stream: request.stream,
          framer: framer(request.stream),
          decoder: turnDecoder,
          stoppable,
        });
      });
    },
    async stop(target) {
      await Promise.all([stoppable.loaded?.then((turns) => turns?.cancelOpen()), stop?.(target)]);
    },
  };
  if (getSnapshot) transport.getSnapshot = getSnapshot;
  return transport;
}

/**
 * Starts a turn's request once the user's message has been painted, in a visible browser page (see `nextPaint`): a
 * long conversation's request (serializing its history, starting the fetch) and the render of the new message made a
 * frame over 50 ms together. Outside a browser, or in a hidden tab, at once; a turn stopped meanwhile sends nothing.
 */
async function* afterPaint<T>(signal: AbortSignal, start: () => AsyncIterable<T>): AsyncGenerator<T> {
  const painted = nextPaint();
  if (painted) await painted;
  // Stopped meanwhile: no request at all.
  if (!signal.aborted) yield* start();
}

/**
 * The resumable transport (`resumable` option): its code (reattach with backoff, the turn registry) is imported on
 * first use, so that apps without resumable turns do not bundle it; the first turn waits for it.
 */
function lazyResumable<Body>(config: HttpTransportConfig<Body>): Transport {
  let loading: Promise<Transport> | undefined;
  const load = () => (loading ??= import('./resumable-http.js').then((module) => module.resumableHttpTransport(config)));
  const transport: Transport = {
    name: config.name ?? 'http',
    run(request, signal) {
      return afterPaint(signal, async function* () {
        yield* (await load()).run(request, signal);
      });
    },
    async *reattach(turnId, request, signal) {
      yield* (await load()).reattach!(turnId, request, signal);
    },
    async stop(target) {
      await (await load()).stop?.(target);
    },
  };
  if (config.getSnapshot) transport.getSnapshot = config.getSnapshot;
  return transport;
}

/** The transport's `url` option: a transport without one (a JavaScript caller's mistake) cannot run. */
export function urlOption(transport: string, url: string | undefined): string {
  if (url === undefined) throw new AgentChatError('unsupported', `${transport} needs a url.`);
  return url;
}
