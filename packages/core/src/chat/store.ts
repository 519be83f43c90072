import { createStore, type StoreApi } from 'zustand/vanilla';
import { immer } from 'zustand/middleware/immer';
import type { ChatState } from './chat-state.js';

/** The chat store: a zustand vanilla store whose `setState(fn)` runs the function on an immer draft. */
export type ChatStore<S = unknown> = StoreApi<ChatState<S>> & {
  setState(
    nextStateOrUpdater: ChatState<S> | Partial<ChatState<S>> | ((draft: ChatState<S>) => void),
    shouldReplace?: false,
  ): void;
};

/** Creates the store with its initial state. */
export function createChatStore<S>(initial: ChatState<S>): ChatStore<S> {
  return createStore<ChatState<S>>()(immer(() => initial)) as unknown as ChatStore<S>;
}
