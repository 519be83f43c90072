import type { StoreApi } from 'zustand/vanilla';
import type { ChatState } from './state/chat-state.js';

// A chat's writable store, kept beside the chat and not on it: `AgentChat` is read-only (`getState`, `subscribe`), so
// an app cannot bypass the reducer, and `AgentChat<S>` stays assignable to `AgentChat<unknown>`.
const stores = new WeakMap<object, StoreApi<ChatState<unknown>>>();
const disposers = new WeakMap<object, Set<() => void>>();

/** Records the store of a chat `createAgentChat` made, and what its `dispose()` runs. */
export function registerChatStore<S>(chat: object, store: StoreApi<ChatState<S>>, onDispose: Set<() => void>): void {
  stores.set(chat, store as unknown as StoreApi<ChatState<unknown>>);
  disposers.set(chat, onDispose);
}

/** Runs `disposer` when `chat.dispose()` is called (a companion made on a chat: its message queue). */
export function onChatDispose(chat: object, disposer: () => void): void {
  disposers.get(chat)?.add(disposer);
}

/**
 * The zustand store behind a chat made by `createAgentChat` (`@agent-chat/core/binding`): for bindings and tests that
 * must set a state directly. An app reads the chat through `getState` and `subscribe`, and changes it through its
 * operations. Throws for an object `createAgentChat` did not make.
 */
export function storeOf<S>(chat: { getState(): ChatState<S> }): StoreApi<ChatState<S>> {
  const store = stores.get(chat);
  if (!store) throw new TypeError('storeOf: not a chat made by createAgentChat');
  return store as unknown as StoreApi<ChatState<S>>;
}
