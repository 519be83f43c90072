import type { AgentEvent } from '../../model/events.js';
import type { Message, Role } from '../../model/message.js';
import { isToolRequestPart, type Metadata, type Part, type ToolRequestPart, type ToolResponsePart } from '../../model/part.js';
import { approvalRequestOf, type ApprovalRequest } from './ai-sdk-approval.js';
import { appendTextPart, upsertToolPart } from '../../model/content.js';
import { isRecord, stringOr } from '../../util/guards.js';
import { parsePartialJson } from '../../util/partial-json.js';
import { createAiSdkSubAgents, isUiMessageOutput } from './ai-sdk-sub-agents.js';

/** A message this response streamed into, as the reducer builds it. */
export interface AiSdkAssembled {
  role: Role;
  content: Part[];
}

/** A tool call of this response (or of the history, for its name): its input so far and the message it is in. */
interface AiSdkCall {
  name: string;
  input?: unknown;
  key?: string;
  metadata?: Metadata;
  inputText?: string;
  textEncoded?: boolean;
}

/** The `tool-*` chunk fields kept as the tool request's metadata (undefined: none). */
function toolMetadata(chunk: Record<string, unknown>): Metadata | undefined {
  const metadata: Metadata = {};
  if (chunk.providerExecuted === true) metadata.providerExecuted = true;
  if (chunk.dynamic === true) metadata.dynamic = true;
  if (typeof chunk.title === 'string') metadata.title = chunk.title;
  if (isRecord(chunk.toolMetadata)) metadata.toolMetadata = chunk.toolMetadata;
  return Object.keys(metadata).length > 0 ? metadata : undefined;
}

/** The messages one UI message stream response streamed into, and where new content goes. */
export type AiSdkStreamState = ReturnType<typeof createAiSdkStreamState>;

/**
 * An empty response that knows the tool calls of `history` by id. Content goes to model messages keyed by the
 * response's message id; tool results go to a tool message after the model message of their call, and content after
 * a tool result starts the next model message — Genkit's shape. `within`: the sub-agent run this state streams (see
 * ai-sdk-sub-agents.ts), none for the response itself.
 */
export function createAiSdkStreamState(history: readonly Message[], within: readonly string[] = []) {
  const calls = new Map<string, AiSdkCall>();
  for (const message of history) {
    for (const part of message.content) {
      if (isToolRequestPart(part) && part.toolRequest.ref !== undefined) {
        calls.set(part.toolRequest.ref, { name: part.toolRequest.name, input: part.toolRequest.input });
      }
    }
  }
  /** The messages this response streamed into, in creation order, as the reducer builds them. */
  const assembled = new Map<string, AiSdkAssembled>();
  /** Tool calls waiting for an approval: the turn ends 'interrupted' while there are any. */
  const openApprovals = new Set<string>();
  /** The response message's id (`start.messageId`): the base of the message keys. */
  let messageId: string | undefined;
  /** Which model message of the response content goes to: a tool result ends one. */
  let segment = 0;
  let toolSinceContent = false;
  /** `${base}#${segment}`, cached: text deltas ask for it every time. */
  let currentKey: string | null = null;

  const segmentKey = (): string => `ai:${messageId ?? 'response'}#${segment}`;
  const subAgents = createAiSdkSubAgents(within, (path) => createAiSdkStreamState([], path));

  /** The key of the model message new content goes to; content after a tool result opens the next one. */
  function contentKey(): string {
    if (toolSinceContent) {
      segment++;
      toolSinceContent = false;
      currentKey = null;
    }
    return (currentKey ??= segmentKey());
  }

  function record(key: string, role: Role): AiSdkAssembled {
    let message = assembled.get(key);
    if (!message) assembled.set(key, (message = { role, content: [] }));
    return message;
  }

  /** The tool request of call `toolCallId` as it stands, into the model message of the call. */
  function request(events: AgentEvent[], toolCallId: string, source: unknown, partial: boolean, interrupt?: ApprovalRequest): ToolRequestPart {
    const call = calls.get(toolCallId) ?? { name: 'tool' };
    calls.set(toolCallId, call);
    const key = (call.key ??= contentKey());
    const toolRequest: ToolRequestPart['toolRequest'] = { name: call.name, ref: toolCallId };
    if (call.input !== undefined) toolRequest.input = call.input;
    if (partial) toolRequest.partial = true;
    const metadata = interrupt ? { ...call.metadata, interrupt } : call.metadata;
    const part: ToolRequestPart = metadata ? { toolRequest, metadata } : { toolRequest };
    upsertToolPart(record(key, 'model').content, part); // same call replaces, keeping its metadata, as in the store
    events.push({ type: 'tool-request', part, role: 'model', messageKey: key, source });
    return part;
  }

  /** The tool response of call `toolCallId`, into the tool message after the model message of the call. */
  function response(events: AgentEvent[], toolCallId: string, source: unknown, output: { value?: unknown }, metadata?: Metadata): void {
    const call = calls.get(toolCallId);
    openApprovals.delete(toolCallId);
    const toolResponse: ToolResponsePart['toolResponse'] = { name: call?.name ?? 'tool', ref: toolCallId };
    if ('value' in output) toolResponse.output = output.value;
    const part: ToolResponsePart = metadata ? { toolResponse, metadata } : { toolResponse };
    const messageKey = `${call?.key ?? segmentKey()}:tool`;
    upsertToolPart(record(messageKey, 'tool').content, part); // same call replaces, keeping its metadata, as in the store
    toolSinceContent = true;
    events.push({ type: 'tool-response', part, role: 'tool', messageKey, source });
  }

  return {
    assembled,
    openApprovals,
    get messageId(): string | undefined {
      return messageId;
    },

    /** `start {messageId}`: the response message's id keys its messages, unless content came first. */
    start(id: string): void {
      if (assembled.size > 0) return;
      messageId = id;
      currentKey = null;
    },

    /** A text-delta or reasoning-delta into the current model message. */
    streamText(events: AgentEvent[], kind: 'text' | 'reasoning', delta: string, source: unknown): void {
      if (delta === '') return;
      const messageKey = contentKey();
      appendTextPart(record(messageKey, 'model').content, delta, kind);
      events.push({ type: kind === 'text' ? 'text-delta' : 'reasoning-delta', text: delta, role: 'model', messageKey, source });
    },

    /** A part-add into the current model message. */
    addPart(events: AgentEvent[], part: Part, source: unknown): void {
      const messageKey = contentKey();
      record(messageKey, 'model').content.push(part);
      events.push({ type: 'part-add', part, role: 'model', messageKey, source });
    },

    /** Events for one `tool-*` chunk: tool requests as their input streams in, approvals, and tool responses. */
    toolChunk(events: AgentEvent[], chunk: Record<string, unknown>, type: string): void {
      const id = stringOr(chunk.toolCallId);
      if (id === undefined) return;
      switch (type) {
        case 'tool-input-start': {
          const metadata = toolMetadata(chunk);
          calls.set(id, { name: stringOr(chunk.toolName) ?? 'tool', inputText: '', textEncoded: chunk.inputEncoding === 'text', ...(metadata ? { metadata } : {}) });
          request(events, id, chunk, true);
          return;
        }
        case 'tool-input-delta': {
          const call = calls.get(id);
          if (!call) return;
          call.inputText = (call.inputText ?? '') + (stringOr(chunk.inputTextDelta) ?? '');
          if (call.textEncoded) call.input = call.inputText;
          else {
            // The input the text stands for so far (best effort); none yet: the part keeps the input it had.
            const input = parsePartialJson(call.inputText);
            if (input === undefined) return;
            call.input = input;
          }
          request(events, id, chunk, true);
          return;
        }
        case 'tool-input-available':
        case 'tool-input-error': {
          const known = calls.get(id);
          const metadata = toolMetadata(chunk) ?? known?.metadata;
          calls.set(id, { name: stringOr(chunk.toolName) ?? known?.name ?? 'tool', input: chunk.input, ...(known?.key ? { key: known.key } : {}), ...(metadata ? { metadata } : {}) });
          request(events, id, chunk, false);
          if (type === 'tool-input-error') response(events, id, chunk, { value: stringOr(chunk.errorText) ?? 'Invalid tool input.' }, { isError: true });
          return;
        }
        case 'tool-approval-request': {
          const approval = approvalRequestOf(chunk);
          if (approval === undefined) return;
          openApprovals.add(id);
          const part = request(events, id, chunk, false, approval);
          events.push({ type: 'interrupt-request', parts: [part] });
          return;
        }
        case 'tool-output-available': {
          // An agent used as a tool: its run streams as preliminary outputs; the final one is also the tool's result.
          const preliminary = chunk.preliminary === true;
          if (isUiMessageOutput(chunk.output)) {
            subAgents.output(events, id, calls.get(id)?.name ?? 'agent', chunk.output, !preliminary);
            if (preliminary) return;
          } else if (!preliminary) subAgents.settle(events, id);
          return response(events, id, chunk, { value: chunk.output });
        }
        case 'tool-output-error':
          subAgents.failed(events, id, stringOr(chunk.errorText));
          return response(events, id, chunk, { value: stringOr(chunk.errorText) ?? 'Tool failed.' }, { isError: true });
        case 'tool-output-denied':
          subAgents.failed(events, id, undefined);
          return response(events, id, chunk, {}, { denied: true });
        default:
          return;
      }
    },
  };
}
