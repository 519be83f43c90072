import { freeze, produce, type Draft } from 'immer';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ChatState } from './chat-state.js';
import { reapplyWrites } from './custom-writes.js';

/**
 * The chat store: the zustand vanilla store an app sees (`api`, `storeOf(chat)` in `@agent-chat/core/binding`), and the two ways the controller
 * writes it: a recipe run on an immer draft, and a whole new state.
 */
export interface ChatStore<S = unknown> {
  readonly api: StoreApi<ChatState<S>>;
  getState(): ChatState<S>;
  /** Runs the recipe on an immer draft of the state; listeners hear of it once, and only if something changed. */
  update(recipe: (draft: Draft<ChatState<S>>) => void): void;
  /**
   * Replaces the whole state. Pending local writes survive it (a restore, a branch switch): unless `next` names its own
   * `customWrites`, they are re-applied on top of its custom state.
   */
  replace(next: ChatState<S>): void;
}

/**
 * Creates the store with its initial state. A state that enters whole (the initial one, a restore's) is deep-frozen
 * (immer's `freeze`) as it enters: else the first recipe after it would freeze the whole history it carries, inside the
 * send that runs it (16 ms for 1,000 messages, measured in bench:browser: the send's frame went over 50 ms).
 */
export function createChatStore<S>(initial: ChatState<S>): ChatStore<S> {
  const api = createStore<ChatState<S>>()(() => freeze(initial, true));
  return {
    api,
    getState: api.getState,
    // As zustand's immer middleware does: immer's `produce` (auto-freeze on), the result merged in; a no-op recipe
    // returns the state itself, which zustand does not announce.
    update: (recipe) => api.setState(produce(api.getState(), recipe)),
    replace: (next) => {
      const writes = api.getState().customWrites;
      if (!('customWrites' in next) && writes?.length) {
        const { custom, kept } = reapplyWrites(next.custom, writes);
        next = { ...next, custom: custom as S, ...(kept.length ? { customWrites: kept } : {}) };
      }
      api.setState(freeze(next, true), true);
    },
  };
}
