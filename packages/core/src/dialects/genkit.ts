import { AgentChatError } from '../model/error.js';
import type { AgentEvent, JsonPatchOperation } from '../model/events.js';
import { normalizeFinishReason } from '../model/finish-reason.js';
import { normalizeRole, type Message } from '../model/message.js';
import { isInterruptPart, type Part, type ToolRequestPart, type ToolResponsePart } from '../model/part.js';
import type { Artifact, SessionState, SnapshotInfo } from '../model/session.js';
import type { AgentInput } from '../model/chunk.js';
import type { WireFrame } from '../wire/frame.js';
import { artifactOf, isRecord, malformedFrameEvent, partsOf, stringOr, type FrameDecoder } from './decoder.js';

/** Genkit's `AgentInit`: which state a turn starts from. */
export interface GenkitAgentInit {
  snapshotId?: string;
  sessionId?: string;
  state?: SessionState;
}

/** What a Genkit turn request is built from. */
export interface GenkitTurnContext {
  input: AgentInput;
  snapshotId: string | null;
  sessionId: string | null;
  /** Set for client-managed sessions: the full state is echoed back every turn. */
  state: SessionState | null;
}

/**
 * The body of one Genkit agent turn: `{data: AgentInput, init: AgentInit}`.
 * A client-managed session sends its state; otherwise the exact snapshot if known, else the session.
 */
export function buildGenkitRequestBody(context: GenkitTurnContext): { data: AgentInput; init: GenkitAgentInit } {
  const init: GenkitAgentInit = {};
  if (context.state) init.state = context.state;
  else if (context.snapshotId) init.snapshotId = context.snapshotId;
  else if (context.sessionId) init.sessionId = context.sessionId;
  return { data: context.input, init };
}

/** A Genkit `{status, message}` error as an {@link AgentChatError}. */
export function genkitError(value: unknown, fallbackMessage = 'The agent reported an error.'): AgentChatError {
  const body = isRecord(value) && isRecord(value.error) ? value.error : value;
  const message = isRecord(body) ? stringOr(body.message) ?? fallbackMessage : typeof body === 'string' ? body : fallbackMessage;
  const serverStatus = isRecord(body) ? stringOr(body.status) : undefined;
  const options: { serverStatus?: string; details?: unknown } = {};
  if (serverStatus !== undefined) options.serverStatus = serverStatus;
  if (isRecord(body) && body.details !== undefined) options.details = body.details;
  return new AgentChatError('server-error', message, options);
}

function asMessage(value: unknown): Message | undefined {
  if (!isRecord(value)) return undefined;
  const message: Message = { role: normalizeRole(value.role), content: partsOf(value.content) };
  if (isRecord(value.metadata)) message.metadata = value.metadata;
  return message;
}

function asSessionState(value: unknown): SessionState | undefined {
  if (!isRecord(value)) return undefined;
  const state: SessionState = {
    messages: Array.isArray(value.messages) ? value.messages.map(asMessage).filter((m): m is Message => !!m) : [],
    artifacts: Array.isArray(value.artifacts) ? value.artifacts.map(artifactOf).filter((a): a is Artifact => !!a) : [],
  };
  if (typeof value.sessionId === 'string') state.sessionId = value.sessionId;
  if ('custom' in value) state.custom = value.custom;
  return state;
}

/** Events for one Genkit `ModelResponseChunk`: `role` + `index` tell the turn's messages apart. */
function modelChunkEvents(chunk: Record<string, unknown>, events: AgentEvent[]): void {
  const role = normalizeRole(chunk.role);
  const index = typeof chunk.index === 'number' ? chunk.index : undefined;
  const messageKey = index === undefined ? undefined : `${role}:${index}`;
  const source = chunk;
  for (const part of partsOf(chunk.content)) {
    if (typeof (part as { text?: unknown }).text === 'string') {
      const text = (part as { text: string }).text;
      if (text !== '') events.push({ type: 'text-delta', text, role, ...(messageKey ? { messageKey } : {}), source });
    } else if (typeof (part as { reasoning?: unknown }).reasoning === 'string') {
      events.push({ type: 'reasoning-delta', text: (part as { reasoning: string }).reasoning, role, ...(messageKey ? { messageKey } : {}), source });
    } else if (isRecord((part as ToolRequestPart).toolRequest)) {
      // Tool requests belong to the model's message, even when the tool phase streams them (interrupts).
      const target = role === 'model' && messageKey ? { messageKey } : {};
      events.push({ type: 'tool-request', part: part as ToolRequestPart, role: 'model', ...target, source });
    } else if (isRecord((part as ToolResponsePart).toolResponse)) {
      events.push({ type: 'tool-response', part: part as ToolResponsePart, role: role === 'model' ? 'tool' : role, ...(messageKey ? { messageKey } : {}), source });
    } else {
      events.push({ type: 'part-add', part, role, ...(messageKey ? { messageKey } : {}), source });
    }
  }
}

/**
 * Decodes Genkit agent frames: `{message: AgentStreamChunk}`, `{result: AgentOutput}`, and `{error}` frames
 * (as `error:` field or `data:`). The `turnEnd` chunk is held back until the result arrives, so the turn-end
 * event comes last and carries the result's message, artifacts and state before it.
 */
export function createGenkitDecoder(): FrameDecoder {
  let pendingTurnEnd: { raw: unknown; snapshotId?: string; finishReason?: string } | null = null;
  let ended = false;

  function endWithError(error: AgentChatError): AgentEvent[] {
    ended = true;
    const end: AgentEvent = { type: 'turn-end', finishReason: 'failed', error, raw: pendingTurnEnd?.raw ?? { turnEnd: { finishReason: 'failed' } } };
    if (pendingTurnEnd?.snapshotId) end.snapshotId = pendingTurnEnd.snapshotId;
    return [{ type: 'error', error }, end];
  }

  function resultEvents(output: Record<string, unknown>): AgentEvent[] {
    ended = true;
    const events: AgentEvent[] = [];
    const sessionId = stringOr(output.sessionId);
    if (sessionId) events.push({ type: 'session', sessionId });
    const message = asMessage(output.message);
    if (message) {
      events.push({ type: 'message-complete', message });
      const interrupts = message.content.filter(isInterruptPart);
      if (interrupts.length > 0) events.push({ type: 'interrupt-request', parts: interrupts });
    }
    const state = asSessionState(output.state);
    if (state) events.push({ type: 'state-snapshot', state });
    if (Array.isArray(output.artifacts)) {
      events.push({ type: 'artifacts-snapshot', artifacts: output.artifacts.map(artifactOf).filter((a): a is Artifact => !!a) });
    }
    const error = output.error !== undefined ? genkitError(output.error, 'The turn failed.') : undefined;
    if (error) events.push({ type: 'error', error });
    const snapshotId = stringOr(output.snapshotId) ?? pendingTurnEnd?.snapshotId;
    const finishReason = normalizeFinishReason(output.finishReason ?? pendingTurnEnd?.finishReason ?? (error ? 'failed' : undefined));
    const turnEnd: AgentEvent = {
      type: 'turn-end',
      finishReason,
      output,
      raw: pendingTurnEnd?.raw ?? { turnEnd: { finishReason, ...(snapshotId ? { snapshotId } : {}) } },
    };
    if (snapshotId) turnEnd.snapshotId = snapshotId;
    if (sessionId) turnEnd.sessionId = sessionId;
    if (error) turnEnd.error = error;
    events.push(turnEnd);
    return events;
  }

  return {
    decode(frame: WireFrame): AgentEvent[] {
      if (ended) return [];
      if (frame.type === 'malformed') return [malformedFrameEvent('a Genkit frame', frame)];
      if (frame.type !== 'value' || !isRecord(frame.value)) return [];
      const value = frame.value;
      if (frame.field === 'error' || frame.event === 'error' || ('error' in value && !('message' in value) && !('result' in value))) {
        return endWithError(genkitError(value));
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
        pendingTurnEnd = { raw: chunk };
        const snapshotId = stringOr(chunk.turnEnd.snapshotId);
        const finishReason = stringOr(chunk.turnEnd.finishReason);
        if (snapshotId) pendingTurnEnd.snapshotId = snapshotId;
        if (finishReason) pendingTurnEnd.finishReason = finishReason;
      }
      return events;
    },
    end(): AgentEvent[] {
      if (ended) return [];
      ended = true;
      if (pendingTurnEnd) {
        // The server signalled the turn end but sent no result frame: end the turn on the signal alone.
        const end: AgentEvent = { type: 'turn-end', finishReason: normalizeFinishReason(pendingTurnEnd.finishReason), raw: pendingTurnEnd.raw };
        if (pendingTurnEnd.snapshotId) end.snapshotId = pendingTurnEnd.snapshotId;
        return [end];
      }
      const error = new AgentChatError('incomplete-stream', 'The Genkit stream ended before the turn ended.');
      return [{ type: 'error', error }, { type: 'turn-end', finishReason: 'failed', error, raw: { turnEnd: { finishReason: 'failed' } } }];
    },
  };
}

/** Reads a Genkit `SessionSnapshot` (the `result` of `<agent>/getSnapshot`). */
export function parseGenkitSnapshot(value: unknown): SnapshotInfo {
  const result = isRecord(value) && isRecord(value.result) ? value.result : value;
  if (!isRecord(result) || typeof result.snapshotId !== 'string') {
    throw new AgentChatError('server-error', 'getSnapshot returned no snapshot.', { details: value });
  }
  const info: SnapshotInfo = { snapshotId: result.snapshotId, raw: value };
  for (const key of ['sessionId', 'parentId', 'createdAt', 'updatedAt', 'status'] as const) {
    const field = stringOr(result[key]);
    if (field !== undefined) info[key] = field;
  }
  if (result.finishReason !== undefined) info.finishReason = normalizeFinishReason(result.finishReason);
  if (isRecord(result.error)) info.error = { message: stringOr(result.error.message) ?? '', ...(stringOr(result.error.status) ? { status: stringOr(result.error.status)! } : {}) };
  const state = asSessionState(result.state);
  if (state) info.state = state;
  return info;
}

export { asMessage as genkitMessage, asSessionState as genkitSessionState };
