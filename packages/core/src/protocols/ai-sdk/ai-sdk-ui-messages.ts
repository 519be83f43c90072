import type { Message } from '../../model/message.js';
import { isReasoningPart, isSourcePart, isTextPart, mediaFilenameOf, isToolRequestPart, isToolResponsePart, type CustomPart, type MediaPart, type Part, type ToolRequestPart, type ToolResponsePart } from '../../model/part.js';
import { AI_SDK_A2UI_PART } from './ai-sdk-a2ui.js';
import { approvalOf, uiApproval } from './ai-sdk-approval.js';
import { aiSdkSourceUiPart } from './ai-sdk-sources.js';
import { isRecord, stringOr } from '../../util/guards.js';

/** One part of a UI message (`{type: 'text', text}`, `{type: 'tool-<name>', toolCallId, state, ...}`, ...). */
export type AiSdkUiPart = { type: string } & Record<string, unknown>;

/** A UI message as AI SDK chat routes receive it. */
export interface AiSdkUiMessage {
  id: string;
  role: 'system' | 'user' | 'assistant';
  parts: AiSdkUiPart[];
  metadata?: unknown;
}

/** Non-tool parts as UI parts (undefined: not representable). */
function plainUiPart(part: Part): AiSdkUiPart | undefined {
  const { media, custom, metadata } = part as Partial<MediaPart & CustomPart>;
  if (isTextPart(part)) return { type: 'text', text: part.text };
  if (isReasoningPart(part)) return { type: 'reasoning', text: part.reasoning };
  if (isSourcePart(part)) return aiSdkSourceUiPart(part);
  if (isRecord(media)) {
    const filename = mediaFilenameOf(part);
    return { type: 'file', mediaType: media.contentType ?? 'application/octet-stream', ...(filename ? { filename } : {}), url: media.url };
  }
  if ('data' in part) {
    // A data part goes back under the wire type it was decoded from (`metadata.type`), if any.
    const type = metadata?.type;
    return typeof type === 'string' && type.startsWith('data-') ? { type, data: part.data } : undefined;
  }
  if (isRecord(custom) && typeof custom.type === 'string' && custom.type.startsWith('source-')) return custom as AiSdkUiPart;
  // An A2UI message (a surface the agent sent, or the user's action on one) goes as the data part it came as.
  if (isRecord(custom) && 'a2ui' in custom) return { type: AI_SDK_A2UI_PART, data: custom.a2ui };
  return undefined;
}

function toolUiPart(part: ToolRequestPart, fallbackId: string): AiSdkUiPart {
  const { name, ref, input, partial } = part.toolRequest;
  const metadata = part.metadata ?? {};
  const ui: AiSdkUiPart = metadata.dynamic === true ? { type: 'dynamic-tool', toolName: name } : { type: `tool-${name}` };
  ui.toolCallId = ref ?? fallbackId;
  if (typeof metadata.title === 'string') ui.title = metadata.title;
  if (metadata.providerExecuted === true) ui.providerExecuted = true;
  const approval = approvalOf(part);
  if (partial) {
    ui.state = 'input-streaming';
    if (input !== undefined) ui.input = input;
  } else {
    ui.state = approval ? 'approval-requested' : 'input-available';
    ui.input = input;
    if (approval) ui.approval = uiApproval(approval);
  }
  return ui;
}

function applyToolResponse(ui: AiSdkUiPart, response: ToolResponsePart): void {
  const metadata = response.metadata ?? {};
  const approval = isRecord(ui.approval) ? ui.approval : undefined;
  const output = response.toolResponse.output;
  if (ui.input === undefined) ui.input = {};
  if (metadata.denied === true) {
    ui.state = 'output-denied';
    ui.approval = { ...(approval ?? { id: '' }), approved: false, ...(typeof metadata.reason === 'string' ? { reason: metadata.reason } : {}) };
    return;
  }
  if (metadata.isError === true) {
    ui.state = 'output-error';
    ui.errorText = typeof output === 'string' ? output : JSON.stringify(output ?? 'Tool failed.');
  } else {
    ui.state = 'output-available';
    ui.output = output;
  }
  if (approval) ui.approval = { ...approval, approved: true };
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
    const serverId = message.role === 'model' ? stringOr(message.metadata?.messageId) : undefined;
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
    const addTool = (ui: AiSdkUiPart) => {
      group.tools.set(ui.toolCallId as string, ui);
      group.message.parts.push(ui);
    };
    message.content.forEach((part, partIndex) => {
      const fallbackId = `${chatId}-${index}-${partIndex}`;
      if (isToolRequestPart(part)) {
        const ui = toolUiPart(part, fallbackId);
        const known = group.tools.get(ui.toolCallId as string);
        if (known) Object.assign(known, ui);
        else addTool(ui);
      } else if (isToolResponsePart(part)) {
        const { name, ref } = part.toolResponse;
        let ui = ref !== undefined ? group.tools.get(ref) : undefined;
        if (!ui) {
          // A response whose request is not in this assistant message: keep it as a call with its result.
          addTool((ui = toolUiPart({ toolRequest: { name, ref, input: {} } }, fallbackId)));
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
