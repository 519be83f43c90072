/**
 * The Node adapter's fast path: a streaming `Response` of this package can carry, beside its Web body, the source the
 * body reads from (a turn's frames, as text). `sendResponse` then writes that text to the socket itself: one write per
 * batch of frames, with no Web-stream layer and no encoding to bytes in between (and, for a turn running here, no
 * promise either: the turn's buffer calls the socket's write once per tick). Any other runtime (or a wrapper that
 * rebuilt the Response) reads the Web body as usual; both read the same frames, so only one of them may be used.
 */

/** Text pulled batch by batch; `undefined` once it ended. */
export interface TextSource {
  next(): Promise<string | undefined>;
  /** The reader went away: stop producing. */
  cancel(): void;
  /**
   * Or pushed, with no promise per batch (a turn of this instance): `sink.write` gets each batch and returns false to
   * pause until `resume()`; `sink.end` once it ended. Used instead of `next`, never with it.
   */
  follow?(sink: TextSink): { resume(): void; stop(): void };
}

/** Where a followed text source writes. */
export interface TextSink {
  write(text: string): boolean;
  end(): void;
}

const TEXT_SOURCE = Symbol.for('@agent-chat/server.textSource');

/** Attaches `source` to `response` (not enumerable; the Response is unchanged for every other reader). */
export function withTextSource(response: Response, source: TextSource): Response {
  Object.defineProperty(response, TEXT_SOURCE, { value: source });
  return response;
}

/**
 * A light response: status and headers, no Web body, `source` its body (what the Node adapter writes). Only for a light
 * request of the Node adapter (http/request-body.ts), whose answer goes nowhere but to the adapter: making a Web body
 * (a ReadableStream and the Response around it) is most of a streaming answer's start-up cost there.
 */
export function lightResponse(init: ResponseInit, source: TextSource): Response {
  return withTextSource(new Response(null, init), source);
}

/** The text source of a Response whose body nobody read yet (or of a light response), if it has one. */
export function textSourceOf(response: Response): TextSource | undefined {
  const source = (response as unknown as Record<symbol, TextSource | undefined>)[TEXT_SOURCE];
  if (!source) return undefined;
  return !response.body || (!response.bodyUsed && !response.body.locked) ? source : undefined;
}
