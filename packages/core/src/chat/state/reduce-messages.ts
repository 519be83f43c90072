import { isDraft, original, type Draft } from 'immer';
import type { AgentEvent, MessageTarget } from '../../model/events.js';
import type { ChatMessage, Role } from '../../model/message.js';
import { appendTextPart, upsertToolPart } from '../../model/content.js';
import { isToolResponsePart, type Part } from '../../model/part.js';
import { markedDenial } from '../../model/tool-outcome.js';
import type { SubAgentReducer, TurnContext } from '../turn/turn-context.js';

/** Where messages stream: the chat's own list, or a sub-agent run's. */
export interface MessageHolder {
  messages: ChatMessage[];
}

/** What a list of messages being streamed into tracks: the turn's context, or a sub-agent run's. */
export type MessageScope = Pick<TurnContext, 'messageIndexByKey' | 'lastIndexByRole' | 'createId' | 'asked'> & { subAgents?: Pick<SubAgentReducer, 'keep'> | null | undefined };

/** The message an event streams into: by key, else this turn's latest message of that role, else a new one. */
function targetMessage(draft: Draft<MessageHolder>, turn: MessageScope, target: MessageTarget, role: Role): Draft<ChatMessage> {
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

/**
 * Reads a message's parts without drafting them: a part the update has not added is read from the draft's base (an
 * update replaces a part only by a copy of the same tool call or text, so what the search compares is the same there),
 * one it added is its own plain object. Reading them through the draft would make a proxy a part, each tool call
 * paying for every part before it (O(parts²) over an answer of many calls).
 */
function baseReader(content: Part[]): ((index: number) => Part) | undefined {
  if (!isDraft(content)) return undefined;
  const base = original(content) as readonly Part[];
  return (index) => (index < base.length ? base[index]! : content[index]!);
}

/** Text, reasoning, parts, tool calls and completed messages; other events are left alone. */
export function reduceMessageEvent(draft: Draft<MessageHolder>, event: AgentEvent, turn: MessageScope): void {
  switch (event.type) {
    case 'text-delta':
      appendTextPart(targetMessage(draft, turn, event, event.role ?? 'model').content as Part[], event.text, 'text');
      return;
    case 'reasoning-delta':
      appendTextPart(targetMessage(draft, turn, event, event.role ?? 'model').content as Part[], event.text, 'reasoning');
      return;
    case 'part-add':
      // A copy: a text delta may grow it in place, and the part stays the decoder's.
      targetMessage(draft, turn, event, event.role ?? 'model').content.push({ ...event.part } as Draft<Part>);
      return;
    case 'tool-request': {
      const content = targetMessage(draft, turn, event, event.role ?? 'model').content as Part[];
      upsertToolPart(content, event.part, baseReader(content));
      return;
    }
    case 'tool-response': {
      const content = targetMessage(draft, turn, event, event.role ?? 'tool').content as Part[];
      upsertToolPart(content, markedDenial(event.part, turn.asked), baseReader(content));
      return;
    }
    case 'message-complete': {
      const message = targetMessage(draft, turn, event, event.message.role);
      // The store's own array and parts (a text delta after it grows them in place; the decoder's mirror goes on
      // editing its own, which immer would otherwise freeze). With the subAgents() feature, the completed message's
      // tool calls keep the runs they started while it streamed.
      const completed = event.message.content.map((part) => ({ ...part }));
      message.content = (turn.subAgents ? turn.subAgents.keep(message.content as Part[], completed) : completed) as Draft<Part>[];
      if (event.message.metadata) message.metadata = event.message.metadata;
      message.status = 'done';
      markDenials(turn, message);
      return;
    }
  }
}

/** A refusal (`false`, `{approved: false}`) of a call open when the turn resumed is marked denied, so it shows as denied. */
function markDenials(turn: MessageScope, message: Draft<ChatMessage>): void {
  if (turn.asked.size === 0) return;
  const content = message.content as Part[];
  content.forEach((part, index) => {
    const marked = isToolResponsePart(part) ? markedDenial(part, turn.asked) : part;
    if (marked !== part) content[index] = marked;
  });
}
