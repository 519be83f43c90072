import { isRecord, recordsOf } from '../util/guards.js';
import { AgentChatError } from '../model/error.js';
import type { AgentEvent } from '../model/events.js';
import type { FinishReason } from '../model/finish-reason.js';
import type { MessageUsage } from '../model/message.js';
import type { Part, Source } from '../model/part.js';
import type { Artifact } from '../model/session.js';
import type { WireFrame } from './frame.js';

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

const TOKEN_FIELDS = ['inputTokens', 'outputTokens', 'totalTokens'] as const;

/** A wire value's token counts `{inputTokens?, outputTokens?, totalTokens?}` (non-negative numbers), else undefined. */
export function usageOf(value: unknown): MessageUsage | undefined {
  if (!isRecord(value)) return undefined;
  const usage: MessageUsage = {};
  for (const field of TOKEN_FIELDS) {
    const count = value[field];
    if (typeof count === 'number' && Number.isFinite(count) && count >= 0) usage[field] = count;
  }
  return Object.keys(usage).length > 0 ? usage : undefined;
}

/** A wire value that is a list of suggested prompts: its non-empty strings (at most 10), else undefined. */
export function suggestionsOf(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter((item): item is string => typeof item === 'string' && item.trim() !== '').slice(0, 10);
}

/** A wire value in the canonical source shape `{url?, title?, documentId?, mediaType?}` (string fields only), else undefined. */
export function sourceOf(value: unknown): Source | undefined {
  if (!isRecord(value)) return undefined;
  const source: Source = {};
  for (const field of ['url', 'title', 'documentId', 'mediaType'] as const) {
    const text = value[field];
    if (typeof text === 'string' && text !== '') source[field] = text;
  }
  return source.url !== undefined || source.documentId !== undefined || source.title !== undefined ? source : undefined;
}
