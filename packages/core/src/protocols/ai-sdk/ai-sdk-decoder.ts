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
 *   source-url / source-document            part-add {source: {url, title?}} / {source: {documentId: sourceId, title,
 *                                           mediaType}}, `sourceId` (and `filename`) in the part's metadata
 *   data-suggestions {data: string[]}       suggestions (follow-up prompts offered after the turn), transient or not
 *   data-a2ui {data: message | message[]}   an A2UI part {custom: {a2ui: message}} per message into the message,
 *                                           transient or not, with or without id (a surface is content, not an artifact)
 *   file {url, mediaType}                   part-add {media: {url, contentType}}
 *   message-metadata                        merged into the message metadata; its `usage` or `totalUsage`
 *                                           ({inputTokens, outputTokens, totalTokens}) is the turn's usage, at finish
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
import { AgentChatError } from '../../model/error.js';
import type { AgentEvent, JsonPatchOperation } from '../../model/events.js';
import { normalizeFinishReason, type FinishReason } from '../../model/finish-reason.js';
import type { Message } from '../../model/message.js';
import type { WireFrame } from '../../wire/frame.js';
import { createAiSdkStreamState } from './ai-sdk-stream-state.js';
import { artifactOf, malformedFrameEvent, suggestionsOf, usageOf } from '../../wire/decoder-helpers.js';
import { aiSdkSourcePart } from './ai-sdk-sources.js';
import { AI_SDK_A2UI_PART, aiSdkA2uiParts } from './ai-sdk-a2ui.js';
import type { FrameDecoder } from '../../transport/transport.js';
import { isRecord, stringOr } from '../../util/guards.js';

/** The data part type whose `data` is an RFC 6902 patch of the custom state. */
export const AI_SDK_STATE_PATCH_PART = 'data-state-patch';
/** The data part type whose `data` is the whole custom state. */
export const AI_SDK_STATE_PART = 'data-state';
/** The data part type whose `data` is an artifact `{name?, parts, metadata?}` (same name replaces). */
export const AI_SDK_ARTIFACT_PART = 'data-artifact';
/** The data part type whose `data` is a list of follow-up prompts the agent suggests (`ChatState.suggestions`). */
export const AI_SDK_SUGGESTIONS_PART = 'data-suggestions';

/** Options of {@link createAiSdkDecoder}. */
export interface AiSdkDecoderOptions {
  /** The chat id the request used: announced as the session id and put on the turn end. */
  sessionId?: string;
  /** The history sent, so results of earlier tool calls (an approved call) get their tool's name. */
  history?: readonly Message[];
}

type TurnEnd = Extract<AgentEvent, { type: 'turn-end' }>;

const isPatch = (value: unknown): value is JsonPatchOperation[] => Array.isArray(value) && value.every((op) => isRecord(op) && typeof op.op === 'string');

/** Decodes AI SDK UI message stream chunks (see the top of this file). */
export function createAiSdkDecoder(options: AiSdkDecoderOptions = {}): FrameDecoder {
  const sessionId = options.sessionId;
  let announced = sessionId === undefined;
  let ended = false;
  let failure: AgentChatError | null = null;
  let messageMetadata: unknown;
  const state = createAiSdkStreamState(options.history ?? []);

  /** The turn's output: the response message's id and metadata, and the wire finish reason. */
  function output(finishReason?: string): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    if (state.messageId !== undefined) result.messageId = state.messageId;
    if (messageMetadata !== undefined) result.messageMetadata = messageMetadata;
    if (finishReason !== undefined) result.finishReason = finishReason;
    return result;
  }

  function mergeMetadata(value: unknown): void {
    if (value === undefined || value === null) return;
    messageMetadata = isRecord(value) && isRecord(messageMetadata) ? { ...messageMetadata, ...value } : value;
  }

  /** The turn-end event (`wireReason`: the finish chunk's own reason, for the output); the decoder ignores what follows it. */
  function turnEnd(finishReason: FinishReason, raw: unknown, fields: Partial<TurnEnd> = {}, wireReason?: string): AgentEvent {
    ended = true;
    return { type: 'turn-end', finishReason, raw, output: output(wireReason), ...fields, ...(sessionId !== undefined ? { sessionId } : {}) };
  }

  /** `finish` or `[DONE]`: a message-complete per message (unless the turn failed), then the turn-end. */
  function finish(events: AgentEvent[], raw: unknown, finishReason: string | undefined): void {
    const metadata = output();
    const usage = isRecord(messageMetadata) ? usageOf(messageMetadata.usage) ?? usageOf(messageMetadata.totalUsage) : undefined;
    if (usage) events.push({ type: 'usage', usage });
    let first = true;
    // A failed turn leaves its messages partial (status 'failed'): completing them would mark them done.
    if (!failure) for (const [messageKey, { role, content }] of state.assembled) {
      const message: Message = { role, content };
      if (role === 'model' && first) {
        first = false;
        if (Object.keys(metadata).length > 0) message.metadata = metadata;
      }
      events.push({ type: 'message-complete', message, messageKey });
    }
    // A server that keeps snapshots (Genkit behind the AI SDK stream) may name this turn's in the message metadata.
    const snapshotId = isRecord(messageMetadata) ? stringOr(messageMetadata.snapshotId) : undefined;
    const reason = failure ? 'failed' : state.openApprovals.size > 0 ? 'interrupted' : normalizeFinishReason(finishReason ?? 'stop');
    events.push(turnEnd(reason, raw, { ...(snapshotId ? { snapshotId } : {}), ...(failure ? { error: failure } : {}) }, finishReason));
  }

  function dataEvents(events: AgentEvent[], chunk: Record<string, unknown>, type: string): void {
    const { data } = chunk;
    const id = stringOr(chunk.id);
    const artifact = type === AI_SDK_ARTIFACT_PART ? artifactOf(data) : undefined;
    const suggestions = type === AI_SDK_SUGGESTIONS_PART ? suggestionsOf(data) : undefined;
    if (suggestions) {
      events.push({ type: 'suggestions', suggestions });
    } else if (type === AI_SDK_A2UI_PART) {
      for (const part of aiSdkA2uiParts(data)) state.addPart(events, part, chunk);
    } else if (type === AI_SDK_STATE_PATCH_PART) {
      events.push(isPatch(data)
        ? { type: 'custom-patch', patch: data }
        : { type: 'error', error: new AgentChatError('patch-failed', `A ${type} part must carry an array of JSON Patch operations.`, { details: data }) });
    } else if (type === AI_SDK_STATE_PART) {
      events.push({ type: 'custom-snapshot', custom: data });
    } else if (artifact) {
      // `data-artifact` carrying an artifact is that artifact (name: its own, else the part id).
      events.push({ type: 'artifact-upsert', artifact: artifact.name !== undefined || id === undefined ? artifact : { ...artifact, name: id } });
    } else if (id !== undefined) {
      events.push({ type: 'artifact-upsert', artifact: { name: `${type}:${id}`, parts: [{ data }], metadata: { type, id } } });
    } else if (chunk.transient === true) {
      events.push({ type: 'passthrough' }); // not kept, but onChunk still sees it
    } else {
      state.addPart(events, { data, metadata: { type } }, chunk);
    }
  }

  function chunkEvents(chunk: Record<string, unknown>, type: string, events: AgentEvent[]): void {
    switch (type) {
      case 'start': {
        const id = stringOr(chunk.messageId);
        if (id !== undefined) state.start(id);
        return mergeMetadata(chunk.messageMetadata);
      }
      case 'message-metadata':
        return mergeMetadata(chunk.messageMetadata);
      case 'text-delta':
      case 'reasoning-delta':
        return state.streamText(events, type === 'text-delta' ? 'text' : 'reasoning', stringOr(chunk.delta) ?? '', chunk);
      case 'source-url':
      case 'source-document': {
        const part = aiSdkSourcePart(chunk);
        if (part) state.addPart(events, part, chunk);
        return;
      }
      case 'file': {
        const url = stringOr(chunk.url);
        const contentType = stringOr(chunk.mediaType);
        if (url !== undefined) state.addPart(events, { media: { url, ...(contentType ? { contentType } : {}) } }, chunk);
        return;
      }
      case 'error':
        failure = new AgentChatError('server-error', stringOr(chunk.errorText) ?? 'The agent reported an error.', { details: chunk });
        events.push({ type: 'error', error: failure });
        return;
      case 'abort':
        events.push(turnEnd('aborted', chunk));
        return;
      case 'finish':
        mergeMetadata(chunk.messageMetadata);
        return finish(events, chunk, stringOr(chunk.finishReason));
      default:
        if (type.startsWith('tool-')) state.toolChunk(events, chunk, type);
        else if (type.startsWith('data-')) dataEvents(events, chunk, type);
        // text-start/-end, reasoning-start/-end, start-step, finish-step and unknown types: nothing to do
        return;
    }
  }

  /** The session event, before the first event of the stream. */
  function announce(events: AgentEvent[]): AgentEvent[] {
    if (!announced) events.push({ type: 'session', sessionId: sessionId! });
    announced = true;
    return events;
  }

  return {
    decode(frame: WireFrame): AgentEvent[] {
      if (ended) return [];
      const events = announce([]);
      if (frame.type === 'malformed') events.push(malformedFrameEvent('a UI message stream chunk', frame));
      else if (frame.type === 'text') {
        if (frame.text === '[DONE]') finish(events, '[DONE]', undefined);
      } else if (isRecord(frame.value) && typeof frame.value.type === 'string') chunkEvents(frame.value, frame.value.type, events);
      return events;
    },
    end(): AgentEvent[] {
      if (ended) return [];
      const events = announce([]);
      const error = failure ?? new AgentChatError('incomplete-stream', 'The UI message stream ended before its finish chunk.');
      if (!failure) events.push({ type: 'error', error });
      events.push(turnEnd('failed', { turnEnd: { finishReason: 'failed' } }, { error }));
      return events;
    },
  };
}
