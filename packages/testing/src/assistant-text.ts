import type { ChatState, Part } from './core-api.js';

const textOf = (parts: readonly Part[]): string => parts.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : '')).join('');

/** The text of the latest reply: the model messages since the last user message (a resumed turn has none of its own), joined by newlines. */
export function assistantText(state: Pick<ChatState<unknown>, 'messages'>): string {
  let lastUser = state.messages.length - 1;
  while (lastUser >= 0 && state.messages[lastUser]!.role !== 'user') lastUser--;
  return state.messages
    .slice(lastUser + 1)
    .filter((message) => message.role === 'model')
    .map((message) => textOf(message.content))
    .filter((text) => text !== '')
    .join('\n');
}
