import { AgentChatError } from '../model/error.js';
import type { AgentEvent, JsonPatchOperation } from '../model/events.js';
import type { FinishReason } from '../model/finish-reason.js';
import type { AgentInput } from '../model/chunk.js';
import type { Message, Role } from '../model/message.js';
import {
  isReasoningPart,
  isTextPart,
  isToolRequestPart,
  isToolResponsePart,
  textOf,
  type Media,
  type Part,
  type ToolRequestPart,
  type ToolResponsePart,
} from '../model/part.js';
import type { WireFrame } from '../wire/frame.js';
import { isRecord, stringOr, type FrameDecoder } from './decoder.js';

/** The AG-UI protocol version this dialect speaks (sent as `RunAgentInput.protocolVersion`). */
export const AGUI_PROTOCOL_VERSION = '1.0';

// ── Wire shapes (AG-UI 1.0), declared here so that the core has no dependency on @ag-ui/* ─────────────────────────

/** Where a media part's bytes are: inline (base64) or at a URL. */
export type AguiPartSource = { type: 'data'; value: string; mimeType: string } | { type: 'url'; value: string; mimeType?: string };
/** One part of a user or tool message body. */
export type AguiContentPart =
  | { type: 'text'; text: string }
  | { type: 'image' | 'audio' | 'video' | 'document'; source: AguiPartSource };
/** A call an assistant message made; `arguments` is JSON text. */
export interface AguiToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}
/** The AG-UI messages this dialect sends. */
export type AguiMessage =
  | { id: string; role: 'user'; content: string | AguiContentPart[] }
  | { id: string; role: 'system'; content: string }
  | { id: string; role: 'assistant'; content?: string; toolCalls?: AguiToolCall[] }
  | { id: string; role: 'tool'; content: string; toolCallId: string };
/** An answer to one interrupt, by its id. */
export interface AguiResumeEntry {
  interruptId: string;
  status: 'resolved' | 'cancelled';
  payload?: unknown;
}
/** The body of one AG-UI run: `RunAgentInput`. */
export interface AguiRunAgentInput {
  threadId: string;
  runId: string;
  protocolVersion: string;
  messages: AguiMessage[];
  tools: unknown[];
  context: unknown[];
  state: unknown;
  forwardedProps: Record<string, unknown>;
  resume?: AguiResumeEntry[];
}

// ── Ids ────────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A random UUID: `crypto.randomUUID` where there is one, else a v4 UUID from `getRandomValues` or `Math.random`. */
export function randomId(): string {
  const cryptoApi = (globalThis as { crypto?: { randomUUID?: () => string; getRandomValues?: (array: Uint8Array) => Uint8Array } }).crypto;
  try {
    if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  } catch {
    // insecure context: fall through
  }
  const bytes = new Uint8Array(16);
  if (typeof cryptoApi?.getRandomValues === 'function') cryptoApi.getRandomValues(bytes);
  else for (let index = 0; index < 16; index++) bytes[index] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The AG-UI id a message of ours carries (`metadata.agui.messageId`, set by the decoder). */
export function aguiMessageIdOf(message: Message): string | undefined {
  const agui = message.metadata?.agui;
  return isRecord(agui) ? stringOr(agui.messageId) : undefined;
}

/** The id of the interrupt a part stands for: `metadata.interrupt.id`, else the part's `ref`. */
export function aguiInterruptIdOf(part: ToolRequestPart): string | undefined {
  const interrupt = part.metadata?.interrupt;
  return (isRecord(interrupt) ? stringOr(interrupt.id) : undefined) ?? part.toolRequest.ref;
}

// ── Canonical → AG-UI (requests) ───────────────────────────────────────────────────────────────────────────────────

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*);base64,(.*)$/s;

function mediaToContentPart(media: Media): AguiContentPart {
  const match = DATA_URL.exec(media.url);
  const mimeType = media.contentType ?? (match?.[1] || undefined);
  const type = mimeType?.startsWith('image/') ? 'image' : mimeType?.startsWith('audio/') ? 'audio' : mimeType?.startsWith('video/') ? 'video' : 'document';
  const source: AguiPartSource = match
    ? { type: 'data', value: match[3]!, mimeType: mimeType ?? 'application/octet-stream' }
    : { type: 'url', value: media.url, ...(mimeType ? { mimeType } : {}) };
  return { type, source };
}

function userContent(parts: readonly Part[]): string | AguiContentPart[] {
  const out: AguiContentPart[] = [];
  let onlyText = true;
  for (const part of parts) {
    if (isTextPart(part)) out.push({ type: 'text', text: part.text });
    else if ('media' in part && isRecord(part.media)) {
      onlyText = false;
      out.push(mediaToContentPart(part.media));
    } else if ('data' in part) out.push({ type: 'text', text: JSON.stringify(part.data) });
  }
  return onlyText ? out.map((part) => (part as { text: string }).text).join('') : out;
}

function toolOutputText(output: unknown): string {
  if (typeof output === 'string') return output;
  return output === undefined ? '' : JSON.stringify(output);
}

/** Tool-call arguments as JSON text; a string input is arguments that never parsed, sent back as written. */
function toolArguments(input: unknown): string {
  if (typeof input === 'string') return input;
  return JSON.stringify(input ?? {});
}

/**
 * Canonical messages as AG-UI messages. Ids: the message's own AG-UI id when it came from an AG-UI stream
 * (`metadata.agui.messageId`), else `<threadId>:<index>` — stable across turns, so a server reconciling by id sees
 * the same conversation every time. A `tool` message becomes one AG-UI tool message per tool response; reasoning parts
 * are not sent back.
 */
export function toAguiMessages(messages: readonly Message[], threadId: string): AguiMessage[] {
  const out: AguiMessage[] = [];
  const callIdsByName = new Map<string, string>();
  const toolMessages = (id: string, parts: readonly ToolResponsePart[]) => {
    parts.forEach((part, index) => {
      const { name, ref, output } = part.toolResponse;
      const toolCallId = ref ?? callIdsByName.get(name) ?? `${id}:call`;
      out.push({ id: index === 0 ? id : `${id}:${index}`, role: 'tool', toolCallId, content: toolOutputText(output) });
    });
  };
  messages.forEach((message, index) => {
    const id = aguiMessageIdOf(message) ?? `${threadId}:${index}`;
    switch (message.role) {
      case 'user':
        out.push({ id, role: 'user', content: userContent(message.content) });
        toolMessages(`${id}:tool`, message.content.filter(isToolResponsePart));
        return;
      case 'system':
        out.push({ id, role: 'system', content: textOf(message.content) });
        return;
      case 'tool':
        toolMessages(id, message.content.filter(isToolResponsePart));
        return;
      case 'model': {
        const text = textOf(message.content);
        const toolCalls = message.content.filter(isToolRequestPart).map((part, callIndex): AguiToolCall => {
          const { name, ref, input } = part.toolRequest;
          const callId = ref ?? `${id}:call${callIndex}`;
          callIdsByName.set(name, callId);
          return { id: callId, type: 'function', function: { name, arguments: toolArguments(input) } };
        });
        if (text !== '' || toolCalls.length > 0) {
          out.push({ id, role: 'assistant', ...(text !== '' ? { content: text } : {}), ...(toolCalls.length > 0 ? { toolCalls } : {}) });
        }
        toolMessages(`${id}:tool`, message.content.filter(isToolResponsePart));
        return;
      }
    }
  });
  return out;
}

/**
 * The `resume` entries of a run: every open interrupt answered by id. A response answers the interrupt whose `ref`
 * (or interrupt id) it names, or — without a ref — the one with its name. `metadata.cancelled: true` on a response, or
 * no response at all, sends `status: 'cancelled'` (AG-UI requires every open interrupt to be addressed, so a plain
 * new message abandons them). Responses naming no open interrupt are sent by their ref.
 */
export function buildAguiResume(respond: readonly ToolResponsePart[] | undefined, interrupts: readonly ToolRequestPart[]): AguiResumeEntry[] | undefined {
  const responses = [...(respond ?? [])];
  const entries: AguiResumeEntry[] = [];
  const entryFor = (interruptId: string, response: ToolResponsePart | undefined): AguiResumeEntry => {
    if (!response || response.metadata?.cancelled === true) return { interruptId, status: 'cancelled' };
    const output = response.toolResponse.output;
    return { interruptId, status: 'resolved', ...(output !== undefined ? { payload: output } : {}) };
  };
  for (const interrupt of interrupts) {
    const interruptId = aguiInterruptIdOf(interrupt);
    if (interruptId === undefined || entries.some((entry) => entry.interruptId === interruptId)) continue;
    const { ref, name } = interrupt.toolRequest;
    const index = responses.findIndex((response) => {
      const reply = response.toolResponse;
      return reply.ref !== undefined ? reply.ref === ref || reply.ref === interruptId : reply.name === name;
    });
    const response = index >= 0 ? responses.splice(index, 1)[0] : undefined;
    entries.push(entryFor(interruptId, response));
  }
  for (const response of responses) {
    const ref = response.toolResponse.ref;
    if (ref !== undefined && !entries.some((entry) => entry.interruptId === ref)) entries.push(entryFor(ref, response));
  }
  return entries.length > 0 ? entries : undefined;
}

/** What an AG-UI run request is built from (a subset of the transport's `TurnRequest`). */
export interface AguiTurnContext {
  input: AgentInput;
  /** The conversation before this turn: AG-UI sends the whole history every run. */
  history: readonly Message[];
  /** The thread id, once known. */
  sessionId: string | null;
  /** The custom state as the client has it, sent as `state`. */
  custom: unknown;
  /** Interrupts left open by the previous run, answered by id in `resume`. */
  interrupts: readonly ToolRequestPart[];
}

/**
 * The `RunAgentInput` of one turn: the thread (the session id, or a new one), a new run id, the whole conversation
 * with the new message, the client's custom state, and `resume` when interrupts are open.
 */
export function buildAguiRunInput(
  context: AguiTurnContext,
  options: { threadId?: string; runId?: string; generateId?: () => string } = {},
): AguiRunAgentInput {
  const generateId = options.generateId ?? randomId;
  const threadId = context.sessionId ?? options.threadId ?? generateId();
  const runId = options.runId ?? generateId();
  const conversation = context.input.message ? [...context.history, context.input.message] : context.history;
  const resume = buildAguiResume(context.input.resume?.respond, context.interrupts);
  return {
    threadId,
    runId,
    protocolVersion: AGUI_PROTOCOL_VERSION,
    messages: toAguiMessages(conversation, threadId),
    tools: [],
    context: [],
    state: context.custom ?? {},
    forwardedProps: {},
    ...(resume ? { resume } : {}),
  };
}

// ── AG-UI → canonical (decoding) ───────────────────────────────────────────────────────────────────────────────────

/** Parses JSON text, or gives the text back when it is not JSON. */
function parseJsonOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A tool call's accumulated argument text as its input: parsed JSON, the text as written if it does not parse, none if empty. */
function parseArguments(text: string): unknown {
  return text.trim() === '' ? undefined : parseJsonOr(text);
}

function contentPartToPart(part: Record<string, unknown>): Part | undefined {
  if (part.type === 'text') return { text: stringOr(part.text) ?? '' };
  if ((part.type === 'image' || part.type === 'audio' || part.type === 'video' || part.type === 'document') && isRecord(part.source)) {
    const source = part.source;
    const contentType = stringOr(source.mimeType);
    const value = stringOr(source.value) ?? '';
    const url = source.type === 'data' ? `data:${contentType ?? 'application/octet-stream'};base64,${value}` : value;
    return { media: { url, ...(contentType ? { contentType } : {}) }, ...(source.type === 'file' ? { metadata: { source } } : {}) };
  }
  return undefined;
}

function partsOfContent(content: unknown): Part[] {
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  if (!Array.isArray(content)) return [];
  return content.filter(isRecord).map(contentPartToPart).filter((part): part is Part => part !== undefined);
}

/** A tool result's content as our `output`: JSON text parsed, other text kept, media parts as canonical parts. */
function toolOutputOf(content: unknown): unknown {
  if (typeof content === 'string') return parseJsonOr(content);
  const parts = partsOfContent(content);
  return parts.every(isTextPart) ? parseJsonOr(textOf(parts)) : parts;
}

function roleOf(role: unknown): Role {
  switch (role) {
    case 'user':
      return 'user';
    case 'system':
    case 'developer':
      return 'system';
    case 'tool':
      return 'tool';
    default:
      return 'model';
  }
}

/** Upserts a tool part the way the reducer does: same ref and name replaces, else appends. */
function upsertTool(content: Part[], part: ToolRequestPart | ToolResponsePart): void {
  const isRequest = isToolRequestPart(part);
  const call = isRequest ? part.toolRequest : (part as ToolResponsePart).toolResponse;
  const index = content.findIndex((existing) => {
    const other = isRequest
      ? (isToolRequestPart(existing) ? existing.toolRequest : undefined)
      : (isToolResponsePart(existing) ? existing.toolResponse : undefined);
    return other !== undefined && other.ref === call.ref && other.name === call.name;
  });
  if (index < 0) content.push(part);
  else content[index] = part;
}

function appendText(content: Part[], text: string, kind: 'text' | 'reasoning'): void {
  const last = content[content.length - 1];
  if (last && !last.metadata) {
    if (kind === 'text' && isTextPart(last)) return void (last.text += text);
    if (kind === 'reasoning' && isReasoningPart(last)) return void (last.reasoning += text);
  }
  content.push(kind === 'text' ? { text } : { reasoning: text });
}

/** What the decoder keeps of each message it streamed: a mirror of the store's content, for `message-complete`. */
interface Entry {
  role: Role;
  content: Part[];
  /** The AG-UI id the message is sent back with (the text message's, for a reasoning + text message). */
  messageId?: string;
  /** Changed since the last message-complete. */
  dirty: boolean;
}

interface Call {
  name: string;
  args: string;
  key: string;
  input?: unknown;
}

/** Frames that change no state but are kept for `onChunk` (their frame is the chunk's `raw`). */
const PASSTHROUGH = new Set([
  'STEP_STARTED', 'STEP_FINISHED', 'ACTIVITY_SNAPSHOT', 'ACTIVITY_DELTA', 'CUSTOM', 'RAW', 'MESSAGES_SNAPSHOT',
  'REASONING_ENCRYPTED_VALUE', 'SUBAGENT_STARTED', 'SUBAGENT_FINISHED', 'SUBAGENT_ERROR',
]);

/** Events that close the chunk stream (`*_CHUNK`) open in their lane, as @ag-ui/client's chunk expansion does. */
const LANE_CLOSERS = new Set([
  'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END',
  'TOOL_CALL_RESULT', 'STATE_SNAPSHOT', 'STATE_DELTA', 'CUSTOM', 'STEP_STARTED', 'STEP_FINISHED', 'REASONING_START',
  'REASONING_MESSAGE_START', 'REASONING_MESSAGE_CONTENT', 'REASONING_MESSAGE_END', 'REASONING_END', 'SUBAGENT_FINISHED',
  'SUBAGENT_ERROR',
]);

/**
 * A state-neutral event that still makes its frame a chunk, so `onChunk` sees CUSTOM, RAW, STEP_*, ACTIVITY_* frames
 * (as `raw`), with no state change.
 */
const passthrough = (): AgentEvent => ({ type: 'passthrough' });

/** What the decoder knows of the run it decodes. */
export interface AguiDecoderContext {
  /** The thread the request named: the session id when the stream never names one. */
  threadId?: string;
  /** The messages the request sent: their ids are known (a MESSAGES_SNAPSHOT skips them), their tool calls named. */
  messages?: readonly AguiMessage[];
}

/**
 * Decodes AG-UI 1.0 events (SSE `data:` frames with `type` in the JSON) into normalized events.
 *
 * - RUN_STARTED → session (threadId). RUN_FINISHED → turn-end: outcome success/absent/unknown → stop, interrupt →
 *   interrupted (interrupt-request parts, `ref` = interrupt id, `metadata.interrupt` = the AG-UI interrupt),
 *   cancelled → aborted. RUN_ERROR → error + turn-end failed. A stream without either → incomplete-stream.
 * - TEXT_MESSAGE_* / _CHUNK → text-delta keyed by message; END → message-complete of what was streamed, carrying
 *   the AG-UI id in `metadata.agui.messageId` (sent back as the message's id on later runs).
 * - REASONING_MESSAGE_* / _CHUNK → reasoning-delta; a reasoning message directly followed by an assistant message
 *   becomes one model message (reasoning part, then text), as Genkit shapes it.
 * - TOOL_CALL_START → a partial tool request; ARGS accumulate; END → the tool request with the parsed input.
 *   TOOL_CALL_RESULT → tool-response in its own tool message (content parsed when it is JSON). _CHUNK alike.
 * - STATE_SNAPSHOT → custom-snapshot; STATE_DELTA → custom-patch (applied atomically by the core).
 * - MESSAGES_SNAPSHOT → message-complete per message the request did not send (see {@link messagesSnapshot}).
 * - STEP_*, ACTIVITY_*, CUSTOM, RAW, SUBAGENT_*: no state, but their frames reach `onChunk`. Unknown types: ignored.
 */
export function createAguiDecoder(context: AguiDecoderContext = {}): FrameDecoder {
  let ended = false;
  let announced = false;
  let threadId = context.threadId;
  const knownIds = new Set<string>();
  const knownCalls = new Map<string, { name: string; input: unknown }>();
  for (const message of context.messages ?? []) {
    knownIds.add(message.id);
    if (message.role === 'assistant') {
      for (const call of message.toolCalls ?? []) knownCalls.set(call.id, { name: call.function.name, input: parseArguments(call.function.arguments) });
    }
  }

  const entries = new Map<string, Entry>();
  /** AG-UI message id → message key (a reasoning message and the assistant message after it share one key). */
  const keyById = new Map<string, string>();
  const textRoles = new Map<string, Role>();
  const skipped = new Set<string>();
  const calls = new Map<string, Call>();
  /** The model message this run last streamed into: tool calls without a parent go there. */
  let currentModelKey: string | undefined;
  /** The stream a `*_CHUNK` event opened, per lane (subagent run id, '' for the parent agent). */
  const lanes = new Map<string, { kind: 'text' | 'tool' | 'reasoning'; id: string }>();

  const entryFor = (key: string, role: Role): Entry => {
    let entry = entries.get(key);
    if (!entry) {
      entry = { role, content: [], dirty: false };
      entries.set(key, entry);
    }
    return entry;
  };
  const reasoningOnly = (key: string | undefined): key is string => {
    const entry = key === undefined ? undefined : entries.get(key);
    return !!entry && entry.role === 'model' && entry.messageId === undefined && entry.content.every(isReasoningPart);
  };

  function complete(key: string | undefined, events: AgentEvent[]): void {
    const entry = key === undefined ? undefined : entries.get(key);
    if (!entry || !entry.dirty || entry.content.length === 0) return;
    entry.dirty = false;
    // Copies: the store freezes what it is given, and the mirror keeps appending to its own parts.
    const message: Message = { role: entry.role, content: entry.content.map((part) => ({ ...part })) };
    if (entry.messageId !== undefined) message.metadata = { agui: { messageId: entry.messageId } };
    events.push({ type: 'message-complete', message, messageKey: key! });
  }

  function startText(id: string, role: Role): void {
    if (textRoles.has(id) || skipped.has(id)) return;
    if (role === 'user' && knownIds.has(id)) {
      skipped.add(id); // the server echoes a message the client already shows
      return;
    }
    textRoles.set(id, role);
    let key = keyById.get(id);
    if (key === undefined) {
      key = role === 'model' && reasoningOnly(currentModelKey) ? currentModelKey : id;
      keyById.set(id, key);
    }
    const entry = entryFor(key, role);
    entry.messageId = id;
    if (role === 'model') currentModelKey = key;
  }

  function textDelta(id: string, delta: unknown, source: unknown, events: AgentEvent[]): void {
    if (typeof delta !== 'string' || delta === '' || skipped.has(id)) return;
    if (!textRoles.has(id)) startText(id, 'model');
    if (skipped.has(id)) return;
    const role = textRoles.get(id)!;
    const key = keyById.get(id)!;
    const entry = entryFor(key, role);
    appendText(entry.content, delta, 'text');
    entry.dirty = true;
    events.push({ type: 'text-delta', text: delta, role, messageKey: key, source });
  }

  function startReasoning(id: string): void {
    if (keyById.has(id)) return;
    const key = reasoningOnly(currentModelKey) ? currentModelKey : id;
    keyById.set(id, key);
    entryFor(key, 'model');
    currentModelKey = key;
  }

  function reasoningDelta(id: string, delta: unknown, source: unknown, events: AgentEvent[]): void {
    if (typeof delta !== 'string' || delta === '') return;
    startReasoning(id);
    const key = keyById.get(id)!;
    const entry = entryFor(key, 'model');
    appendText(entry.content, delta, 'reasoning');
    entry.dirty = true;
    events.push({ type: 'reasoning-delta', text: delta, role: 'model', messageKey: key, source });
  }

  function emitToolRequest(key: string, part: ToolRequestPart, source: unknown, events: AgentEvent[]): void {
    const entry = entryFor(key, 'model');
    upsertTool(entry.content, part);
    entry.dirty = true;
    events.push({ type: 'tool-request', part, role: 'model', messageKey: key, source });
  }

  function startTool(id: string, name: string, parentId: string | undefined, source: unknown, events: AgentEvent[]): void {
    if (calls.has(id)) return;
    let key: string;
    if (parentId !== undefined) {
      key = keyById.get(parentId) ?? (reasoningOnly(currentModelKey) ? currentModelKey : parentId);
      keyById.set(parentId, key);
      const entry = entryFor(key, 'model');
      entry.messageId ??= parentId;
    } else {
      key = currentModelKey ?? `tool-call:${id}`;
    }
    currentModelKey = key;
    calls.set(id, { name, args: '', key });
    emitToolRequest(key, { toolRequest: { name, ref: id, partial: true } }, source, events);
  }

  function endTool(id: string, source: unknown, events: AgentEvent[]): void {
    const call = calls.get(id);
    if (!call) return;
    call.input = parseArguments(call.args);
    const toolRequest = { name: call.name, ref: id, ...(call.input !== undefined ? { input: call.input } : {}) };
    emitToolRequest(call.key, { toolRequest }, source, events);
  }

  function toolResult(value: Record<string, unknown>, events: AgentEvent[]): void {
    const toolCallId = stringOr(value.toolCallId);
    if (toolCallId === undefined) return;
    const name = calls.get(toolCallId)?.name ?? knownCalls.get(toolCallId)?.name ?? 'tool';
    const messageId = stringOr(value.messageId) ?? `tool-result:${toolCallId}`;
    const key = keyById.get(messageId) ?? messageId;
    keyById.set(messageId, key);
    const entry = entryFor(key, 'tool');
    entry.messageId ??= messageId;
    const part: ToolResponsePart = { toolResponse: { name, ref: toolCallId, output: toolOutputOf(value.content) } };
    upsertTool(entry.content, part);
    entry.dirty = true;
    events.push({ type: 'tool-response', part, role: 'tool', messageKey: key, source: value });
    complete(key, events); // a tool result is whole on arrival
  }

  function closeLane(lane: string, events: AgentEvent[], source: unknown, settle: boolean): void {
    const open = lanes.get(lane);
    if (!open) return;
    lanes.delete(lane);
    if (!settle) return;
    if (open.kind === 'text') complete(keyById.get(open.id), events);
    else if (open.kind === 'tool') endTool(open.id, source, events);
  }

  function closeLanes(events: AgentEvent[], source: unknown, settle: boolean): void {
    for (const lane of [...lanes.keys()]) closeLane(lane, events, source, settle);
  }

  function completeAll(events: AgentEvent[]): void {
    for (const key of entries.keys()) complete(key, events);
  }

  function interruptPart(interrupt: Record<string, unknown>): ToolRequestPart | undefined {
    const id = stringOr(interrupt.id);
    if (id === undefined) return undefined;
    const toolCallId = stringOr(interrupt.toolCallId);
    const streamed = toolCallId !== undefined ? calls.get(toolCallId) : undefined;
    const known = toolCallId !== undefined ? knownCalls.get(toolCallId) : undefined;
    const name = streamed?.name ?? known?.name ?? stringOr(interrupt.reason) ?? 'interrupt';
    let input: unknown;
    if (streamed) input = streamed.input ?? parseArguments(streamed.args);
    else if (known) input = known.input;
    else {
      const ask: Record<string, unknown> = {};
      if (interrupt.message !== undefined) ask.message = interrupt.message;
      if (interrupt.responseSchema !== undefined) ask.responseSchema = interrupt.responseSchema;
      if (Object.keys(ask).length > 0) input = ask;
    }
    return { toolRequest: { name, ref: id, ...(input !== undefined ? { input } : {}) }, metadata: { interrupt } };
  }

  function runFinished(value: Record<string, unknown>, events: AgentEvent[]): void {
    const outcome = isRecord(value.outcome) ? value.outcome : undefined;
    let finishReason: FinishReason = 'stop'; // absent (and, as the spec says, unrecognised) outcomes mean success
    let interrupts: ToolRequestPart[] = [];
    if (outcome?.type === 'interrupt') {
      const list = Array.isArray(outcome.interrupts) ? outcome.interrupts.filter(isRecord) : [];
      interrupts = list.map(interruptPart).filter((part): part is ToolRequestPart => part !== undefined);
      if (interrupts.length > 0) finishReason = 'interrupted';
    } else if (outcome?.type === 'cancelled') {
      finishReason = 'aborted';
    }
    closeLanes(events, value, finishReason !== 'aborted');
    if (finishReason !== 'aborted') completeAll(events);
    if (interrupts.length > 0) events.push({ type: 'interrupt-request', parts: interrupts });
    ended = true;
    threadId = stringOr(value.threadId) ?? threadId;
    events.push({ type: 'turn-end', finishReason, ...(threadId ? { sessionId: threadId } : {}), output: value, raw: value });
  }

  function runError(value: Record<string, unknown>, events: AgentEvent[]): void {
    closeLanes(events, value, false);
    ended = true;
    const code = stringOr(value.code);
    const error = new AgentChatError('server-error', stringOr(value.message) ?? 'The agent run failed.', {
      details: value,
      ...(code !== undefined ? { serverStatus: code } : {}),
    });
    events.push({ type: 'error', error }, { type: 'turn-end', finishReason: 'failed', error, ...(threadId ? { sessionId: threadId } : {}), raw: value });
  }

  /**
   * MESSAGES_SNAPSHOT: the server's whole conversation. The store cannot drop or rewrite messages of earlier turns,
   * so: messages the request sent (by id) are skipped; so are unknown messages placed before the last of those (a
   * server that renamed history must not duplicate it); the rest — this run's — become message-complete events keyed
   * like the streamed ones, so a streamed message is replaced by its snapshot and a new one appended.
   */
  function messagesSnapshot(list: unknown[], events: AgentEvent[]): void {
    const messages = list.filter(isRecord);
    const names = new Map<string, string>();
    let lastKnown = -1;
    messages.forEach((message, index) => {
      if (typeof message.id === 'string' && knownIds.has(message.id)) lastKnown = index;
      if (message.role === 'assistant' && Array.isArray(message.toolCalls)) {
        for (const call of message.toolCalls.filter(isRecord)) {
          const fn = isRecord(call.function) ? call.function : {};
          if (typeof call.id === 'string' && typeof fn.name === 'string') names.set(call.id, fn.name);
        }
      }
    });
    const built = new Map<string, Entry>();
    const target = (key: string, role: Role, id: string | undefined): Entry => {
      let entry = built.get(key);
      if (!entry) {
        entry = { role, content: [], dirty: false };
        built.set(key, entry);
      }
      if (id !== undefined) entry.messageId = id;
      return entry;
    };
    let reasoningKey: string | undefined;
    messages.forEach((message, index) => {
      const id = stringOr(message.id);
      const merge = reasoningKey;
      reasoningKey = undefined;
      if (id === undefined || knownIds.has(id)) return;
      if (index < lastKnown && !keyById.has(id)) return;
      switch (message.role) {
        case 'reasoning': {
          const key = keyById.get(id) ?? merge ?? id;
          keyById.set(id, key);
          const text = stringOr(message.content);
          const entry = target(key, 'model', undefined);
          if (text) entry.content.push({ reasoning: text });
          reasoningKey = key;
          return;
        }
        case 'assistant': {
          const key = keyById.get(id) ?? merge ?? id;
          keyById.set(id, key);
          const entry = target(key, 'model', id);
          const text = stringOr(message.content);
          if (text) entry.content.push({ text });
          for (const call of Array.isArray(message.toolCalls) ? message.toolCalls.filter(isRecord) : []) {
            const fn = isRecord(call.function) ? call.function : {};
            const callId = stringOr(call.id);
            const input = parseArguments(stringOr(fn.arguments) ?? '');
            entry.content.push({ toolRequest: { name: stringOr(fn.name) ?? 'tool', ...(callId ? { ref: callId } : {}), ...(input !== undefined ? { input } : {}) } });
          }
          return;
        }
        case 'tool': {
          const key = keyById.get(id) ?? id;
          keyById.set(id, key);
          const toolCallId = stringOr(message.toolCallId);
          const name = (toolCallId && (names.get(toolCallId) ?? calls.get(toolCallId)?.name ?? knownCalls.get(toolCallId)?.name)) || 'tool';
          const error = stringOr(message.error);
          target(key, 'tool', id).content.push({
            toolResponse: { name, ...(toolCallId ? { ref: toolCallId } : {}), output: toolOutputOf(message.content) },
            ...(error !== undefined ? { metadata: { isError: true, error } } : {}),
          });
          return;
        }
        case 'user':
        case 'system':
        case 'developer': {
          const key = keyById.get(id) ?? id;
          keyById.set(id, key);
          target(key, roleOf(message.role), id).content.push(...partsOfContent(message.content));
          return;
        }
        default:
          return; // activity messages are not conversation content
      }
    });
    for (const [key, entry] of built) {
      if (entry.content.length === 0) continue;
      entries.set(key, { role: entry.role, content: entry.content.map((part) => ({ ...part })), dirty: false, ...(entry.messageId !== undefined ? { messageId: entry.messageId } : {}) });
      const message: Message = { role: entry.role, content: entry.content };
      if (entry.messageId !== undefined) message.metadata = { agui: { messageId: entry.messageId } };
      events.push({ type: 'message-complete', message, messageKey: key });
    }
  }

  function handle(type: string, value: Record<string, unknown>, events: AgentEvent[]): void {
    const lane = stringOr(value.subagentRunId) ?? '';
    if (LANE_CLOSERS.has(type)) closeLane(lane, events, value, true);
    switch (type) {
      case 'RUN_STARTED': {
        closeLanes(events, value, true);
        threadId = stringOr(value.threadId) ?? threadId;
        if (threadId) events.push({ type: 'session', sessionId: threadId });
        return;
      }
      case 'RUN_FINISHED':
        return runFinished(value, events);
      case 'RUN_ERROR':
        return runError(value, events);
      case 'TEXT_MESSAGE_START': {
        const id = stringOr(value.messageId);
        if (id !== undefined) startText(id, roleOf(value.role));
        return;
      }
      case 'TEXT_MESSAGE_CONTENT': {
        const id = stringOr(value.messageId);
        if (id !== undefined) textDelta(id, value.delta, value, events);
        return;
      }
      case 'TEXT_MESSAGE_END': {
        const id = stringOr(value.messageId);
        if (id !== undefined && !skipped.has(id)) complete(keyById.get(id), events);
        return;
      }
      case 'TEXT_MESSAGE_CHUNK': {
        const id = stringOr(value.messageId);
        const open = lanes.get(lane);
        let target: string;
        if (open?.kind === 'text' && (id === undefined || id === open.id)) target = open.id;
        else {
          closeLane(lane, events, value, true);
          if (id === undefined) return; // a continuation with nothing open: nothing to continue
          startText(id, roleOf(value.role));
          lanes.set(lane, { kind: 'text', id });
          target = id;
        }
        textDelta(target, value.delta, value, events);
        return;
      }
      case 'REASONING_MESSAGE_START': {
        const id = stringOr(value.messageId);
        if (id !== undefined) startReasoning(id);
        return;
      }
      case 'REASONING_MESSAGE_CONTENT': {
        const id = stringOr(value.messageId);
        if (id !== undefined) reasoningDelta(id, value.delta, value, events);
        return;
      }
      case 'REASONING_MESSAGE_CHUNK': {
        const id = stringOr(value.messageId);
        const open = lanes.get(lane);
        let target: string;
        if (open?.kind === 'reasoning' && (id === undefined || id === open.id)) target = open.id;
        else {
          closeLane(lane, events, value, true);
          if (id === undefined) return;
          startReasoning(id);
          lanes.set(lane, { kind: 'reasoning', id });
          target = id;
        }
        reasoningDelta(target, value.delta, value, events);
        return;
      }
      case 'TOOL_CALL_START': {
        const id = stringOr(value.toolCallId);
        if (id !== undefined) startTool(id, stringOr(value.toolCallName) ?? 'tool', stringOr(value.parentMessageId), value, events);
        return;
      }
      case 'TOOL_CALL_ARGS': {
        const call = calls.get(stringOr(value.toolCallId) ?? '');
        if (call && typeof value.delta === 'string') call.args += value.delta;
        return;
      }
      case 'TOOL_CALL_END': {
        const id = stringOr(value.toolCallId);
        if (id !== undefined) endTool(id, value, events);
        return;
      }
      case 'TOOL_CALL_CHUNK': {
        const id = stringOr(value.toolCallId);
        const open = lanes.get(lane);
        let target: string;
        if (open?.kind === 'tool' && (id === undefined || id === open.id)) target = open.id;
        else {
          closeLane(lane, events, value, true);
          if (id === undefined) return;
          const name = stringOr(value.toolCallName);
          if (!calls.has(id)) {
            if (name === undefined) return; // the first chunk of a call must name the tool
            startTool(id, name, stringOr(value.parentMessageId), value, events);
          }
          lanes.set(lane, { kind: 'tool', id });
          target = id;
        }
        const call = calls.get(target);
        if (call && typeof value.delta === 'string') call.args += value.delta;
        return;
      }
      case 'TOOL_CALL_RESULT':
        return toolResult(value, events);
      case 'STATE_SNAPSHOT':
        if ('snapshot' in value) events.push({ type: 'custom-snapshot', custom: value.snapshot });
        return;
      case 'STATE_DELTA':
        // Not an array? The core rejects it as a failed patch, like any other bad patch.
        events.push({ type: 'custom-patch', patch: value.delta as JsonPatchOperation[] });
        return;
      case 'MESSAGES_SNAPSHOT':
        closeLanes(events, value, true);
        if (Array.isArray(value.messages)) messagesSnapshot(value.messages, events);
        return;
      default:
        return;
    }
  }

  return {
    decode(frame: WireFrame): AgentEvent[] {
      if (ended) return [];
      if (frame.type === 'malformed') {
        return [{ type: 'error', error: new AgentChatError('malformed-frame', `Could not parse an AG-UI event: ${frame.reason}`, { details: frame.text }) }];
      }
      if (frame.type !== 'value' || !isRecord(frame.value)) return [];
      const value = frame.value;
      const type = stringOr(value.type);
      if (type === undefined) return [];
      const events: AgentEvent[] = [];
      if (!announced) {
        announced = true;
        // A stream that does not open with RUN_STARTED still belongs to the thread the request named.
        if (type !== 'RUN_STARTED' && threadId) events.push({ type: 'session', sessionId: threadId });
      }
      handle(type, value, events);
      if (PASSTHROUGH.has(type)) events.push(passthrough());
      return events;
    },
    end(): AgentEvent[] {
      if (ended) return [];
      ended = true;
      const error = new AgentChatError('incomplete-stream', 'The AG-UI stream ended before RUN_FINISHED or RUN_ERROR.');
      return [{ type: 'error', error }, { type: 'turn-end', finishReason: 'failed', error, ...(threadId ? { sessionId: threadId } : {}) }];
    },
  };
}
