import type { AgentInput } from '../../model/chunk.js';
import type { Message } from '../../model/message.js';
import type { Media, Part } from '../../model/part.js';

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
}

/** The `POST /v1/graph/stream` body (AgentFlow's `StreamRequest`): the new messages, and the thread to continue. */
export function buildAgentFlowRequestBody(
  context: AgentFlowTurnContext,
  settings: { responseGranularity?: ResponseGranularity; recursionLimit?: number; initialState?: Record<string, unknown>; config?: Record<string, unknown> } = {},
): Record<string, unknown> {
  const { input, sessionId } = context;
  const messages: Block[] = [];
  if (input.message) messages.push(toWireMessage(input.message));
  const respond = input.resume?.respond;
  if (respond?.length) messages.push(toWireMessage({ role: 'tool', content: respond }));
  const config = { ...settings.config, ...(sessionId ? { thread_id: sessionId } : {}) };
  const body: Record<string, unknown> = { messages };
  if (Object.keys(config).length > 0) body.config = config;
  if (settings.initialState && !sessionId) body.initial_state = settings.initialState;
  if (settings.recursionLimit !== undefined) body.recursion_limit = settings.recursionLimit;
  body.response_granularity = settings.responseGranularity ?? 'low';
  return body;
}
