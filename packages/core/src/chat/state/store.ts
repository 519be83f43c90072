import { freeze, produce, type Draft } from 'immer';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ChatState } from './chat-state.js';
import type { JsonPatchOperation } from '../../model/events.js';
import { loadedPatcher, loadPatcher, type Patcher } from './patcher.js';

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
   * `customWrites`, they are re-applied on top of its custom state. `writes` (a chat started again with writes saved
   * apart from its state) are re-applied on top of it instead.
   */
  replace(next: ChatState<S>, writes?: Writes): void;
  /**
   * Null, or while the state shows writes not yet re-applied (it entered with pending writes before the patcher was
   * loaded), a promise of the update that re-applies them. A turn waits for it before it reads the state.
   */
  settled(): Promise<void> | null;
}

type Writes = readonly (readonly JsonPatchOperation[])[];

/**
 * Creates the store with its initial state. A state that enters whole (the initial one, a restore's) is deep-frozen
 * (immer's `freeze`) as it enters: else the first recipe after it would freeze the whole history it carries, inside the
 * send that runs it (16 ms for 1,000 messages, measured in bench:browser: the send's frame went over 50 ms).
 */
export function createChatStore<S>(initial: ChatState<S>, writes?: Writes): ChatStore<S> {
  const api = createStore<ChatState<S>>()(() => ({}) as ChatState<S>);
  // How many of the pending writes (the first ones) the custom state does not show yet, and the update that will.
  let unapplied = 0;
  let settling: Promise<void> | null = null;
  // As zustand's immer middleware does: immer's `produce` (auto-freeze on), the result merged in; a no-op recipe
  // returns the state itself, which zustand does not announce.
  const update = (recipe: (draft: Draft<ChatState<S>>) => void) => api.setState(produce(api.getState(), recipe));
  /** The waiting writes re-applied on top of the custom state, once the patcher is loaded (a later write stays on top). */
  const settle = (patcher: Patcher) => {
    const { customWrites = [], custom } = api.getState();
    const { custom: next, kept } = patcher.reapplyWrites(custom, customWrites.slice(0, unapplied));
    const pending = [...kept, ...customWrites.slice(unapplied)];
    unapplied = 0;
    settling = null;
    update((draft) => {
      (draft as Draft<ChatState>).custom = next as Draft<unknown>;
      draft.customWrites = pending.length ? (pending as Draft<JsonPatchOperation[][]>) : undefined;
    });
  };
  /** A state that enters whole, `writes` re-applied on top of its custom state. */
  const enter = (next: ChatState<S>, writes: Writes | undefined) => {
    unapplied = 0;
    settling = null;
    if (writes?.length) {
      const patcher = loadedPatcher();
      if (patcher) {
        const { custom, kept } = patcher.reapplyWrites(next.custom, writes);
        next = { ...next, custom: custom as S, customWrites: kept.length ? kept : undefined };
      } else {
        // Kept whole: with no state yet they apply once it comes (reapplyWrites does the same); else once the
        // patcher is loaded (a chunk of its own), a moment later.
        next = { ...next, customWrites: writes.map((write) => [...write]) };
        if (next.custom !== undefined) {
          unapplied = writes.length;
          const entered = loadPatcher().then(
            (patcher) => void (settling === entered && settle(patcher)),
            // Not loaded (offline): the writes stay pending; the next turn loads the patcher again and re-applies them.
            () => void (settling === entered && (settling = null)),
          );
          settling = entered;
        }
      }
    }
    api.setState(freeze(next, true), true);
  };
  enter(initial, writes);
  return {
    api,
    getState: api.getState,
    update,
    replace: (next, writes) => enter(next, writes ?? ('customWrites' in next ? undefined : api.getState().customWrites)),
    settled: () => settling,
  };
}
