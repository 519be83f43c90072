import type { AgentInput } from '../../model/chunk.js';
import type { Message } from '../../model/message.js';
import type { Media, Part } from '../../model/part.js';
import type { AgentContextEntry } from '../../model/context.js';
import type { JsonPatchOperation } from '../../model/events.js';
import { isRecord } from '../../util/guards.js';

/** How much state AgentFlow streams: 'low' (messages only), 'partial' (+ `updates`), 'full' (+ `state`). */
export type ResponseGranularity = 'low' | 'partial' | 'full';

type Block = Record<string, unknown>;

const DATA_URL = /^data:([^;,]*)(?:;[^;,]*)*;base64,(.*)$/s;

/** A media part as an image, audio, video or document block; a base64 `data:` URL travels inline (`kind: 'data'`). */
function mediaBlock({ url, contentType }: Media): Block {
  const inline = DATA_URL.exec(url);
  const mimeType = contentType ?? (inline?.[1] || undefined);
  const type = /^(image|audio|video)\//.exec(mimeType ?? '')?.[1] ?? (mimeType ? 'document' : 'image');
  const media = inline ? { kind: 'data', data_base64: inline[2] } : { kind: 'url', url };
  return { type, media: { ...media, ...(mimeType ? { mime_type: mimeType } : {}) } };
}

/** A canonical part as an AgentFlow content block. */
function partToBlock(part: Part): Block {
  if ('text' in part) return { type: 'text', text: part.text };
  if ('reasoning' in part) return { type: 'reasoning', summary: part.reasoning };
  if ('toolRequest' in part) return { type: 'tool_call', id: part.toolRequest.ref ?? '', name: part.toolRequest.name, args: part.toolRequest.input ?? {} };
  if ('toolResponse' in part) {
    return { type: 'tool_result', call_id: part.toolResponse.ref ?? '', output: part.toolResponse.output, is_error: false, status: 'completed' };
  }
  if ('media' in part) return mediaBlock(part.media);
  if ('data' in part) return { type: 'data', mime_type: 'application/json', data_base64: btoa(unescape(encodeURIComponent(JSON.stringify(part.data)))) };
  return { type: 'text', text: '' };
}

function toWireMessage({ role, content }: Message): Block {
  return { role: role === 'model' ? 'assistant' : role, content: content.map(partToBlock), message_id: '0' };
}

/** What an AgentFlow stream request is built from. */
export interface AgentFlowTurnContext {
  input: AgentInput;
  sessionId: string | null;
  /** The client's custom state, sent as `initial_state` when it holds local writes the graph has not seen. */
  custom?: unknown;
  customWrites?: readonly JsonPatchOperation[];
  /** App context, sent as `config.context`. */
  context?: readonly AgentContextEntry[];
}

/**
 * The `POST /v1/graph/stream` body (AgentFlow's `StreamRequest`): the new messages, and the thread to continue; the
 * client's state as `initial_state` when it holds local writes, app context as `config.context`.
 */
export function buildAgentFlowRequestBody(
  context: AgentFlowTurnContext,
  settings: { responseGranularity?: ResponseGranularity; recursionLimit?: number; initialState?: Record<string, unknown>; config?: Record<string, unknown> } = {},
): Record<string, unknown> {
  const { input, sessionId } = context;
  const messages: Block[] = [];
  if (input.message) messages.push(toWireMessage(input.message));
  const respond = input.resume?.respond;
  if (respond?.length) messages.push(toWireMessage({ role: 'tool', content: respond }));
  const config: Record<string, unknown> = { ...settings.config, ...(sessionId ? { thread_id: sessionId } : {}) };
  if (context.context?.length) config.context = [...context.context];
  const body: Record<string, unknown> = { messages };
  if (Object.keys(config).length > 0) body.config = config;
  if (settings.initialState && !sessionId) body.initial_state = settings.initialState;
  // Local writes: the client's state seeds the graph's values for this run (on top of the transport's own seed).
  if (context.customWrites?.length && isRecord(context.custom)) body.initial_state = { ...(body.initial_state as object | undefined), ...context.custom };
  if (settings.recursionLimit !== undefined) body.recursion_limit = settings.recursionLimit;
  body.response_granularity = settings.responseGranularity ?? 'low';
  return body;
}
