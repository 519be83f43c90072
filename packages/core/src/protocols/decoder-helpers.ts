import { AgentChatError } from '../model/error.js';
import type { AgentEvent } from '../model/events.js';
import type { FinishReason } from '../model/finish-reason.js';
import type { Part } from '../model/part.js';
import type { Artifact } from '../model/session.js';
import type { WireFrame } from '../wire/frame.js';

/** A dialect's per-turn decoder: wire frames in, normalized events out. Pure apart from its own turn state. */
export interface FrameDecoder {
  decode(frame: WireFrame): AgentEvent[];
  /** The body ended: the events that close the turn (a deferred turn-end, or an incomplete-stream error). */
  end(): AgentEvent[];
}

/** True for a non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The string, or undefined. */
export function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** `value[key]` when both are objects (an envelope such as `{error: {…}}` or `{result: {…}}`), else the value itself. */
export function unwrap(value: unknown, key: string): unknown {
  return isRecord(value) && isRecord(value[key]) ? value[key] : value;
}

/** Parses JSON text, or gives the text back when it is not JSON. */
export function parseJsonOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The error event for a frame that did not parse; `what` names the dialect's unit, e.g. 'an AG-UI event'. */
export function malformedFrameEvent(what: string, frame: Extract<WireFrame, { type: 'malformed' }>): AgentEvent {
  return { type: 'error', error: new AgentChatError('malformed-frame', `Could not parse ${what}: ${frame.reason}`, { details: frame.text }) };
}

type TurnEnd = Extract<AgentEvent, { type: 'turn-end' }>;

/**
 * The events that end a turn: the turn-end, after an error event when it carries an error. Its `raw` defaults to
 * `{turnEnd: {finishReason, snapshotId?}}` (the turn-end chunk's own shape); an empty snapshot id is left out.
 */
export function endTurn(finishReason: FinishReason, fields: Omit<TurnEnd, 'type' | 'finishReason'> = {}): AgentEvent[] {
  const { snapshotId, sessionId, error, output } = fields;
  const end: TurnEnd = { type: 'turn-end', finishReason, raw: fields.raw ?? { turnEnd: { finishReason, ...(snapshotId ? { snapshotId } : {}) } } };
  if (snapshotId) end.snapshotId = snapshotId;
  if (sessionId !== undefined) end.sessionId = sessionId;
  if (output !== undefined) end.output = output;
  if (!error) return [end];
  end.error = error;
  return [{ type: 'error', error }, end];
}

/** The object entries of a wire array (anything else is dropped). */
export function recordsOf<T extends object = Record<string, unknown>>(value: unknown): T[] {
  return Array.isArray(value) ? (value.filter(isRecord) as unknown as T[]) : [];
}

/** The parts of a wire value: its object entries (anything else is dropped). */
export const partsOf: (value: unknown) => Part[] = recordsOf;

/** A wire value in Genkit's artifact shape `{name?, parts[], metadata?}` as an {@link Artifact}, else undefined. */
export function artifactOf(value: unknown): Artifact | undefined {
  if (!isRecord(value) || !Array.isArray(value.parts)) return undefined;
  const artifact: Artifact = { parts: partsOf(value.parts) };
  if (typeof value.name === 'string') artifact.name = value.name;
  if (isRecord(value.metadata)) artifact.metadata = value.metadata;
  return artifact;
}
