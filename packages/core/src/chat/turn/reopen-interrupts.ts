import type { Draft } from 'immer';
import { isToolResponsePart, type Part, type ToolRequestPart } from '../../model/part.js';
import { toolCallKey } from '../../model/tool-outcome.js';
import type { ChatState } from '../state/chat-state.js';
import type { TurnContext } from './turn-context.js';

/**
 * In the store update that ends a turn: when the turn answered interrupts (`resume`) and failed or was stopped, the
 * answer did not go through, so the interrupts are pending again with their question, and an echo of the answer the
 * turn streamed before it broke off is taken back (a tool response to a reopened interrupt). Otherwise nothing changes.
 */
export function reopenInterrupts<S>(draft: Draft<ChatState<S>>, turn: TurnContext): void {
  const { ended, answering } = turn;
  if (!ended || !answering?.interrupts.length || (ended.finishReason !== 'failed' && ended.finishReason !== 'aborted')) return;
  // Stopped by a reset or a branch: the chat shows another conversation now, which the question is not part of.
  if (answering.afterId === undefined || draft.messages[turn.firstMessageIndex - 1]?.id !== answering.afterId) return;
  const open = new Set(answering.interrupts.map((part) => toolCallKey(part.toolRequest)));
  const isEcho = (part: Part) => isToolResponsePart(part) && open.has(toolCallKey(part.toolResponse));
  for (let index = draft.messages.length - 1; index >= turn.firstMessageIndex; index--) {
    const message = draft.messages[index]!;
    if (!(message.content as Part[]).some(isEcho)) continue;
    const kept = (message.content as Part[]).filter((part) => !isEcho(part));
    if (kept.length === 0) draft.messages.splice(index, 1);
    else message.content = kept as typeof message.content;
  }
  draft.interrupts = answering.interrupts as Draft<ToolRequestPart>[];
}
