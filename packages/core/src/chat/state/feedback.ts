import type { MessageFeedback } from '../../model/message.js';
import { safely, type ChatParts } from '../chat-parts.js';

/**
 * Sets (or, with null, clears) the user's rating of a message: in the store, in the conversation tree (so it holds
 * across branch switches and `exportChatTree`), then tells `onFeedback`. False when no shown message has that id.
 */
export function setMessageFeedback<S>(parts: ChatParts<S>, messageId: string, feedback: MessageFeedback | null): boolean {
  const { store } = parts;
  const index = store.getState().messages.findIndex((message) => message.id === messageId);
  if (index < 0) return false;
  const value = feedback && { rating: feedback.rating, ...(feedback.comment ? { comment: feedback.comment } : {}) };
  store.update((draft) => {
    const message = draft.messages[index]!;
    if (value) message.feedback = value;
    else delete message.feedback;
  });
  const message = store.getState().messages[index]!;
  parts.tree?.replace(message);
  safely(parts.settings.options.onFeedback, { messageId, feedback: value, message });
  return true;
}
