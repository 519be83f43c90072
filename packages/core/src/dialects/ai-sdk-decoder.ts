/**
 * The AI SDK's UI message stream, protocol v1 (`x-vercel-ai-ui-message-stream: v1`), as `ai@6` routes produce it
 * (`createUIMessageStream` + `createUIMessageStreamResponse`, `streamText(...).toUIMessageStreamResponse()`).
 *
 * Stream (SSE `data:` frames, `[DONE]` last):
 *   start {messageId?, messageMetadata?}    the response message: `messageId` keys it; both end up in
 *                                           `message.metadata` {messageId, messageMetadata} on `finish`
 *   text-* / reasoning-*                    text-delta / reasoning-delta (start/end ignored)
 *   tool-input-start / -delta               tool-request with `partial: true` (input = the JSON so far, once it parses)
 *   tool-input-available                    tool-request (ref = toolCallId)
 *   tool-input-error                        tool-request + tool-response {output: errorText, metadata.isError}
 *   tool-output-available / -error          tool-response (error: output = errorText, metadata.isError)
 *   tool-output-denied                      tool-response with metadata.denied
 *   tool-approval-request                   the tool request gets metadata.interrupt {approvalId, ...}; interrupt-request;
 *                                           the turn ends 'interrupted'
 *   data-state          {data}              custom-snapshot (the whole custom state)
 *   data-state-patch    {data: JsonPatch[]} custom-patch (atomic, as every patch); send both as `transient: true`
 *   data-<name> {id, data}                  artifact-upsert, name `data-<name>:<id>` (the key the AI SDK upserts by),
 *                                           parts [{data}], metadata {type, id}; transient or not
 *   data-<name> {data} (no id)              part-add {data, metadata:{type}} into the message; transient ones only reach onChunk
 *   source-url / source-document            part-add {custom: <the chunk>}
 *   file {url, mediaType}                   part-add {media: {url, contentType}}
 *   message-metadata                        merged into the message metadata
 *   start-step / finish-step                ignored
 *   finish {finishReason?}                  message-complete per message (not after an error: partial messages end
 *                                           'failed'), then turn-end: 'failed' after an error,
 *                                           'interrupted' with an open approval, else the reason normalized
 *                                           (tool-calls → other, content-filter → blocked; none → stop)
 *   error {errorText}                       error (server-error); the turn ends 'failed' at finish / [DONE] / body end
 *   abort {reason?}                         turn-end 'aborted'
 *   [DONE]                                  ends the turn like `finish` when no finish came
 *   body end without finish or [DONE]       incomplete-stream error, turn-end 'failed'
 *   anything else                           ignored
 *
 * Messages: the response's content goes to model messages keyed by the message id; tool results go to a tool
 * message after them, and content after a tool result starts the next model message — Genkit's shape, so the store
 * looks the same whichever protocol filled it.
 */
import { AgentChatError } from '../model/error.js';
import type { AgentEvent, JsonPatchOperation } from '../model/events.js';
import { normalizeFinishReason } from '../model/finish-reason.js';
import type { Message } from '../model/message.js';
import type { Metadata } from '../model/part.js';
import type { WireFrame } from '../wire/frame.js';
import { addPart, createAiSdkStreamState, streamText } from './ai-sdk-stream-state.js';
import { toolChunkEvents } from './ai-sdk-tool-chunks.js';
import { artifactOf, isRecord, malformedFrameEvent, stringOr, type FrameDecoder } from './decoder.js';

/** The data part type whose `data` is an RFC 6902 patch of the custom state. */
export const AI_SDK_STATE_PATCH_PART = 'data-state-patch';
/** The data part type whose `data` is the whole custom state. */
export const AI_SDK_STATE_PART = 'data-state';
/** The data part type whose `data` is an artifact `{name?, parts, metadata?}` (same name replaces). */
export const AI_SDK_ARTIFACT_PART = 'data-artifact';

/** Options of {@link createAiSdkDecoder}. */
export interface AiSdkDecoderOptions {
  /** The chat id the request used: announced as the session id and put on the turn end. */
  sessionId?: string;
  /** The history sent, so results of earlier tool calls (an approved call) get their tool's name. */
  history?: readonly Message[];
}

const isPatch = (value: unknown): value is JsonPatchOperation[] => Array.isArray(value) && value.every((op) => isRecord(op) && typeof op.op === 'string');


/** Decodes AI SDK UI message stream chunks (see the top of this file). */
export function createAiSdkDecoder(options: AiSdkDecoderOptions = {}): FrameDecoder {
  const sessionId = options.sessionId;
  let announced = sessionId === undefined;
  let ended = false;
  let failure: AgentChatError | null = null;
  let messageMetadata: unknown;
  const state = createAiSdkStreamState(options.history ?? []);

  function messageMetadataOf(): Metadata | undefined {
    const metadata: Metadata = {};
    if (state.messageId !== undefined) metadata.messageId = state.messageId;
    if (messageMetadata !== undefined) metadata.messageMetadata = messageMetadata;
    return Object.keys(metadata).length > 0 ? metadata : undefined;
  }

  function mergeMetadata(value: unknown): void {
    if (value === undefined || value === null) return;
    messageMetadata = isRecord(value) && isRecord(messageMetadata) ? { ...messageMetadata, ...value } : value;
  }

  function output(finishReason?: string): Record<string, unknown> {
    return {
      ...(state.messageId !== undefined ? { messageId: state.messageId } : {}),
      ...(messageMetadata !== undefined ? { messageMetadata } : {}),
      ...(finishReason !== undefined ? { finishReason } : {}),
    };
  }

  function endTurn(events: AgentEvent[], raw: unknown, finishReason: string | undefined): void {
    ended = true;
    const metadata = messageMetadataOf();
    let first = true;
    // A failed turn leaves its messages partial (status 'failed'): completing them would mark them done.
    if (!failure) for (const [messageKey, message] of state.assembled) {
      const complete: Message = { role: message.role, content: message.content };
      if (metadata && message.role === 'model' && first) complete.metadata = metadata;
      if (message.role === 'model') first = false;
      events.push({ type: 'message-complete', message: complete, messageKey });
    }
    const reason = failure ? 'failed' : state.openApprovals.size > 0 ? 'interrupted' : normalizeFinishReason(finishReason ?? 'stop');
    const end: AgentEvent = { type: 'turn-end', finishReason: reason, raw, output: output(finishReason) };
    // A server that keeps snapshots (Genkit behind the AI SDK stream) may name this turn's in the message metadata.
    const snapshotId = isRecord(messageMetadata) ? stringOr(messageMetadata.snapshotId) : undefined;
    if (snapshotId) end.snapshotId = snapshotId;
    if (failure) end.error = failure;
    if (sessionId !== undefined) end.sessionId = sessionId;
    events.push(end);
  }

  function dataEvents(events: AgentEvent[], chunk: Record<string, unknown>, type: string): void {
    if (type === AI_SDK_STATE_PATCH_PART) {
      if (isPatch(chunk.data)) events.push({ type: 'custom-patch', patch: chunk.data });
      else events.push({ type: 'error', error: new AgentChatError('patch-failed', `A ${type} part must carry an array of JSON Patch operations.`, { details: chunk.data }) });
      return;
    }
    if (type === AI_SDK_STATE_PART) {
      events.push({ type: 'custom-snapshot', custom: chunk.data });
      return;
    }
    const id = stringOr(chunk.id);
    const artifact = type === AI_SDK_ARTIFACT_PART ? artifactOf(chunk.data) : undefined;
    if (artifact) {
      // `data-artifact` carrying an artifact is that artifact (name: its own, else the part id).
      events.push({ type: 'artifact-upsert', artifact: artifact.name !== undefined || id === undefined ? artifact : { ...artifact, name: id } });
      return;
    }
    if (id !== undefined) {
      events.push({ type: 'artifact-upsert', artifact: { name: `${type}:${id}`, parts: [{ data: chunk.data }], metadata: { type, id } } });
      return;
    }
    if (chunk.transient === true) {
      events.push({ type: 'passthrough' }); // not kept, but onChunk still sees it
      return;
    }
    addPart(state, events, { data: chunk.data, metadata: { type } }, chunk);
  }

  function chunkEvents(chunk: Record<string, unknown>, type: string, events: AgentEvent[]): void {
    switch (type) {
      case 'start': {
        const id = stringOr(chunk.messageId);
        if (id !== undefined && state.assembled.size === 0) {
          state.messageId = id;
          state.currentKey = null;
        }
        mergeMetadata(chunk.messageMetadata);
        return;
      }
      case 'message-metadata':
        mergeMetadata(chunk.messageMetadata);
        return;
      case 'text-delta':
        streamText(state, events, 'text', stringOr(chunk.delta) ?? '', chunk);
        return;
      case 'reasoning-delta':
        streamText(state, events, 'reasoning', stringOr(chunk.delta) ?? '', chunk);
        return;
      case 'source-url':
      case 'source-document':
        addPart(state, events, { custom: { ...chunk } }, chunk);
        return;
      case 'file': {
        const url = stringOr(chunk.url);
        if (url === undefined) return;
        const contentType = stringOr(chunk.mediaType);
        addPart(state, events, { media: { url, ...(contentType ? { contentType } : {}) } }, chunk);
        return;
      }
      case 'error': {
        const message = stringOr(chunk.errorText) ?? 'The agent reported an error.';
        failure = new AgentChatError('server-error', message, { details: chunk });
        events.push({ type: 'error', error: failure });
        return;
      }
      case 'abort': {
        ended = true;
        const end: AgentEvent = { type: 'turn-end', finishReason: 'aborted', raw: chunk, output: output() };
        if (sessionId !== undefined) end.sessionId = sessionId;
        events.push(end);
        return;
      }
      case 'finish':
        mergeMetadata(chunk.messageMetadata);
        endTurn(events, chunk, stringOr(chunk.finishReason));
        return;
      default:
        if (type.startsWith('tool-')) toolChunkEvents(state, chunk, type, events);
        else if (type.startsWith('data-')) dataEvents(events, chunk, type);
        // text-start/-end, reasoning-start/-end, start-step, finish-step and unknown types: nothing to do
        return;
    }
  }

  return {
    decode(frame: WireFrame): AgentEvent[] {
      if (ended) return [];
      const events: AgentEvent[] = [];
      if (!announced) {
        announced = true;
        events.push({ type: 'session', sessionId: sessionId! });
      }
      if (frame.type === 'malformed') {
        events.push(malformedFrameEvent('a UI message stream chunk', frame));
        return events;
      }
      if (frame.type === 'text') {
        if (frame.text === '[DONE]') endTurn(events, '[DONE]', undefined);
        return events;
      }
      if (isRecord(frame.value) && typeof frame.value.type === 'string') chunkEvents(frame.value, frame.value.type, events);
      return events;
    },
    end(): AgentEvent[] {
      if (ended) return [];
      ended = true;
      const error = failure ?? new AgentChatError('incomplete-stream', 'The UI message stream ended before its finish chunk.');
      const events: AgentEvent[] = [];
      if (!announced) events.push({ type: 'session', sessionId: sessionId! });
      if (!failure) events.push({ type: 'error', error });
      const end: AgentEvent = { type: 'turn-end', finishReason: 'failed', error, raw: { turnEnd: { finishReason: 'failed' } }, output: output() };
      if (sessionId !== undefined) end.sessionId = sessionId;
      events.push(end);
      return events;
    },
  };
}
