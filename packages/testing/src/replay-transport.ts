import { AgentChatError, protocolTransport, type Transport, type TurnRequest } from './core-api.js';
import { faultsFor, type ReplayFault } from './faults.js';
import { replayBody } from './replay-body.js';
import { protocolDescriptor } from './protocols.js';
import { parseRecording, type Recording, type RecordedTurn } from './recording.js';

/** Options of {@link replayTransport}. */
export interface ReplayTransportOptions {
  /** 1 (default) = the recorded pace; 2 = twice as fast; `Infinity` = every frame at once, no timers. */
  speed?: number;
  /** Failures to inject (see {@link ReplayFault}). */
  faults?: ReplayFault | ReplayFault[];
  /** Called when a turn's recorded frames have all been delivered. */
  onTurnDelivered?: (index: number, turn: RecordedTurn) => void;
}

/** A transport playing a recording back: turn N of the chat gets recorded turn N. */
export interface ReplayTransport extends Transport {
  readonly recording: Recording;
  /** How many turns have started so far. */
  turnsPlayed(): number;
}

/** Where replayed requests "go" when the recording names no URL: never fetched (the replay's fetch answers). */
const REPLAY_URL = 'http://replay.invalid/agent';

/**
 * Plays a {@link Recording} (or the parsed JSON of a recording file: it is checked) back through the real transport and dialect of its protocol: the recorded bytes are the
 * response of a `fetch` the transport makes, so decoding is exactly as live. Deterministic: the same recording,
 * speed and faults give the same frames in the same reads. `stop()` and the protocol's stop request answer at once.
 */
export function replayTransport(recording: unknown, options: ReplayTransportOptions = {}): ReplayTransport {
  const checked = parseRecording(recording);
  // The protocol's real transport (built from its descriptor), with the replay's fetch as its network: replayed bytes
  // take the same framer and dialect as live, under the protocol's own content type.
  const protocol = protocolDescriptor(checked.protocol)!;
  const speed = options.speed ?? 1;
  if (!(speed > 0)) throw new RangeError(`replay speed must be > 0, got ${speed}`);
  const faults = options.faults === undefined ? [] : Array.isArray(options.faults) ? options.faults : [options.faults];
  const running = new Map<AbortSignal, number>();
  let played = 0;

  const replayFetch: typeof globalThis.fetch = async (_input, init) => {
    const signal = init?.signal;
    const index = signal ? running.get(signal) : undefined;
    // Anything but a turn (Genkit's abort, AgentFlow's stop) is answered with an empty JSON object.
    if (!signal || index === undefined) return Response.json({});
    if (signal.aborted) throw signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
    const turn = checked.turns[index]!;
    const turnFaults = faultsFor(faults, index);
    const http = turnFaults.find((fault) => fault.kind === 'http');
    if (http) {
      const message = http.message ?? `replayed HTTP ${http.status}`;
      return Response.json({ error: { message } }, { status: http.status });
    }
    if (turn.end === 'unreachable') throw new TypeError(turn.error ?? 'fetch failed');
    const status = turn.status ?? 200;
    if (status < 200 || status >= 300) return new Response(turn.body ?? '', { status, statusText: turn.statusText ?? '' });
    const body = replayBody(turn, {
      speed,
      faults: turnFaults,
      signal,
      onDelivered: () => options.onTurnDelivered?.(index, turn),
    });
    return new Response(body, { status, headers: { 'Content-Type': protocol.contentType } });
  };

  const inner = protocolTransport(protocol, { url: checked.url ?? REPLAY_URL, fetch: replayFetch });
  return {
    name: inner.name,
    recording: checked,
    turnsPlayed: () => played,
    async *run(request: TurnRequest, signal: AbortSignal) {
      const index = played++;
      const turn = checked.turns[index];
      if (!turn) {
        throw new AgentChatError('unsupported', `The recording has ${checked.turns.length} turn(s); turn ${index + 1} was asked for.`);
      }
      running.set(signal, index);
      try {
        // The recorded session id, where the chat has none yet: a replayed chat ends in the session it was recorded in.
        yield* inner.run({ ...request, sessionId: request.sessionId ?? turn.sessionId ?? null }, signal);
      } finally {
        running.delete(signal);
      }
    },
    async stop() {
      // Stopping a replay is the abort alone: there is no server to tell.
    },
  };
}
