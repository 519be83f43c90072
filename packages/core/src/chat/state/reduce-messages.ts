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
    case 'tool-request':
    case 'tool-response': {
      const request = event.type === 'tool-request';
      const content = targetMessage(draft, turn, event, event.role ?? (request ? 'model' : 'tool')).content as Part[];
      // The search for an earlier copy of the call reads the draft's base, not the draft (a proxy a part read: each call
      // would pay for every part before it, O(parts²) over an answer of many calls); only the part written is drafted.
      upsertToolPart(content, request ? event.part : markedDenial(event.part, turn.asked), isDraft(content) ? original(content) : content);
      return;
    }
    case 'message-complete': {
      const message = targetMessage(draft, turn, event, event.message.role);
      // The store's own array and parts (a text delta after it grows them in place; the decoder's mirror goes on
      // editing its own, which immer would otherwise freeze), a refusal of a call open when the turn resumed marked
      // denied (so it shows as denied). With the subAgents() feature, the completed message's tool calls keep the
      // runs they started while it streamed.
      const completed = event.message.content.map((part) => ({ ...(isToolResponsePart(part) ? markedDenial(part, turn.asked) : part) }));
      message.content = (turn.subAgents ? turn.subAgents.keep(message.content as Part[], completed) : completed) as Draft<Part>[];
      if (event.message.metadata) message.metadata = event.message.metadata;
      message.status = 'done';
      return;
    }
  }
}
