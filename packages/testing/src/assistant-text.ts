import { textOf, type ChatState } from './core-api.js';

/** The text of the latest reply: the model messages after the last user message, joined by newlines. */
export function assistantText(state: Pick<ChatState<unknown>, 'messages'>): string {
  const lastUser = state.messages.findLastIndex((message) => message.role === 'user');
  return state.messages
    .slice(lastUser + 1)
    .filter((message) => message.role === 'model')
    .map((message) => textOf(message.content))
    .filter((text) => text !== '')
    .join('\n');
}
