import type { Draft } from 'immer';
import type { AgentEvent, MessageTarget } from '../model/events.js';
import type { ChatMessage, Role } from '../model/message.js';
import { isReasoningPart, isTextPart, isToolRequestPart, isToolResponsePart, type Part } from '../model/part.js';
import type { ChatState } from './chat-state.js';
import type { TurnContext } from './turn-context.js';

type MessageEvent = Extract<AgentEvent, { type: 'text-delta' | 'reasoning-delta' | 'part-add' | 'tool-request' | 'tool-response' | 'message-complete' }>;

/** The message an event streams into: by key, else this turn's latest message of that role, else a new one. */
function targetMessage(draft: Draft<ChatState>, turn: TurnContext, target: MessageTarget, role: Role): Draft<ChatMessage> {
  const key = target.messageKey;
  let index = key !== undefined ? turn.messageIndexByKey.get(key) : turn.lastIndexByRole[role];
  if (index === undefined) {
    index = draft.messages.length;
    draft.messages.push({ id: turn.createId(), role, content: [], status: 'streaming' });
    if (key !== undefined) turn.messageIndexByKey.set(key, index);
  }
  turn.lastIndexByRole[role] = index;
  return draft.messages[index]!;
}

function appendText(content: Draft<Part>[], text: string, kind: 'text' | 'reasoning'): void {
  const last = content[content.length - 1];
  if (last && !last.metadata) {
    if (kind === 'text' && isTextPart(last as Part)) {
      (last as { text: string }).text += text;
      return;
    }
    if (kind === 'reasoning' && isReasoningPart(last as Part)) {
      (last as { reasoning: string }).reasoning += text;
      return;
    }
  }
  content.push(kind === 'text' ? { text } : { reasoning: text });
}

/** Index of the part answering or repeating the same tool call (same ref; same name when neither has a ref). */
function sameToolCall(content: readonly Part[], part: Part): number {
  const call = isToolRequestPart(part) ? part.toolRequest : isToolResponsePart(part) ? part.toolResponse : undefined;
  if (!call) return -1;
  return content.findIndex((existing) => {
    const other = isToolRequestPart(part)
      ? (isToolRequestPart(existing) ? existing.toolRequest : undefined)
      : (isToolResponsePart(existing) ? existing.toolResponse : undefined);
    if (!other) return false;
    if (call.ref !== undefined || other.ref !== undefined) return call.ref === other.ref && call.name === other.name;
    return false;
  });
}

function upsertToolPart(message: Draft<ChatMessage>, part: Part): void {
  const index = sameToolCall(message.content as Part[], part);
  if (index < 0) {
    message.content.push(part as Draft<Part>);
    return;
  }
  const previous = message.content[index] as Part;
  // Keep the interrupt marker when a later copy of the same call arrives without it.
  const metadata = previous.metadata || part.metadata ? { ...previous.metadata, ...part.metadata } : undefined;
  message.content[index] = (metadata ? { ...part, metadata } : part) as Draft<Part>;
}

/** Text, reasoning, parts, tool calls and completed messages. */
export function reduceMessageEvent(draft: Draft<ChatState>, event: MessageEvent, turn: TurnContext): void {
  switch (event.type) {
    case 'text-delta':
      appendText(targetMessage(draft, turn, event, event.role ?? 'model').content, event.text, 'text');
      return;
    case 'reasoning-delta':
      appendText(targetMessage(draft, turn, event, event.role ?? 'model').content, event.text, 'reasoning');
      return;
    case 'part-add':
      targetMessage(draft, turn, event, event.role ?? 'model').content.push(event.part as Draft<Part>);
      return;
    case 'tool-request':
      upsertToolPart(targetMessage(draft, turn, event, event.role ?? 'model'), event.part);
      return;
    case 'tool-response':
      upsertToolPart(targetMessage(draft, turn, event, event.role ?? 'tool'), event.part);
      return;
    case 'message-complete': {
      const message = targetMessage(draft, turn, event, event.message.role);
      message.content = event.message.content as Draft<Part>[];
      if (event.message.metadata) message.metadata = event.message.metadata;
      message.status = 'done';
      return;
    }
  }
}
