import type { Draft } from 'immer';
import type { AgentEvent, MessageTarget } from '../model/events.js';
import type { ChatMessage, Role } from '../model/message.js';
import { appendTextPart, upsertToolPart } from '../model/content.js';
import { isToolRequestPart, isToolResponsePart, type Part, type ToolResponsePart } from '../model/part.js';
import { askedHuman, isDenialOutput, isDeniedResponse, markedDenial, toolCallKey } from '../model/tool-outcome.js';
import type { ChatState } from './chat-state.js';
import type { TurnContext } from './turn-context.js';

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

/** Text, reasoning, parts, tool calls and completed messages; other events are left alone. */
export function reduceMessageEvent(draft: Draft<ChatState>, event: AgentEvent, turn: TurnContext): void {
  switch (event.type) {
    case 'text-delta':
      appendTextPart(targetMessage(draft, turn, event, event.role ?? 'model').content as Part[], event.text, 'text');
      return;
    case 'reasoning-delta':
      appendTextPart(targetMessage(draft, turn, event, event.role ?? 'model').content as Part[], event.text, 'reasoning');
      return;
    case 'part-add':
      targetMessage(draft, turn, event, event.role ?? 'model').content.push(event.part as Draft<Part>);
      return;
    case 'tool-request':
      upsertToolPart(targetMessage(draft, turn, event, event.role ?? 'model').content as Part[], event.part);
      return;
    case 'tool-response':
      upsertToolPart(targetMessage(draft, turn, event, event.role ?? 'tool').content as Part[], withOutcome(draft, turn, event.part));
      return;
    case 'message-complete': {
      const message = targetMessage(draft, turn, event, event.message.role);
      message.content = event.message.content as Draft<Part>[];
      if (event.message.metadata) message.metadata = event.message.metadata;
      message.status = 'done';
      markDenials(draft, turn, message);
      return;
    }
  }
}

/** The calls a tool response may refuse as a human: those open when the turn started, and `call` when its request asked one. */
function asked(draft: Draft<ChatState>, turn: TurnContext, call: { ref?: string | undefined; name: string }): ReadonlySet<string> {
  const key = toolCallKey(call);
  if (turn.asked.has(key)) return turn.asked;
  for (let index = draft.messages.length - 1; index >= 0; index--) {
    for (const part of draft.messages[index]!.content as Part[]) {
      if (isToolRequestPart(part) && toolCallKey(part.toolRequest) === key) return askedHuman(part) ? new Set([key]) : turn.asked;
    }
  }
  return turn.asked;
}

/** A tool response marked denied when it refuses a call that asked a human (the search runs for refusals only). */
function withOutcome(draft: Draft<ChatState>, turn: TurnContext, part: ToolResponsePart): ToolResponsePart {
  return isDenialOutput(part.toolResponse.output) && !isDeniedResponse(part) ? markedDenial(part, asked(draft, turn, part.toolResponse)) : part;
}

/** Marks the refusals among a message's tool responses (`metadata.denied`), so the call shows as denied, not done. */
function markDenials(draft: Draft<ChatState>, turn: TurnContext, message: Draft<ChatMessage>): Draft<ChatMessage> {
  const content = message.content as Part[];
  for (let index = 0; index < content.length; index++) {
    const part = content[index]!;
    if (!isToolResponsePart(part)) continue;
    const marked = withOutcome(draft, turn, part);
    if (marked !== part) content[index] = marked;
  }
  return message;
}
