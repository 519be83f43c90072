/**
 * The AI SDK's UI message stream, protocol v1 (`x-vercel-ai-ui-message-stream: v1`), as `ai@6` routes produce it
 * (`createUIMessageStream` + `createUIMessageStreamResponse`, `streamText(...).toUIMessageStreamResponse()`).
 *
 * Request (what `DefaultChatTransport` posts): `{id, messages, trigger, messageId?}`.
 *   - `id` is the chat id: the session id; the transport generates one when the chat has none.
 *   - `messages` are UI messages `{id, role, parts, metadata?}` converted from the history plus the new message.
 *     Consecutive model/tool messages form one assistant message (a `step-start` part before each model message);
 *     a tool request and its response form one `tool-<name>` part (`dynamic-tool` when `metadata.dynamic`).
 *     Message ids: the server's `start.messageId` when the message carries it (`metadata.messageId`), else
 *     `<chat id>-<history index>` (stable across turns).
 *   - `trigger` is always 'submit-message'; `messageId` is set when answering tool approvals (the assistant message
 *     whose parts were answered), as `Chat.addToolApprovalResponse` does.
 *   - Answering a `tool-approval-request` (`chat.resume(...)`): the tool part is sent in state 'approval-responded'
 *     with `approval: {id, approved, reason?}` (plus the request's `signature` / `inputSchemaInput` / `descriptor`),
 *     which `convertToModelMessages` turns into a `tool-approval-response` that `streamText` executes or denies.
 *     The answer is read from the tool response's output: `true`/`false`, `{approved, reason?}`, or text ('yes',
 *     'y', 'ok', 'approve', 'approved', 'allow', 'confirm', 'true' approve; anything else denies, with the text as
 *     the reason unless it is a plain 'no'/'deny'/…). Answering a plain tool call (a client-side tool) sends it as
 *     'output-available' with the output, as `addToolOutput` does.
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
import type { Message, Role } from '../model/message.js';
import { isToolRequestPart, isToolResponsePart, type Metadata, type Part, type ToolRequestPart, type ToolResponsePart } from '../model/part.js';
import type { AgentInput } from '../model/chunk.js';
import type { WireFrame } from '../wire/frame.js';
import { isRecord, stringOr, type FrameDecoder } from './decoder.js';

/** The data part type whose `data` is an RFC 6902 patch of the custom state. */
export const AI_SDK_STATE_PATCH_PART = 'data-state-patch';
/** The data part type whose `data` is the whole custom state. */
export const AI_SDK_STATE_PART = 'data-state';

/** One part of a UI message (`{type: 'text', text}`, `{type: 'tool-<name>', toolCallId, state, ...}`, ...). */
export type AiSdkUiPart = { type: string } & Record<string, unknown>;

/** A UI message as AI SDK chat routes receive it. */
export interface AiSdkUiMessage {
  id: string;
  role: 'system' | 'user' | 'assistant';
  parts: AiSdkUiPart[];
  metadata?: unknown;
}

/** The body `DefaultChatTransport` posts. */
export interface AiSdkRequestBody {
  id: string;
  messages: AiSdkUiMessage[];
  trigger: 'submit-message' | 'regenerate-message';
  messageId?: string;
}

/** What an AI SDK request is built from. */
export interface AiSdkTurnContext {
  input: AgentInput;
  history: readonly Message[];
}

// ---------------------------------------------------------------------------------------------------------------
// Request

const APPROVE = new Set(['yes', 'y', 'ok', 'okay', 'approve', 'approved', 'allow', 'allowed', 'confirm', 'confirmed', 'true', 'accept', 'accepted']);
const DENY = new Set(['no', 'n', 'deny', 'denied', 'reject', 'rejected', 'false', 'cancel', 'decline', 'declined']);

/** Reads an approval answer: `true`/`false`, `{approved, reason?}`, or text (unrecognized text denies). */
export function approvalDecision(output: unknown): { approved: boolean; reason?: string } {
  if (typeof output === 'boolean') return { approved: output };
  if (isRecord(output) && typeof output.approved === 'boolean') {
    const reason = stringOr(output.reason);
    return reason !== undefined ? { approved: output.approved, reason } : { approved: output.approved };
  }
  if (typeof output === 'string') {
    const word = output.trim().toLowerCase().replace(/[.!]+$/, '');
    if (APPROVE.has(word)) return { approved: true };
    if (DENY.has(word) || word === '') return { approved: false };
    return { approved: false, reason: output };
  }
  return { approved: false };
}

interface ApprovalRequest {
  approvalId: string;
  descriptor?: unknown;
  inputSchemaInput?: unknown;
  signature?: string;
}

/** The approval request an interrupt part carries, if it is one. */
function approvalOf(part: ToolRequestPart): ApprovalRequest | undefined {
  const interrupt = part.metadata?.interrupt;
  return isRecord(interrupt) && typeof interrupt.approvalId === 'string' ? (interrupt as unknown as ApprovalRequest) : undefined;
}

function uiApproval(approval: ApprovalRequest): Record<string, unknown> {
  const result: Record<string, unknown> = { id: approval.approvalId };
  if (approval.descriptor !== undefined) result.descriptor = approval.descriptor;
  if (Object.prototype.hasOwnProperty.call(approval, 'inputSchemaInput')) result.inputSchemaInput = approval.inputSchemaInput;
  if (approval.signature !== undefined) result.signature = approval.signature;
  return result;
}

/** A data part's wire type, kept in `metadata.type` when it was decoded from one. */
function dataType(part: Part): string | undefined {
  const type = part.metadata?.type;
  return typeof type === 'string' && type.startsWith('data-') ? type : undefined;
}

/** Non-tool parts as UI parts (undefined: not representable). */
function plainUiPart(part: Part): AiSdkUiPart | undefined {
  if ('text' in part && typeof part.text === 'string') return { type: 'text', text: part.text };
  if ('reasoning' in part && typeof part.reasoning === 'string') return { type: 'reasoning', text: part.reasoning };
  if ('media' in part && isRecord(part.media)) {
    return { type: 'file', mediaType: part.media.contentType ?? 'application/octet-stream', url: part.media.url };
  }
  if ('data' in part) {
    const type = dataType(part);
    return type ? { type, data: part.data } : undefined;
  }
  if ('custom' in part && isRecord(part.custom) && typeof part.custom.type === 'string' && part.custom.type.startsWith('source-')) {
    return part.custom as AiSdkUiPart;
  }
  return undefined;
}

function toolUiPart(part: ToolRequestPart, fallbackId: string): AiSdkUiPart {
  const { name, ref, input } = part.toolRequest;
  const metadata = part.metadata ?? {};
  const dynamic = metadata.dynamic === true;
  const ui: AiSdkUiPart = dynamic ? { type: 'dynamic-tool', toolName: name } : { type: `tool-${name}` };
  ui.toolCallId = ref ?? fallbackId;
  if (typeof metadata.title === 'string') ui.title = metadata.title;
  if (metadata.providerExecuted === true) ui.providerExecuted = true;
  const approval = approvalOf(part);
  if (part.toolRequest.partial) {
    ui.state = 'input-streaming';
    if (input !== undefined) ui.input = input;
  } else if (approval) {
    ui.state = 'approval-requested';
    ui.input = input;
    ui.approval = uiApproval(approval);
  } else {
    ui.state = 'input-available';
    ui.input = input;
  }
  return ui;
}

function applyToolResponse(ui: AiSdkUiPart, response: ToolResponsePart): void {
  const metadata = response.metadata ?? {};
  const approval = isRecord(ui.approval) ? ui.approval : undefined;
  if (ui.input === undefined) ui.input = {};
  if (metadata.denied === true) {
    ui.state = 'output-denied';
    ui.approval = { ...(approval ?? { id: '' }), approved: false };
    if (typeof metadata.reason === 'string') (ui.approval as Record<string, unknown>).reason = metadata.reason;
    return;
  }
  if (metadata.isError === true) {
    ui.state = 'output-error';
    const output = response.toolResponse.output;
    ui.errorText = typeof output === 'string' ? output : JSON.stringify(output ?? 'Tool failed.');
  } else {
    ui.state = 'output-available';
    ui.output = response.toolResponse.output;
  }
  if (approval) ui.approval = { ...approval, approved: true };
}

function metadataString(message: Message, key: string): string | undefined {
  return stringOr(message.metadata?.[key]);
}

/**
 * Converts the canonical history into AI SDK UI messages: user/system messages one to one; runs of model and tool
 * messages into one assistant message (a new one when the server's message id changes).
 */
export function toAiSdkUiMessages(history: readonly Message[], chatId: string): AiSdkUiMessage[] {
  const messages: AiSdkUiMessage[] = [];
  let assistant: { message: AiSdkUiMessage; serverId: string | undefined; tools: Map<string, AiSdkUiPart> } | null = null;
  history.forEach((message, index) => {
    if (message.role === 'user' || message.role === 'system') {
      assistant = null;
      const parts = message.content.map(plainUiPart).filter((part): part is AiSdkUiPart => part !== undefined);
      messages.push({ id: `${chatId}-${index}`, role: message.role, parts });
      return;
    }
    const serverId = message.role === 'model' ? metadataString(message, 'messageId') : undefined;
    if (!assistant || (serverId !== undefined && assistant.serverId !== undefined && serverId !== assistant.serverId)) {
      const created: AiSdkUiMessage = { id: serverId ?? `${chatId}-${index}`, role: 'assistant', parts: [] };
      messages.push(created);
      assistant = { message: created, serverId, tools: new Map() };
    } else if (serverId !== undefined && assistant.serverId === undefined) {
      assistant.serverId = serverId;
      assistant.message.id = serverId;
    }
    const group = assistant;
    if (message.role === 'model' && message.metadata?.messageMetadata !== undefined) group.message.metadata = message.metadata.messageMetadata;
    if (message.role === 'model') group.message.parts.push({ type: 'step-start' });
    message.content.forEach((part, partIndex) => {
      if (isToolRequestPart(part)) {
        const ui = toolUiPart(part, `${chatId}-${index}-${partIndex}`);
        const known = group.tools.get(ui.toolCallId as string);
        if (known) Object.assign(known, ui);
        else {
          group.tools.set(ui.toolCallId as string, ui);
          group.message.parts.push(ui);
        }
      } else if (isToolResponsePart(part)) {
        const ref = part.toolResponse.ref;
        let ui = ref !== undefined ? group.tools.get(ref) : undefined;
        if (!ui) {
          // A response whose request is not in this assistant message: keep it as a call with its result.
          ui = toolUiPart({ toolRequest: { name: part.toolResponse.name, ...(ref !== undefined ? { ref } : {}), input: {} } }, `${chatId}-${index}-${partIndex}`);
          group.tools.set(ui.toolCallId as string, ui);
          group.message.parts.push(ui);
        }
        applyToolResponse(ui, part);
      } else {
        const ui = plainUiPart(part);
        if (ui) group.message.parts.push(ui);
      }
    });
  });
  return messages;
}

/**
 * Applies tool answers to the UI messages: an approval request becomes 'approval-responded', a plain tool call
 * 'output-available'. Returns the id of the last assistant message that was answered.
 */
function applyAnswers(messages: AiSdkUiMessage[], answers: readonly ToolResponsePart[]): string | undefined {
  let answered: string | undefined;
  for (const answer of answers) {
    const { ref, name } = answer.toolResponse;
    search: for (let m = messages.length - 1; m >= 0; m--) {
      const message = messages[m]!;
      if (message.role !== 'assistant') continue;
      for (const part of message.parts) {
        if (typeof part.toolCallId !== 'string') continue;
        const partName = part.type === 'dynamic-tool' ? part.toolName : part.type.slice('tool-'.length);
        const matches = ref !== undefined ? part.toolCallId === ref : partName === name && (part.state === 'approval-requested' || part.state === 'input-available');
        if (!matches) continue;
        if (part.state === 'approval-requested' && isRecord(part.approval)) {
          const decision = approvalDecision(answer.toolResponse.output);
          part.state = 'approval-responded';
          part.approval = { ...part.approval, approved: decision.approved, ...(decision.reason !== undefined ? { reason: decision.reason } : {}) };
        } else if (part.state === 'input-available' || part.state === 'input-streaming') {
          part.state = 'output-available';
          part.output = answer.toolResponse.output;
          if (part.input === undefined) part.input = {};
        }
        answered = message.id;
        break search;
      }
    }
  }
  return answered;
}

/**
 * The body of one turn for an AI SDK chat route: `{id, messages, trigger, messageId?}`.
 * `chatId` is the session id (the transport generates one for a new chat).
 */
export function buildAiSdkRequestBody(context: AiSdkTurnContext, chatId: string): AiSdkRequestBody {
  const messages = toAiSdkUiMessages(context.history, chatId);
  const answers = context.input.resume?.respond ?? [];
  const answered = answers.length > 0 ? applyAnswers(messages, answers) : undefined;
  if (context.input.message) {
    const [message] = toAiSdkUiMessages([context.input.message], chatId);
    if (message) {
      message.id = `${chatId}-${context.history.length}`;
      messages.push(message);
    }
  }
  const body: AiSdkRequestBody = { id: chatId, messages, trigger: 'submit-message' };
  if (answered !== undefined && !context.input.message) body.messageId = answered;
  return body;
}

// ---------------------------------------------------------------------------------------------------------------
// Stream

interface Assembled {
  role: Role;
  content: Part[];
}

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
  let messageId: string | undefined;
  let messageMetadata: unknown;
  let segment = 0;
  let toolSinceContent = false;
  /** The messages this response streamed into, in creation order, as the reducer builds them. */
  const assembled = new Map<string, Assembled>();
  const calls = new Map<string, { name: string; input?: unknown; key?: string; metadata?: Metadata; inputText?: string; textEncoded?: boolean }>();
  const openApprovals = new Set<string>();

  for (const message of options.history ?? []) {
    for (const part of message.content) {
      if (isToolRequestPart(part) && part.toolRequest.ref !== undefined) {
        calls.set(part.toolRequest.ref, { name: part.toolRequest.name, input: part.toolRequest.input });
      }
    }
  }

  const base = () => `ai:${messageId ?? 'response'}`;
  let currentKey: string | null = null; // `${base()}#${segment}`, cached: text deltas ask for it every time
  /** The key of the model message new content goes to; content after a tool result opens the next one. */
  function contentKey(): string {
    if (toolSinceContent) {
      segment++;
      toolSinceContent = false;
      currentKey = null;
    }
    return (currentKey ??= `${base()}#${segment}`);
  }

  function record(key: string, role: Role): Assembled {
    let message = assembled.get(key);
    if (!message) {
      message = { role, content: [] };
      assembled.set(key, message);
    }
    return message;
  }

  function appendText(key: string, text: string, kind: 'text' | 'reasoning'): void {
    const content = record(key, 'model').content;
    const last = content[content.length - 1];
    // Text parts are this decoder's own objects until the turn's message-complete hands them over: grow in place.
    if (last && !last.metadata) {
      if (kind === 'text' && 'text' in last) {
        last.text += text;
        return;
      }
      if (kind === 'reasoning' && 'reasoning' in last) {
        last.reasoning += text;
        return;
      }
    }
    content.push(kind === 'text' ? { text } : { reasoning: text });
  }

  /** Same call (same ref and name) replaces, keeping metadata (the interrupt marker) — as the reducer does. */
  function upsertTool(key: string, role: Role, part: ToolRequestPart | ToolResponsePart): void {
    const content = record(key, role).content;
    const call = 'toolRequest' in part ? part.toolRequest : part.toolResponse;
    const index = content.findIndex((existing) => {
      const other = 'toolRequest' in part ? (isToolRequestPart(existing) ? existing.toolRequest : undefined) : (isToolResponsePart(existing) ? existing.toolResponse : undefined);
      return other !== undefined && (call.ref !== undefined || other.ref !== undefined) && other.ref === call.ref && other.name === call.name;
    });
    if (index < 0) {
      content.push(part);
      return;
    }
    const previous = content[index]!;
    const metadata = previous.metadata || part.metadata ? { ...previous.metadata, ...part.metadata } : undefined;
    content[index] = metadata ? { ...part, metadata } : part;
  }

  function text(events: AgentEvent[], kind: 'text' | 'reasoning', delta: string, source: unknown): void {
    if (delta === '') return;
    const messageKey = contentKey();
    appendText(messageKey, delta, kind);
    events.push({ type: kind === 'text' ? 'text-delta' : 'reasoning-delta', text: delta, role: 'model', messageKey, source });
  }

  function addPart(events: AgentEvent[], part: Part, source: unknown): void {
    const messageKey = contentKey();
    record(messageKey, 'model').content.push(part);
    events.push({ type: 'part-add', part, role: 'model', messageKey, source });
  }

  function toolMetadata(chunk: Record<string, unknown>): Metadata | undefined {
    const metadata: Metadata = {};
    if (chunk.providerExecuted === true) metadata.providerExecuted = true;
    if (chunk.dynamic === true) metadata.dynamic = true;
    if (typeof chunk.title === 'string') metadata.title = chunk.title;
    if (isRecord(chunk.toolMetadata)) metadata.toolMetadata = chunk.toolMetadata;
    return Object.keys(metadata).length > 0 ? metadata : undefined;
  }

  function request(events: AgentEvent[], toolCallId: string, source: unknown, partial: boolean, interrupt?: ApprovalRequest): ToolRequestPart {
    const call = calls.get(toolCallId) ?? { name: 'tool' };
    calls.set(toolCallId, call);
    call.key ??= contentKey();
    const toolRequest: ToolRequestPart['toolRequest'] = { name: call.name, ref: toolCallId };
    if (call.input !== undefined) toolRequest.input = call.input;
    if (partial) toolRequest.partial = true;
    const metadata = interrupt ? { ...call.metadata, interrupt } : call.metadata;
    const part: ToolRequestPart = metadata ? { toolRequest, metadata } : { toolRequest };
    upsertTool(call.key, 'model', part);
    events.push({ type: 'tool-request', part, role: 'model', messageKey: call.key, source });
    return part;
  }

  function response(events: AgentEvent[], toolCallId: string, source: unknown, output: { value?: unknown }, metadata?: Metadata): void {
    const call = calls.get(toolCallId);
    openApprovals.delete(toolCallId);
    const toolResponse: ToolResponsePart['toolResponse'] = { name: call?.name ?? 'tool', ref: toolCallId };
    if ('value' in output) toolResponse.output = output.value;
    const part: ToolResponsePart = metadata ? { toolResponse, metadata } : { toolResponse };
    const messageKey = `${call?.key ?? `${base()}#${segment}`}:tool`;
    upsertTool(messageKey, 'tool', part);
    toolSinceContent = true;
    events.push({ type: 'tool-response', part, role: 'tool', messageKey, source });
  }

  function messageMetadataOf(): Metadata | undefined {
    const metadata: Metadata = {};
    if (messageId !== undefined) metadata.messageId = messageId;
    if (messageMetadata !== undefined) metadata.messageMetadata = messageMetadata;
    return Object.keys(metadata).length > 0 ? metadata : undefined;
  }

  function mergeMetadata(value: unknown): void {
    if (value === undefined || value === null) return;
    messageMetadata = isRecord(value) && isRecord(messageMetadata) ? { ...messageMetadata, ...value } : value;
  }

  function output(finishReason?: string): Record<string, unknown> {
    return {
      ...(messageId !== undefined ? { messageId } : {}),
      ...(messageMetadata !== undefined ? { messageMetadata } : {}),
      ...(finishReason !== undefined ? { finishReason } : {}),
    };
  }

  function endTurn(events: AgentEvent[], raw: unknown, finishReason: string | undefined): void {
    ended = true;
    const metadata = messageMetadataOf();
    let first = true;
    // A failed turn leaves its messages partial (status 'failed'): completing them would mark them done.
    if (!failure) for (const [messageKey, message] of assembled) {
      const complete: Message = { role: message.role, content: message.content };
      if (metadata && message.role === 'model' && first) complete.metadata = metadata;
      if (message.role === 'model') first = false;
      events.push({ type: 'message-complete', message: complete, messageKey });
    }
    const reason = failure ? 'failed' : openApprovals.size > 0 ? 'interrupted' : normalizeFinishReason(finishReason ?? 'stop');
    const end: AgentEvent = { type: 'turn-end', finishReason: reason, raw, output: output(finishReason) };
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
    if (id !== undefined) {
      events.push({ type: 'artifact-upsert', artifact: { name: `${type}:${id}`, parts: [{ data: chunk.data }], metadata: { type, id } } });
      return;
    }
    if (chunk.transient === true) {
      events.push({ type: 'passthrough' }); // not kept, but onChunk still sees it
      return;
    }
    addPart(events, { data: chunk.data, metadata: { type } }, chunk);
  }

  function chunkEvents(chunk: Record<string, unknown>, type: string, events: AgentEvent[]): void {
    switch (type) {
      case 'start': {
        const id = stringOr(chunk.messageId);
        if (id !== undefined && assembled.size === 0) {
          messageId = id;
          currentKey = null;
        }
        mergeMetadata(chunk.messageMetadata);
        return;
      }
      case 'message-metadata':
        mergeMetadata(chunk.messageMetadata);
        return;
      case 'text-delta':
        text(events, 'text', stringOr(chunk.delta) ?? '', chunk);
        return;
      case 'reasoning-delta':
        text(events, 'reasoning', stringOr(chunk.delta) ?? '', chunk);
        return;
      case 'tool-input-start': {
        const id = stringOr(chunk.toolCallId);
        if (id === undefined) return;
        const metadata = toolMetadata(chunk);
        calls.set(id, { name: stringOr(chunk.toolName) ?? 'tool', inputText: '', textEncoded: chunk.inputEncoding === 'text', ...(metadata ? { metadata } : {}) });
        request(events, id, chunk, true);
        return;
      }
      case 'tool-input-delta': {
        const id = stringOr(chunk.toolCallId);
        const call = id !== undefined ? calls.get(id) : undefined;
        if (!call || id === undefined) return;
        call.inputText = (call.inputText ?? '') + (stringOr(chunk.inputTextDelta) ?? '');
        if (call.textEncoded) call.input = call.inputText;
        else {
          try {
            call.input = JSON.parse(call.inputText);
          } catch {
            return; // not a whole JSON value yet: the part keeps the input it had
          }
        }
        request(events, id, chunk, true);
        return;
      }
      case 'tool-input-available':
      case 'tool-input-error': {
        const id = stringOr(chunk.toolCallId);
        if (id === undefined) return;
        const known = calls.get(id);
        const metadata = toolMetadata(chunk) ?? known?.metadata;
        calls.set(id, { name: stringOr(chunk.toolName) ?? known?.name ?? 'tool', input: chunk.input, ...(known?.key ? { key: known.key } : {}), ...(metadata ? { metadata } : {}) });
        request(events, id, chunk, false);
        if (type === 'tool-input-error') response(events, id, chunk, { value: stringOr(chunk.errorText) ?? 'Invalid tool input.' }, { isError: true });
        return;
      }
      case 'tool-approval-request': {
        const id = stringOr(chunk.toolCallId);
        const approvalId = stringOr(chunk.approvalId);
        if (id === undefined || approvalId === undefined) return;
        const interrupt: ApprovalRequest = { approvalId };
        if (chunk.approvalDescriptor !== undefined) interrupt.descriptor = chunk.approvalDescriptor;
        if (Object.prototype.hasOwnProperty.call(chunk, 'inputSchemaInput')) interrupt.inputSchemaInput = chunk.inputSchemaInput;
        const signature = stringOr(chunk.signature);
        if (signature !== undefined) interrupt.signature = signature;
        openApprovals.add(id);
        const part = request(events, id, chunk, false, interrupt);
        events.push({ type: 'interrupt-request', parts: [part] });
        return;
      }
      case 'tool-output-available': {
        const id = stringOr(chunk.toolCallId);
        if (id !== undefined) response(events, id, chunk, { value: chunk.output });
        return;
      }
      case 'tool-output-error': {
        const id = stringOr(chunk.toolCallId);
        if (id !== undefined) response(events, id, chunk, { value: stringOr(chunk.errorText) ?? 'Tool failed.' }, { isError: true });
        return;
      }
      case 'tool-output-denied': {
        const id = stringOr(chunk.toolCallId);
        if (id !== undefined) response(events, id, chunk, {}, { denied: true });
        return;
      }
      case 'source-url':
      case 'source-document':
        addPart(events, { custom: { ...chunk } }, chunk);
        return;
      case 'file': {
        const url = stringOr(chunk.url);
        if (url === undefined) return;
        const contentType = stringOr(chunk.mediaType);
        addPart(events, { media: { url, ...(contentType ? { contentType } : {}) } }, chunk);
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
        if (type.startsWith('data-')) dataEvents(events, chunk, type);
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
        events.push({ type: 'error', error: new AgentChatError('malformed-frame', `Could not parse a UI message stream chunk: ${frame.reason}`, { details: frame.text }) });
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
