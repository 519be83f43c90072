import { AgentChatError } from '../../model/error.js';
import type { AgentEvent, JsonPatchOperation } from '../../model/events.js';
import { normalizeFinishReason, type FinishReason } from '../../model/finish-reason.js';
import { normalizeRole, type Message } from '../../model/message.js';
import { isInterruptPart, isReasoningPart, isTextPart, type Part, type ToolRequestPart, type ToolResponsePart } from '../../model/part.js';
import type { SessionState } from '../../model/session.js';
import type { WireFrame } from '../../wire/frame.js';
import { artifactOf, endTurn, malformedFrameEvent, partsOf } from '../../wire/decoder-helpers.js';
import type { FrameDecoder } from '../../transport/transport.js';
import { isRecord, stringOr, unwrap } from '../../util/guards.js';
import { fromGenkitPart, genkitSuggestionsOf, genkitUsageOf } from './genkit-content.js';
import { genkitSubAgentEvents } from './genkit-sub-agents.js';

/** A message's parts in the canonical model; suggestion parts are not content (they go to `suggestions`). */
function contentOf(value: unknown): Part[] {
  return partsOf(value).flatMap((part) => (genkitSuggestionsOf(part) ? [] : [fromGenkitPart(part)]));
}

/** A Genkit `{status, message}` error as an {@link AgentChatError}. */
export function genkitError(value: unknown, fallbackMessage = 'The agent reported an error.'): AgentChatError {
  const body = unwrap(value, 'error');
  const error = isRecord(body) ? body : {};
  const message = stringOr(error.message) ?? (typeof body === 'string' ? body : fallbackMessage);
  return new AgentChatError('server-error', message, { serverStatus: stringOr(error.status), details: error.details });
}

/** The entries of a wire array that read as `T`. */
function listOf<T>(value: unknown, read: (item: unknown) => T | undefined): T[] {
  return Array.isArray(value) ? value.flatMap((item) => read(item) ?? []) : [];
}

function asMessage(value: unknown): Message | undefined {
  if (!isRecord(value)) return undefined;
  const message: Message = { role: normalizeRole(value.role), content: contentOf(value.content) };
  if (isRecord(value.metadata)) message.metadata = value.metadata;
  return message;
}

function asSessionState(value: unknown): SessionState | undefined {
  if (!isRecord(value)) return undefined;
  const state: SessionState = { messages: listOf(value.messages, asMessage), artifacts: listOf(value.artifacts, artifactOf) };
  if (typeof value.sessionId === 'string') state.sessionId = value.sessionId;
  if ('custom' in value) state.custom = value.custom;
  return state;
}

/**
 * Events for one Genkit `ModelResponseChunk`: `role` + `index` tell the turn's messages apart. A sub-agent's chunk
 * (`custom.subAgent`, see genkit-sub-agents.ts) is decoded the same way, into its run.
 */
function modelChunkEvents(chunk: Record<string, unknown>, events: AgentEvent[]): void {
  if (genkitSubAgentEvents(chunk, modelChunkEvents, events)) return;
  const role = normalizeRole(chunk.role);
  const keyed = typeof chunk.index === 'number' ? { messageKey: `${role}:${chunk.index}` } : {};
  for (const wirePart of partsOf(chunk.content)) {
    const suggestions = genkitSuggestionsOf(wirePart);
    if (suggestions) {
      events.push({ type: 'suggestions', suggestions });
      continue;
    }
    const part = fromGenkitPart(wirePart);
    if (isTextPart(part)) {
      if (part.text !== '') events.push({ type: 'text-delta', text: part.text, role, ...keyed, source: chunk });
    } else if (isReasoningPart(part)) {
      events.push({ type: 'reasoning-delta', text: part.reasoning, role, ...keyed, source: chunk });
    } else if (isRecord((part as ToolRequestPart).toolRequest)) {
      // Tool requests belong to the model's message, even when the tool phase streams them (interrupts).
      events.push({ type: 'tool-request', part: part as ToolRequestPart, role: 'model', ...(role === 'model' ? keyed : {}), source: chunk });
    } else if (isRecord((part as ToolResponsePart).toolResponse)) {
      events.push({ type: 'tool-response', part: part as ToolResponsePart, role: role === 'model' ? 'tool' : role, ...keyed, source: chunk });
    } else {
      events.push({ type: 'part-add', part, role, ...keyed, source: chunk });
    }
  }
}

/**
 * Decodes Genkit agent frames: `{message: AgentStreamChunk}`, `{result: AgentOutput}`, and `{error}` frames
 * (as `error:` field or `data:`). The `turnEnd` chunk is held back until the result arrives, so the turn-end
 * event comes last and carries the result's message, artifacts and state before it.
 */
export function createGenkitDecoder(): FrameDecoder {
  // The chunk that carried `turnEnd` (the turn-end's raw), and that `turnEnd`.
  let pending: Record<string, unknown> | undefined;
  let turnEnd: Record<string, unknown> = {};
  let ended = false;

  /** The turn-end: the held-back turnEnd chunk is its raw and gives the snapshot id unless the result has one. */
  function endWith(finishReason: FinishReason, fields: Parameters<typeof endTurn>[1] = {}): AgentEvent[] {
    ended = true;
    return endTurn(finishReason, { raw: pending, ...fields, snapshotId: fields.snapshotId ?? stringOr(turnEnd.snapshotId) });
  }

  function resultEvents(output: Record<string, unknown>): AgentEvent[] {
    const events: AgentEvent[] = [];
    const sessionId = stringOr(output.sessionId) || undefined;
    if (sessionId) events.push({ type: 'session', sessionId });
    // A failed turn's result carries the session's last good message (an earlier turn's answer), not this turn's.
    const failed = output.error !== undefined || output.finishReason === 'failed';
    const message = failed ? undefined : asMessage(output.message);
    const suggestions = isRecord(output.message) ? partsOf(output.message.content).map(genkitSuggestionsOf).find((found) => found !== undefined) : undefined;
    if (suggestions) events.push({ type: 'suggestions', suggestions });
    const usage = genkitUsageOf(output);
    if (usage) events.push({ type: 'usage', usage });
    if (message) {
      events.push({ type: 'message-complete', message });
      const interrupts = message.content.filter(isInterruptPart);
      if (interrupts.length > 0) events.push({ type: 'interrupt-request', parts: interrupts });
    }
    const state = asSessionState(output.state);
    if (state) events.push({ type: 'state-snapshot', state });
    if (Array.isArray(output.artifacts)) events.push({ type: 'artifacts-snapshot', artifacts: listOf(output.artifacts, artifactOf) });
    const error = output.error === undefined ? undefined : genkitError(output.error, 'The turn failed.');
    const finishReason = normalizeFinishReason(output.finishReason ?? (stringOr(turnEnd.finishReason) || (error ? 'failed' : undefined)));
    events.push(...endWith(finishReason, { snapshotId: stringOr(output.snapshotId), sessionId, error, output }));
    return events;
  }

  return {
    decode(frame: WireFrame): AgentEvent[] {
      if (ended) return [];
      if (frame.type === 'malformed') return [malformedFrameEvent('a Genkit frame', frame)];
      if (frame.type !== 'value' || !isRecord(frame.value)) return [];
      const value = frame.value;
      if (frame.field === 'error' || frame.event === 'error' || ('error' in value && !('message' in value) && !('result' in value))) {
        return endWith('failed', { error: genkitError(value) });
      }
      if (isRecord(value.result)) return resultEvents(value.result);
      const chunk = value.message;
      if (!isRecord(chunk)) return [];
      const events: AgentEvent[] = [];
      if (isRecord(chunk.modelChunk)) modelChunkEvents(chunk.modelChunk, events);
      if (Array.isArray(chunk.customPatch)) events.push({ type: 'custom-patch', patch: chunk.customPatch as JsonPatchOperation[] });
      const artifact = artifactOf(chunk.artifact);
      if (artifact) events.push({ type: 'artifact-upsert', artifact });
      if (isRecord(chunk.turnEnd)) {
        pending = chunk;
        turnEnd = chunk.turnEnd;
      }
      return events;
    },
    end(): AgentEvent[] {
      if (ended) return [];
      // A turnEnd with no result frame ends the turn on the signal alone; with no turnEnd either, the stream was cut.
      return pending
        ? endWith(normalizeFinishReason(turnEnd.finishReason))
        : endWith('failed', { error: new AgentChatError('incomplete-stream', 'The Genkit stream ended before the turn ended.') });
    },
  };
}

export { asMessage as genkitMessage, asSessionState as genkitSessionState };
