import { AgentChatError } from '../model/error.js';
import type { AgentEvent } from '../model/events.js';
import { normalizeRole, type Message, type Role } from '../model/message.js';
import type { Part, ToolRequestPart } from '../model/part.js';
import type { AgentInput } from '../model/chunk.js';
import type { WireFrame } from '../wire/frame.js';
import { isRecord, malformedFrameEvent, stringOr, type FrameDecoder } from './decoder.js';

/** How much state AgentFlow streams: 'low' (messages only), 'partial' (+ `updates`), 'full' (+ `state`). */
export type ResponseGranularity = 'low' | 'partial' | 'full';

type Block = Record<string, unknown>;

const STATE_KEYS_NOT_CUSTOM = new Set(['context', 'context_summary', 'execution_meta']);

/** One AgentFlow content block as a canonical part (undefined for blocks with no part, like annotations). */
function blockToPart(block: Block): Part | undefined {
  switch (block.type) {
    case 'text':
      return { text: stringOr(block.text) ?? '' };
    case 'reasoning':
      return { reasoning: stringOr(block.summary) ?? (Array.isArray(block.details) ? block.details.join('\n') : '') };
    case 'tool_call':
    case 'remote_tool_call':
      return { toolRequest: { name: stringOr(block.name) ?? 'tool', ...(stringOr(block.id) ? { ref: stringOr(block.id)! } : {}), input: block.args } };
    case 'tool_result':
      return {
        toolResponse: { name: stringOr(block.name) ?? 'tool', ...(stringOr(block.call_id) ? { ref: stringOr(block.call_id)! } : {}), output: block.output },
        ...(block.is_error === true ? { metadata: { isError: true } } : {}),
      };
    case 'image':
    case 'audio':
    case 'video':
    case 'document': {
      const media = isRecord(block.media) ? block.media : {};
      const contentType = stringOr(media.mime_type);
      const url = stringOr(media.url) ?? (stringOr(media.data_base64) ? `data:${contentType ?? 'application/octet-stream'};base64,${media.data_base64}` : stringOr(media.file_id) ?? '');
      return { media: { url, ...(contentType ? { contentType } : {}) }, metadata: { kind: block.type } };
    }
    case 'data': {
      const json = jsonOfDataBlock(block);
      return { data: json === NOT_JSON ? block : json };
    }
    default:
      return undefined;
  }
}

const NOT_JSON: unique symbol = Symbol('not-json');

/** The JSON value of a `data` block whose payload is base64 JSON (what {@link partToBlock} sends), else NOT_JSON. */
function jsonOfDataBlock(block: Block): unknown {
  const mime = stringOr(block.mime_type);
  const base64 = stringOr(block.data_base64);
  if (base64 === undefined || !mime || !/^application\/(.+\+)?json\b/.test(mime)) return NOT_JSON;
  try {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return NOT_JSON;
  }
}

/** A canonical part as an AgentFlow content block. */
function partToBlock(part: Part): Block {
  if ('text' in part) return { type: 'text', text: part.text };
  if ('reasoning' in part) return { type: 'reasoning', summary: part.reasoning };
  if ('toolRequest' in part) return { type: 'tool_call', id: part.toolRequest.ref ?? '', name: part.toolRequest.name, args: part.toolRequest.input ?? {} };
  if ('toolResponse' in part) {
    return { type: 'tool_result', call_id: part.toolResponse.ref ?? '', output: part.toolResponse.output, is_error: false, status: 'completed' };
  }
  if ('media' in part) {
    const media = { kind: 'url', url: part.media.url, ...(part.media.contentType ? { mime_type: part.media.contentType } : {}) };
    return { type: part.media.contentType?.startsWith('audio/') ? 'audio' : part.media.contentType?.startsWith('video/') ? 'video' : 'image', media };
  }
  if ('data' in part) return { type: 'data', mime_type: 'application/json', data_base64: btoa(unescape(encodeURIComponent(JSON.stringify(part.data)))) };
  return { type: 'text', text: '' };
}

const WIRE_ROLE: Record<Role, string> = { user: 'user', model: 'assistant', tool: 'tool', system: 'system' };

function toWireMessage(message: Message): Block {
  return { role: WIRE_ROLE[message.role], content: message.content.map(partToBlock), message_id: '0' };
}

/** What an AgentFlow stream request is built from. */
export interface AgentFlowTurnContext {
  input: AgentInput;
  sessionId: string | null;
}

/** The `POST /v1/graph/stream` body (seed 001's `StreamRequest`): the new messages, and the thread to continue. */
export function buildAgentFlowRequestBody(
  context: AgentFlowTurnContext,
  settings: { responseGranularity?: ResponseGranularity; recursionLimit?: number; initialState?: Record<string, unknown>; config?: Record<string, unknown> } = {},
): Record<string, unknown> {
  const messages: Block[] = [];
  if (context.input.message) messages.push(toWireMessage(context.input.message));
  const respond = context.input.resume?.respond ?? [];
  if (respond.length > 0) messages.push(toWireMessage({ role: 'tool', content: respond }));
  const config = { ...settings.config, ...(context.sessionId ? { thread_id: context.sessionId } : {}) };
  const body: Record<string, unknown> = { messages };
  if (Object.keys(config).length > 0) body.config = config;
  if (settings.initialState && !context.sessionId) body.initial_state = settings.initialState;
  if (settings.recursionLimit !== undefined) body.recursion_limit = settings.recursionLimit;
  body.response_granularity = settings.responseGranularity ?? 'low';
  return body;
}

/**
 * Decodes AgentFlow `StreamChunk`s (seed 001): `message` with `delta: true` streams tokens and `delta: false` is the
 * final message replacing the partial one; `updates`/`state` carry the graph state; `error` ends the turn.
 * The stream's end is the turn end ('interrupted' when the last state said the graph is interrupted).
 */
export function createAgentFlowDecoder(): FrameDecoder {
  let threadId: string | undefined;
  let interrupted = false;
  let ended = false;
  const sequence: Partial<Record<Role, number>> = {};

  /** A real message id; '' and '0' are the placeholders clients send ("the server assigns one"). */
  function idOf(message: Record<string, unknown>): string | number | undefined {
    const id = message.message_id;
    return (typeof id === 'string' && id !== '' && id !== '0') || typeof id === 'number' ? id : undefined;
  }

  function keyFor(message: Record<string, unknown>, role: Role): string {
    const id = idOf(message);
    if (id !== undefined) return `id:${id}`;
    return `${role}#${sequence[role] ?? 0}`;
  }

  function messageEvents(message: Record<string, unknown>, events: AgentEvent[]): void {
    const role = normalizeRole(message.role);
    if (role === 'user') return; // the client already shows the user's own message
    const messageKey = keyFor(message, role);
    const blocks = Array.isArray(message.content) ? message.content.filter(isRecord) : [];
    const parts = blocks.map(blockToPart).filter((part): part is Part => part !== undefined);
    if (message.delta === true) {
      for (const part of parts) {
        if ('text' in part) { if (part.text) events.push({ type: 'text-delta', text: part.text, role, messageKey, source: message }); }
        else if ('reasoning' in part) events.push({ type: 'reasoning-delta', text: part.reasoning, role, messageKey, source: message });
        else if ('toolRequest' in part) events.push({ type: 'tool-request', part, role, messageKey, source: message });
        else if ('toolResponse' in part) events.push({ type: 'tool-response', part, role, messageKey, source: message });
        else events.push({ type: 'part-add', part, role, messageKey, source: message });
      }
      return;
    }
    const complete: Message = { role, content: parts };
    if (isRecord(message.metadata) && Object.keys(message.metadata).length > 0) complete.metadata = message.metadata;
    events.push({ type: 'message-complete', message: complete, messageKey });
    if (idOf(message) === undefined) sequence[role] = (sequence[role] ?? 0) + 1;
  }

  function stateEvents(state: Record<string, unknown>, events: AgentEvent[]): void {
    const custom: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(state)) if (!STATE_KEYS_NOT_CUSTOM.has(key)) custom[key] = value;
    events.push({ type: 'custom-snapshot', custom });
    // A state without execution_meta says nothing about interruption: keep what the last one said.
    if (!isRecord(state.execution_meta)) return;
    const meta = state.execution_meta;
    // `is_interrupted` (as the kit documents it), or AgentFlow's ExecutionStatus 'interrupted_before' / 'interrupted_after'.
    const status = stringOr(meta.status);
    interrupted = meta.is_interrupted === true || (meta.is_interrupted === undefined && status !== undefined && status.startsWith('interrupted'));
    if (interrupted) {
      const interrupt = isRecord(meta.interrupt) ? meta.interrupt : undefined;
      const node = stringOr(interrupt?.node) ?? stringOr(meta.interrupted_node) ?? stringOr(meta.current_node) ?? 'interrupt';
      const input = interrupt?.data ?? meta.interrupt_data ?? { reason: interrupt?.reason ?? meta.interrupt_reason };
      const part: ToolRequestPart = {
        toolRequest: { name: node, ref: `${threadId ?? 'thread'}:${String(meta.step ?? 0)}`, input },
        metadata: { interrupt: interrupt ?? true },
      };
      events.push({ type: 'interrupt-request', parts: [part] });
    }
  }

  return {
    decode(frame: WireFrame): AgentEvent[] {
      if (ended) return [];
      if (frame.type === 'malformed') return [malformedFrameEvent('an AgentFlow chunk', frame)];
      if (frame.type !== 'value' || !isRecord(frame.value)) return [];
      const chunk = frame.value;
      const events: AgentEvent[] = [];
      const thread = stringOr(chunk.thread_id) ?? (isRecord(chunk.metadata) ? stringOr(chunk.metadata.thread_id) : undefined);
      if (thread && thread !== threadId) {
        threadId = thread;
        events.push({ type: 'session', sessionId: thread });
      }
      switch (chunk.event) {
        case 'message':
          if (isRecord(chunk.message)) messageEvents(chunk.message, events);
          break;
        case 'updates':
        case 'state':
          if (isRecord(chunk.state)) stateEvents(chunk.state, events);
          break;
        case 'error': {
          ended = true;
          const data = chunk.data;
          // AgentFlow's own server puts the exception text in `data.reason` ({status, node, step, max_steps, reason}).
          const message = isRecord(data)
            ? stringOr(data.message) ?? stringOr(data.error) ?? stringOr(data.reason) ?? stringOr(data.detail) ?? JSON.stringify(data)
            : stringOr(data) ?? 'The graph failed.';
          const code = isRecord(data) ? stringOr(data.code) ?? stringOr(data.type) : undefined;
          const error = new AgentChatError('server-error', message, { details: data, ...(code ? { serverStatus: code } : {}) });
          events.push({ type: 'error', error }, { type: 'turn-end', finishReason: 'failed', error, raw: chunk, ...(threadId ? { sessionId: threadId } : {}) });
          break;
        }
        default:
          break;
      }
      return events;
    },
    end(): AgentEvent[] {
      if (ended) return [];
      ended = true;
      const finishReason = interrupted ? 'interrupted' : 'stop';
      return [{ type: 'turn-end', finishReason, raw: { turnEnd: { finishReason } }, ...(threadId ? { sessionId: threadId } : {}) }];
    },
  };
}
