import { protocols, type ProtocolName, type TurnRequest } from './core-api.js';
import { protocolDescriptor, type ProtocolsOption } from './protocols.js';

/** The core's protocols, by their transports' `name` (a recording may also hold one of yours: see {@link ProtocolsOption}). */
export const RECORDING_PROTOCOLS: readonly ProtocolName[] = protocols.map((protocol) => protocol.name);
/** A recording's protocol: one of the core's, or the name of one of yours given in `protocols`. */
export type RecordingProtocol = ProtocolName | (string & {});

/** One piece of a response body: its text, and when it arrived (ms after the turn's request was sent). */
export interface RecordedFrame {
  at: number;
  raw: string;
}

/**
 * How a recorded body ended: `complete` (the server closed it), `broken` (the connection failed; `error` says how),
 * `stopped` (the client aborted it, e.g. the user pressed Stop), `unreachable` (no response at all; `error` says why).
 */
export type RecordedEnd = 'complete' | 'broken' | 'stopped' | 'unreachable';

/** One turn: the request it answered and the response as it came. */
export interface RecordedTurn {
  /** The turn request as the chat gave it to the transport (JSON). */
  request: TurnRequest;
  /** The HTTP status; absent means 200. */
  status?: number;
  /** A non-2xx response's status text. */
  statusText?: string;
  /** A non-2xx response's body text (the server's error), which replay answers with again. */
  body?: string;
  /** The body in pieces: cut at every network read and after every frame (see the package README). */
  frames: RecordedFrame[];
  end: RecordedEnd;
  /** What broke the body, when `end` is `broken`. */
  error?: string;
  /** The session id the turn ran in, so that replay reuses it instead of generating a new one. */
  sessionId?: string;
}

/** A plain JSON recording of a conversation's turns against one server in one protocol. */
export interface Recording {
  version: 1;
  protocol: RecordingProtocol;
  /** How the frames were captured: `bytes` (the body as read off the network) or `frames` (re-encoded frames). */
  capture: 'bytes' | 'frames';
  /** Where the turns went (bytes form): replay builds its transport for it, so errors name the same URL. */
  url?: string;
  turns: RecordedTurn[];
}

/** True for a protocol a recording can hold: the core's, or one of `protocols`. */
export function isRecordingProtocol(name: string, protocols?: ProtocolsOption['protocols']): name is RecordingProtocol {
  return protocolDescriptor(name, protocols) !== undefined;
}

/**
 * Checks a parsed JSON value is a version 1 recording (throws a TypeError saying what is wrong otherwise); its protocol
 * must be the core's or one of `options.protocols`.
 */
export function parseRecording(value: unknown, options: ProtocolsOption = {}): Recording {
  const fail = (what: string): never => {
    throw new TypeError(`Not an agent-chat recording: ${what}.`);
  };
  if (typeof value !== 'object' || value === null) return fail('not an object');
  const recording = value as Partial<Recording>;
  if (recording.version !== 1) return fail(`unsupported version ${String(recording.version)}`);
  if (typeof recording.protocol !== 'string' || !isRecordingProtocol(recording.protocol, options.protocols)) return fail(`unknown protocol ${String(recording.protocol)}`);
  if (!Array.isArray(recording.turns)) return fail('no turns');
  recording.turns.forEach((turn, index) => {
    if (typeof turn !== 'object' || turn === null || typeof turn.request !== 'object') fail(`turn ${index} has no request`);
    if (!Array.isArray(turn.frames)) fail(`turn ${index} has no frames`);
    for (const frame of turn.frames) if (typeof frame?.at !== 'number' || typeof frame.raw !== 'string') fail(`turn ${index} has a frame without at/raw`);
  });
  return { ...recording, capture: recording.capture ?? 'bytes' } as Recording;
}

/** The wire framing a protocol's bodies use (its descriptor's). */
export function framingOf(protocol: RecordingProtocol, protocols?: ProtocolsOption['protocols']): 'sse' | 'ndjson' {
  const descriptor = protocolDescriptor(protocol, protocols);
  if (!descriptor) throw new TypeError(`Unknown protocol "${protocol}".`);
  return descriptor.framing;
}
