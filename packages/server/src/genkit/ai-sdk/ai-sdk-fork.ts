/** What an AI SDK chat request says about the point its turn runs from (fork-point.ts): its turns, the cut, the hints. */
import { isToolUIPart, type UIMessage } from 'ai';
import { signatureBuilder, type TurnSignature } from '../fork-point.js';
import { isSafeId } from '../../hygiene/safe-id.js';
import { isRecord } from '../runtime.js';

/** UI messages as turns: user text; the answer's text and tool call ids. */
export function uiTurns(messages: readonly UIMessage[]): TurnSignature[] {
  const builder = signatureBuilder();
  for (const message of messages) {
    if (message.role === 'user') builder.user(message.parts.map((part) => (part.type === 'text' ? part.text : '')).join(''));
    else if (message.role === 'assistant') {
      for (const part of message.parts) {
        if (part.type === 'text') builder.answer(part.text);
        else if (isToolUIPart(part)) builder.answer('', [part.toolCallId]);
      }
    }
  }
  return builder.turns;
}

/** `regenerate-message`: the conversation up to the user message whose turn runs again (`Chat.regenerate`'s cut). */
export function regenerateCut(messages: UIMessage[], messageId: unknown): UIMessage[] {
  const index = typeof messageId === 'string' ? messages.findIndex((message) => message.id === messageId) : -1;
  if (index < 0) return messages;
  return messages.slice(0, messages[index]!.role === 'assistant' ? index : index + 1);
}

/** The snapshot ids the answers before the turn carry (`finish.messageMetadata.snapshotId`), the latest first. */
export function snapshotHints(messages: readonly UIMessage[]): string[] {
  return messages
    .filter((message) => message.role === 'assistant')
    .map((message) => (isRecord(message.metadata) ? message.metadata.snapshotId : undefined))
    .filter(isSafeId)
    .reverse();
}
