import { AgentChatError, isAgentChatError, protocolTransport, type Transport, type TurnRequest } from './core-api.js';
import { faultsFor, type ReplayFault } from './faults.js';
import { replayBody } from './replay-body.js';
import { protocolDescriptor, type ProtocolsOption } from './protocols.js';
import { parseRecording, type Recording, type RecordedTurn } from './recording.js';
import { describeRequest, requestShape, sameRequest, type RequestShape } from './request-shape.js';

/** Options of {@link replayTransport}. */
export interface ReplayTransportOptions extends ProtocolsOption {
  /** 1 (default) = the recorded pace; 2 = twice as fast; `Infinity` = every frame at once, no timers. */
  speed?: number;
  /** Failures to inject (see {@link ReplayFault}); each hits a recorded turn once: a retry of that turn plays as recorded. */
  faults?: ReplayFault | ReplayFault[];
  /**
   * `'strict'` (default): each request must ask what a recorded turn asked (the user's text and attachments, the answers
   * it carries; ids and timestamps aside): the next turn, or an earlier one again (a retry, a regenerate, an edit back
   * to the recorded words), or a fork's turn; anything else fails the turn with a {@link ReplayMismatch}.
   * `'lenient'`: a request nothing matches gets the next recorded turn anyway.
   */
  match?: 'strict' | 'lenient';
  /**
   * Other recordings of the same conversation that part from it at some turn (a "what if": the same first turns, then
   * a different answer): a request that matches a fork's turn where the recording's does not follows that fork from there.
   */
  forks?: unknown[];
  /** Cuts the wait before each turn's first frame (a server's cold start) to at most this many ms; `true` = 0. */
  trimColdStart?: boolean | number;
  /** Called when a turn's recorded frames have all been delivered. */
  onTurnDelivered?: (index: number, turn: RecordedTurn) => void;
  /** Called when a request matched no recorded turn (strict: the turn fails with the same error). */
  onMismatch?: (mismatch: ReplayMismatch) => void;
}

/** A request the recording did not expect: the turn it was compared with (0-based) and both shapes. */
export interface ReplayMismatch {
  kind: 'replay-mismatch';
  turn: number;
  expected: RequestShape | null;
  received: RequestShape;
}

/** The {@link ReplayMismatch} an error carries, if it is one (`chat.getState().error`, a response's `error`). */
export function replayMismatchOf(error: unknown): ReplayMismatch | null {
  const details = isAgentChatError(error) ? (error.details as Partial<ReplayMismatch> | undefined) : undefined;
  return details?.kind === 'replay-mismatch' ? (details as ReplayMismatch) : null;
}

/** A transport playing a recording back: each request gets the recorded turn that asked the same. */
export interface ReplayTransport extends Transport {
  readonly recording: Recording;
  /** How many turns have started so far. */
  turnsPlayed(): number;
  /** The index of the recorded turn the next request is expected to match (the line followed so far, forks included). */
  position(): number;
  /** Every request that matched no recorded turn, in order. */
  mismatches(): ReplayMismatch[];
}

/** Where replayed requests "go" when the recording names no URL: never fetched (the replay's fetch answers). */
const REPLAY_URL = 'http://replay.invalid/agent';

interface Playing {
  turn: RecordedTurn;
  index: number;
  faults: ReplayFault[];
}

/**
 * Plays a {@link Recording} (or the parsed JSON of a recording file: it is checked) back through the real transport and
 * dialect of its protocol: the recorded bytes are the response of a `fetch` the transport makes, so decoding is exactly
 * as live. Each request is matched with the recorded ones (see `match`). Deterministic: the same recording, requests,
 * speed and faults give the same frames in the same reads. `stop()` and the protocol's stop request answer at once.
 */
export function replayTransport(recording: unknown, options: ReplayTransportOptions = {}): ReplayTransport {
  const checked = parseRecording(recording, options);
  const forks = (options.forks ?? []).map((fork) => parseRecording(fork, options));
  for (const fork of forks) {
    if (fork.protocol !== checked.protocol) throw new TypeError(`replay: a fork must be recorded in ${checked.protocol}, not ${fork.protocol}.`);
  }
  // The protocol's real transport (built from its descriptor), with the replay's fetch as its network: replayed bytes
  // take the same framer and dialect as live, under the protocol's own content type.
  const protocol = protocolDescriptor(checked.protocol, options.protocols)!;
  const speed = options.speed ?? 1;
  if (!(speed > 0)) throw new RangeError(`replay speed must be > 0, got ${speed}`);
  const strict = (options.match ?? 'strict') === 'strict';
  const firstFrameMs = options.trimColdStart === true ? 0 : typeof options.trimColdStart === 'number' ? options.trimColdStart : undefined;
  const faults = options.faults === undefined ? [] : Array.isArray(options.faults) ? options.faults : [options.faults];
  const running = new Map<AbortSignal, Playing>();
  const mismatches: ReplayMismatch[] = [];
  /** Recorded turns played once already (their faults are spent): `line:index`. */
  const attempted = new Set<string>();
  const shapes = new Map<RecordedTurn, RequestShape>();
  const shapeOf = (turn: RecordedTurn) => shapes.get(turn) ?? shapes.set(turn, requestShape(turn.request)).get(turn)!;
  let line = checked;
  let cursor = 0;
  let played = 0;

  /** The recorded turn a request gets, or the mismatch it is. */
  const choose = (shape: RequestShape): { turn: RecordedTurn; index: number } | ReplayMismatch => {
    const next = line.turns[cursor];
    if (next && sameRequest(shapeOf(next), shape)) return { turn: next, index: cursor++ };
    // The same turn again (retry, regenerate) or an earlier one (an edit back to the recorded words): the line goes on from there.
    for (let index = cursor - 1; index >= 0; index--) {
      if (sameRequest(shapeOf(line.turns[index]!), shape)) {
        cursor = index + 1;
        return { turn: line.turns[index]!, index };
      }
    }
    // A fork that shares the turns played so far and asks this here.
    const path = line.turns.slice(0, cursor).map(shapeOf);
    const fork = [checked, ...forks].find((candidate) => candidate !== line && candidate.turns[cursor] && sameRequest(shapeOf(candidate.turns[cursor]!), shape)
      && path.every((before, index) => candidate.turns[index] && sameRequest(shapeOf(candidate.turns[index]!), before)));
    if (fork) {
      line = fork;
      return { turn: fork.turns[cursor]!, index: cursor++ };
    }
    if (!strict && next) return { turn: next, index: cursor++ };
    return { kind: 'replay-mismatch', turn: cursor, expected: next ? shapeOf(next) : null, received: shape };
  };

  const replayFetch: typeof globalThis.fetch = async (_input, init) => {
    const signal = init?.signal;
    const playing = signal ? running.get(signal) : undefined;
    // Anything but a turn (Genkit's abort, AgentFlow's stop) is answered with an empty JSON object.
    if (!signal || playing === undefined) return Response.json({});
    if (signal.aborted) throw signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
    const { turn, index, faults: turnFaults } = playing;
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
      ...(firstFrameMs !== undefined ? { firstFrameMs } : {}),
      onDelivered: () => options.onTurnDelivered?.(index, turn),
    });
    return new Response(body, { status, headers: { 'Content-Type': protocol.contentType } });
  };

  const inner = protocolTransport(protocol, { url: checked.url ?? REPLAY_URL, fetch: replayFetch });
  return {
    name: inner.name,
    recording: checked,
    turnsPlayed: () => played,
    position: () => cursor,
    mismatches: () => [...mismatches],
    async *run(request: TurnRequest, signal: AbortSignal) {
      played++;
      const shape = requestShape(request);
      const chosen = choose(shape);
      if ('kind' in chosen) {
        mismatches.push(chosen);
        options.onMismatch?.(chosen);
        if (!chosen.expected) {
          throw new AgentChatError('unsupported', `The recording has ${line.turns.length} turn(s); turn ${chosen.turn + 1} (${describeRequest(shape)}) was asked for.`, { details: chosen });
        }
        throw new AgentChatError('unsupported', `Replay mismatch at turn ${chosen.turn + 1}: the recording expects ${describeRequest(chosen.expected)}, the chat sent ${describeRequest(shape)}. (match: 'lenient' plays the recorded turn anyway.)`, { details: chosen });
      }
      const key = `${forks.indexOf(line)}:${chosen.index}`;
      const first = !attempted.has(key);
      attempted.add(key);
      running.set(signal, { ...chosen, faults: first ? faultsFor(faults, chosen.index) : [] });
      try {
        // The recorded session id, where the chat has none yet: a replayed chat ends in the session it was recorded in.
        yield* inner.run({ ...request, sessionId: request.sessionId ?? chosen.turn.sessionId ?? null }, signal);
      } finally {
        running.delete(signal);
      }
    },
    async stop() {
      // Stopping a replay is the abort alone: there is no server to tell.
    },
  };
}
