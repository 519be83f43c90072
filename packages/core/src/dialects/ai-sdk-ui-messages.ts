import type { Message } from '../model/message.js';
import { isToolRequestPart, isToolResponsePart, type Part, type ToolRequestPart, type ToolResponsePart } from '../model/part.js';
import { approvalOf, uiApproval } from './ai-sdk-approval.js';
import { isRecord, stringOr } from './decoder.js';

/** One part of a UI message (`{type: 'text', text}`, `{type: 'tool-<name>', toolCallId, state, ...}`, ...). */
export type AiSdkUiPart = { type: string } & Record<string, unknown>;

/** A UI message as AI SDK chat routes receive it. */
export interface AiSdkUiMessage {
  id: string;
  role: 'system' | 'user' | 'assistant';
  parts: AiSdkUiPart[];
  metadata?: unknown;
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
