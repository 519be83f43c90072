import type { AgentEvent } from '../model/events.js';
import type { Metadata, ToolRequestPart, ToolResponsePart } from '../model/part.js';
import { approvalRequestOf, type ApprovalRequest } from './ai-sdk-approval.js';
import { contentKey, toolMessageKey, upsertTool, type AiSdkStreamState } from './ai-sdk-stream-state.js';
import { isRecord, stringOr } from './decoder.js';

function toolMetadata(chunk: Record<string, unknown>): Metadata | undefined {
  const metadata: Metadata = {};
  if (chunk.providerExecuted === true) metadata.providerExecuted = true;
  if (chunk.dynamic === true) metadata.dynamic = true;
  if (typeof chunk.title === 'string') metadata.title = chunk.title;
  if (isRecord(chunk.toolMetadata)) metadata.toolMetadata = chunk.toolMetadata;
  return Object.keys(metadata).length > 0 ? metadata : undefined;
}

function request(state: AiSdkStreamState, events: AgentEvent[], toolCallId: string, source: unknown, partial: boolean, interrupt?: ApprovalRequest): ToolRequestPart {
  const call = state.calls.get(toolCallId) ?? { name: 'tool' };
  state.calls.set(toolCallId, call);
  call.key ??= contentKey(state);
  const toolRequest: ToolRequestPart['toolRequest'] = { name: call.name, ref: toolCallId };
  if (call.input !== undefined) toolRequest.input = call.input;
  if (partial) toolRequest.partial = true;
  const metadata = interrupt ? { ...call.metadata, interrupt } : call.metadata;
  const part: ToolRequestPart = metadata ? { toolRequest, metadata } : { toolRequest };
  upsertTool(state, call.key, 'model', part);
  events.push({ type: 'tool-request', part, role: 'model', messageKey: call.key, source });
  return part;
}

function response(state: AiSdkStreamState, events: AgentEvent[], toolCallId: string, source: unknown, output: { value?: unknown }, metadata?: Metadata): void {
  const call = state.calls.get(toolCallId);
  state.openApprovals.delete(toolCallId);
  const toolResponse: ToolResponsePart['toolResponse'] = { name: call?.name ?? 'tool', ref: toolCallId };
  if ('value' in output) toolResponse.output = output.value;
  const part: ToolResponsePart = metadata ? { toolResponse, metadata } : { toolResponse };
  const messageKey = toolMessageKey(state, call);
  upsertTool(state, messageKey, 'tool', part);
  state.toolSinceContent = true;
  events.push({ type: 'tool-response', part, role: 'tool', messageKey, source });
}

/** Events for one `tool-*` chunk: tool requests as their input streams in, approvals, and tool responses. */
export function toolChunkEvents(state: AiSdkStreamState, chunk: Record<string, unknown>, type: string, events: AgentEvent[]): void {
  const id = stringOr(chunk.toolCallId);
  if (id === undefined) return;
  switch (type) {
    case 'tool-input-start': {
      const metadata = toolMetadata(chunk);
      state.calls.set(id, { name: stringOr(chunk.toolName) ?? 'tool', inputText: '', textEncoded: chunk.inputEncoding === 'text', ...(metadata ? { metadata } : {}) });
      request(state, events, id, chunk, true);
      return;
    }
    case 'tool-input-delta': {
      const call = state.calls.get(id);
      if (!call) return;
      call.inputText = (call.inputText ?? '') + (stringOr(chunk.inputTextDelta) ?? '');
      if (call.textEncoded) call.input = call.inputText;
      else {
        try {
          call.input = JSON.parse(call.inputText);
        } catch {
          return; // not a whole JSON value yet: the part keeps the input it had
        }
      }
      request(state, events, id, chunk, true);
      return;
    }
    case 'tool-input-available':
    case 'tool-input-error': {
      const known = state.calls.get(id);
      const metadata = toolMetadata(chunk) ?? known?.metadata;
      state.calls.set(id, { name: stringOr(chunk.toolName) ?? known?.name ?? 'tool', input: chunk.input, ...(known?.key ? { key: known.key } : {}), ...(metadata ? { metadata } : {}) });
      request(state, events, id, chunk, false);
      if (type === 'tool-input-error') response(state, events, id, chunk, { value: stringOr(chunk.errorText) ?? 'Invalid tool input.' }, { isError: true });
      return;
    }
    case 'tool-approval-request': {
      const approval = approvalRequestOf(chunk);
      if (approval === undefined) return;
      state.openApprovals.add(id);
      const part = request(state, events, id, chunk, false, approval);
      events.push({ type: 'interrupt-request', parts: [part] });
      return;
    }
    case 'tool-output-available':
      response(state, events, id, chunk, { value: chunk.output });
      return;
    case 'tool-output-error':
      response(state, events, id, chunk, { value: stringOr(chunk.errorText) ?? 'Tool failed.' }, { isError: true });
      return;
    case 'tool-output-denied':
      response(state, events, id, chunk, {}, { denied: true });
      return;
    default:
      return;
  }
}
