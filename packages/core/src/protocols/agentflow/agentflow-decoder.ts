import { AgentChatError } from '../../model/error.js';
import type { AgentEvent } from '../../model/events.js';
import { normalizeRole, type Message, type Role } from '../../model/message.js';
import type { Part, ToolRequestPart } from '../../model/part.js';
import type { WireFrame } from '../../wire/frame.js';
import { endTurn, malformedFrameEvent } from '../../wire/decoder-helpers.js';
import type { FrameDecoder } from '../../transport/transport.js';
import { isRecord, recordsOf, stringOr } from '../../util/guards.js';

type Block = Record<string, unknown>;

const STATE_KEYS_NOT_CUSTOM = new Set(['context', 'context_summary', 'execution_meta']);

/** `{ref}` for a non-empty id, else nothing. */
const refOf = (id: unknown): { ref?: string } => (stringOr(id) ? { ref: id as string } : {});

/** One AgentFlow content block as a canonical part (undefined for blocks with no part, like annotations). */
function blockToPart(block: Block): Part | undefined {
  switch (block.type) {
    case 'text':
      return { text: stringOr(block.text) ?? '' };
    case 'reasoning':
      return { reasoning: stringOr(block.summary) ?? (Array.isArray(block.details) ? block.details.join('\n') : '') };
    case 'tool_call':
    case 'remote_tool_call':
      return { toolRequest: { name: stringOr(block.name) ?? 'tool', ...refOf(block.id), input: block.args } };
    case 'tool_result':
      return {
        toolResponse: { name: stringOr(block.name) ?? 'tool', ...refOf(block.call_id), output: block.output },
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
    case 'data':
      return { data: dataOf(block) };
    default:
      return undefined;
  }
}

/** The JSON value of a `data` block whose payload is base64 JSON (what {@link partToBlock} sends), else the block itself. */
function dataOf(block: Block): unknown {
  const base64 = stringOr(block.data_base64);
  if (base64 !== undefined && /^application\/(.+\+)?json\b/.test(stringOr(block.mime_type) ?? '')) {
    try {
      return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))));
    } catch {
      // not JSON after all: keep the block
    }
  }
  return block;
}

/**
 * Decodes AgentFlow `StreamChunk`s (its `stream()` reference): `message` with `delta: true` streams tokens and `delta: false` is the
 * final message replacing the partial one; `updates`/`state` carry the graph state; `error` ends the turn.
 * The stream's end is the turn end ('interrupted' when the last state said the graph is interrupted).
 */
export function createAgentFlowDecoder(): FrameDecoder {
  let threadId: string | undefined;
  let interrupted = false;
  let ended = false;
  const sequence: Partial<Record<Role, number>> = {};

  function messageEvents(message: Block, events: AgentEvent[]): void {
    const role = normalizeRole(message.role);
    if (role === 'user') return; // the client already shows the user's own message
    // A real message id keys the message; '' and '0' are the placeholders clients send ("the server assigns one").
    const id = message.message_id;
    const hasId = (typeof id === 'string' && id !== '' && id !== '0') || typeof id === 'number';
    const messageKey = hasId ? `id:${id}` : `${role}#${sequence[role] ?? 0}`;
    const parts = recordsOf(message.content).map(blockToPart).filter((part): part is Part => part !== undefined);
    if (message.delta === true) {
      for (const part of parts) {
        if ('text' in part) {
          if (part.text) events.push({ type: 'text-delta', text: part.text, role, messageKey, source: message });
        } else if ('reasoning' in part) {
          events.push({ type: 'reasoning-delta', text: part.reasoning, role, messageKey, source: message });
        } else {
          const type = 'toolRequest' in part ? 'tool-request' : 'toolResponse' in part ? 'tool-response' : 'part-add';
          events.push({ type, part, role, messageKey, source: message } as AgentEvent);
        }
      }
      return;
    }
    const complete: Message = { role, content: parts };
    if (isRecord(message.metadata) && Object.keys(message.metadata).length > 0) complete.metadata = message.metadata;
    events.push({ type: 'message-complete', message: complete, messageKey });
    if (!hasId) sequence[role] = (sequence[role] ?? 0) + 1;
  }

  function stateEvents(state: Block, events: AgentEvent[]): void {
    const custom: Block = {};
    for (const [key, value] of Object.entries(state)) if (!STATE_KEYS_NOT_CUSTOM.has(key)) custom[key] = value;
    events.push({ type: 'custom-snapshot', custom });
    // A state without execution_meta says nothing about interruption: keep what the last one said.
    const meta = state.execution_meta;
    if (!isRecord(meta)) return;
    // `is_interrupted` (as the kit documents it), or AgentFlow's ExecutionStatus 'interrupted_before' / 'interrupted_after'.
    interrupted = meta.is_interrupted === true || (meta.is_interrupted === undefined && stringOr(meta.status)?.startsWith('interrupted') === true);
    if (!interrupted) return;
    const interrupt = isRecord(meta.interrupt) ? meta.interrupt : undefined;
    const node = stringOr(interrupt?.node) ?? stringOr(meta.interrupted_node) ?? stringOr(meta.current_node) ?? 'interrupt';
    const input = interrupt?.data ?? meta.interrupt_data ?? { reason: interrupt?.reason ?? meta.interrupt_reason };
    const part: ToolRequestPart = {
      toolRequest: { name: node, ref: `${threadId ?? 'thread'}:${String(meta.step ?? 0)}`, input },
      metadata: { interrupt: interrupt ?? true },
    };
    events.push({ type: 'interrupt-request', parts: [part] });
  }

  return {
    decode(frame: WireFrame): AgentEvent[] {
      if (ended) return [];
      if (frame.type === 'malformed') return [malformedFrameEvent('an AgentFlow chunk', frame)];
      if (frame.type !== 'value' || !isRecord(frame.value)) return [];
      const chunk = frame.value;
      const events: AgentEvent[] = [];
      const thread = stringOr(chunk.thread_id) ?? stringOr((chunk.metadata as Block | null | undefined)?.thread_id);
      if (thread && thread !== threadId) {
        threadId = thread;
        events.push({ type: 'session', sessionId: thread });
      }
      const { event, data } = chunk;
      if (event === 'message' && isRecord(chunk.message)) messageEvents(chunk.message, events);
      else if ((event === 'updates' || event === 'state') && isRecord(chunk.state)) stateEvents(chunk.state, events);
      else if (event === 'error') {
        ended = true;
        // AgentFlow's own server puts the exception text in `data.reason` ({status, node, step, max_steps, reason}).
        const message = isRecord(data)
          ? stringOr(data.message) ?? stringOr(data.error) ?? stringOr(data.reason) ?? stringOr(data.detail) ?? JSON.stringify(data)
          : stringOr(data) ?? 'The graph failed.';
        const code = isRecord(data) ? stringOr(data.code) ?? stringOr(data.type) : undefined;
        const error = new AgentChatError('server-error', message, { details: data, serverStatus: code || undefined });
        events.push(...endTurn('failed', { raw: chunk, sessionId: threadId, error }));
      }
      return events;
    },
    end(): AgentEvent[] {
      if (ended) return [];
      ended = true;
      return endTurn(interrupted ? 'interrupted' : 'stop', { sessionId: threadId });
    },
  };
}
