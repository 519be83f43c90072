import { AgentChatError, type DecodedFrame, type Transport, type TurnRequest } from './core-api.js';
import { splitAtFrameEnds } from './split-frames.js';
import { tapBody } from './tap-body.js';
import { encodeFrame } from './encode-frame.js';
import { recordableProtocols, type ProtocolsOption } from './protocols.js';
import { framingOf, isRecordingProtocol, type Recording, type RecordedTurn, type RecordingProtocol } from './recording.js';

/** Builds a transport around the `fetch` it is given: every HTTP transport of the kit takes a `fetch` option. */
export type TransportFactory = (fetch: typeof globalThis.fetch) => Transport;

/** Options of {@link recordTransport}. */
export interface RecordTransportOptions extends ProtocolsOption {
  /** The fetch the recorded requests go through (factory form); defaults to the global one at call time. */
  fetch?: typeof globalThis.fetch;
  /** The clock frames are timed with (ms); defaults to `performance.now`. */
  now?: () => number;
  /** Called with the recording each time a turn has ended. */
  onTurn?: (turn: RecordedTurn, recording: Recording) => void;
}

/** A transport that passes everything through unchanged and keeps a {@link Recording} of the turns it ran. */
export interface RecordingTransport extends Transport {
  /** The recording so far (a deep copy, safe to serialize or keep). */
  recording(): Recording;
  /** Forgets the turns recorded so far. */
  clear(): void;
}

interface LiveTurn {
  turn: RecordedTurn;
  start: number;
  signal: AbortSignal;
  responded: boolean;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Wraps a transport and records each turn: the request, the HTTP status, and the response body with each piece's
 * arrival time. Give a factory (`(fetch) => genkitTransport({url, fetch})`) to record the body byte for byte through
 * the transport's `fetch` seam (cut at every network read and every frame end); give a built transport to record the
 * frames it decoded, re-encoded in its protocol's framing (for transports that take no `fetch`). The transport's
 * `name` is the protocol.
 */
export function recordTransport(source: Transport | TransportFactory, options: RecordTransportOptions = {}): RecordingTransport {
  const now = options.now ?? (() => performance.now());
  const capture: Recording['capture'] = typeof source === 'function' ? 'bytes' : 'frames';
  const live = new Map<AbortSignal, LiveTurn>();
  const turns: RecordedTurn[] = [];
  /** The URL the first turn went to (bytes form): replayed errors name it as live ones did. */
  let url: string | undefined;

  /** The turn a request belongs to: by the run's signal, else the one turn still waiting for its response. */
  const turnOf = (init: RequestInit | undefined): LiveTurn | undefined => {
    const signal = init?.signal;
    if (!signal) return undefined;
    const exact = live.get(signal);
    if (exact) return exact;
    const waiting = [...live.values()].filter((entry) => !entry.responded);
    return waiting.length === 1 ? waiting[0] : undefined;
  };

  const recordingFetch: typeof globalThis.fetch = async (input, init) => {
    const fetchImpl = options.fetch ?? globalThis.fetch;
    const entry = turnOf(init);
    if (!entry) return fetchImpl(input, init);
    entry.responded = true;
    url ??= input instanceof Request ? input.url : String(input);
    let response: Response;
    try {
      response = await fetchImpl(input, init);
    } catch (error) {
      entry.turn.end = entry.signal.aborted ? 'stopped' : 'unreachable';
      if (!entry.signal.aborted) entry.turn.error = messageOf(error);
      throw error;
    }
    if (response.status !== 200) entry.turn.status = response.status;
    if (!response.ok) {
      if (response.statusText) entry.turn.statusText = response.statusText;
      entry.turn.body = await response.clone().text().catch(() => '');
      return response;
    }
    if (!response.body) return response;
    const body = tapBody(response.body, {
      onText: (text) => {
        const at = Math.round(now() - entry.start);
        for (const raw of splitAtFrameEnds(text, framingOf(protocol, options.protocols))) entry.turn.frames.push({ at, raw });
      },
      onEnd: (end, error) => {
        // A reader that leaves after the turn's end signal is done, not stopped: only an abort is a stop.
        entry.turn.end = entry.signal.aborted ? 'stopped' : end === 'stopped' ? 'complete' : end;
        if (entry.turn.end === 'broken' && error !== undefined) entry.turn.error = messageOf(error);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

  const inner = typeof source === 'function' ? source(recordingFetch) : source;
  if (!isRecordingProtocol(inner.name, options.protocols)) {
    throw new AgentChatError('unsupported', `Cannot record a "${inner.name}" transport: the protocol must be one of ${recordableProtocols(options.protocols).join(', ')} (or a descriptor of yours in \`protocols\`).`);
  }
  const protocol: RecordingProtocol = inner.name;

  const snapshot = (): Recording => JSON.parse(JSON.stringify({ version: 1, protocol, capture, ...(url ? { url } : {}), turns }));

  /** Frames form: what the transport decoded, re-encoded as the wire would carry it. */
  const recordFrames = (entry: LiveTurn, frames: DecodedFrame[]) => {
    const raw = frames.filter((frame) => frame.raw !== null && frame.raw !== undefined).map((frame) => encodeFrame(frame.raw, framingOf(protocol, options.protocols))).join('');
    if (raw) entry.turn.frames.push({ at: Math.round(now() - entry.start), raw });
  };

  /** Frames form: what a failed run threw, as the response that would have caused it. */
  const recordFailure = (entry: LiveTurn, error: unknown) => {
    if (entry.signal.aborted || (error as Error)?.name === 'AbortError') entry.turn.end = 'stopped';
    else if (error instanceof AgentChatError && error.code === 'http-error' && error.status) {
      entry.turn.status = error.status;
      entry.turn.body = JSON.stringify({ error: { message: error.message, ...(error.serverStatus ? { status: error.serverStatus } : {}) } });
    } else {
      // Which failure it was is the transport's to say, in its message: the cause is what the network said.
      entry.turn.end = 'broken';
      entry.turn.error = messageOf((error as Error)?.cause ?? error);
    }
  };

  const sessionIdOf = (frames: DecodedFrame[]): string | undefined => {
    let sessionId: string | undefined;
    for (const frame of frames) {
      for (const event of frame.events) {
        if ((event.type === 'turn-start' || event.type === 'session' || event.type === 'turn-end') && event.sessionId) sessionId = event.sessionId;
      }
    }
    return sessionId;
  };

  return {
    name: inner.name,
    async *run(request: TurnRequest, signal: AbortSignal) {
      const turn: RecordedTurn = { request: JSON.parse(JSON.stringify(request)), frames: [], end: 'complete' };
      if (request.sessionId) turn.sessionId = request.sessionId;
      const entry: LiveTurn = { turn, start: now(), signal, responded: false };
      turns.push(turn);
      live.set(signal, entry);
      try {
        for await (const frames of inner.run(request, signal)) {
          if (capture === 'frames') recordFrames(entry, frames);
          turn.sessionId = sessionIdOf(frames) ?? turn.sessionId;
          yield frames;
        }
      } catch (error) {
        if (capture === 'frames') recordFailure(entry, error);
        throw error;
      } finally {
        // Leaving the loop early (a stop) ends the turn here, whether or not the body noticed.
        if (signal.aborted && turn.end !== 'unreachable') turn.end = 'stopped';
        if (!turn.sessionId) delete turn.sessionId;
        live.delete(signal);
        options.onTurn?.(JSON.parse(JSON.stringify(turn)), snapshot());
      }
    },
    ...(inner.stop ? { stop: inner.stop.bind(inner) } : {}),
    ...(inner.getSnapshot ? { getSnapshot: inner.getSnapshot.bind(inner) } : {}),
    // A restored session's running turn is read live, not recorded (its first frames came before this page).
    ...(inner.reattach ? { reattach: inner.reattach.bind(inner) } : {}),
    // What the chat reads about the protocol (tool answers streamed back, where turns rerun, which snapshots it reads):
    // the recording transport behaves as the one it wraps.
    ...(inner.echoesToolAnswers !== undefined ? { echoesToolAnswers: inner.echoesToolAnswers } : {}),
    ...(inner.reruns !== undefined ? { reruns: inner.reruns } : {}),
    ...(inner.snapshotReads !== undefined ? { snapshotReads: inner.snapshotReads } : {}),
    recording: snapshot,
    clear: () => void turns.splice(0),
  };
}
