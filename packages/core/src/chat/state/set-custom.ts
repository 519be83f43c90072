import type { Draft } from 'immer';
import type { JsonPatchOperation } from '../../model/events.js';
import type { ChatState } from './chat-state.js';
import { applyUpdate, diffCustom, type CustomUpdate } from './custom-writes.js';
import { preloadPatcher } from './patcher.js';
import type { ChatStore } from './store.js';

/** `setCustom`: the store shows the new value at once, and the change waits in `customWrites` for the next turn. */
export function writeCustom<S>(store: ChatStore<S>, update: CustomUpdate<S>): void {
  const before = store.getState().custom;
  const after = applyUpdate(before, update);
  const write = diffCustom(before, after);
  if (write.length === 0) return;
  // The write waits in `customWrites`, re-applied by the patcher on top of the agent's next state: load it now.
  preloadPatcher();
  store.update((draft) => {
    (draft as Draft<ChatState>).custom = after as Draft<unknown>;
    draft.customWrites = [...(draft.customWrites ?? []), write as Draft<JsonPatchOperation>[]];
  });
}
