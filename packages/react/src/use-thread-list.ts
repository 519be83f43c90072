import type { AgentChat } from '@agent-chat/core';
import type { ThreadListHandle, ThreadListState } from '@agent-chat/core/threads';
import { useMemo, useSyncExternalStore } from 'react';

/** What {@link useThreadList} returns: the list's state, its operations, and the active thread's chat. */
export type UseThreadListResult<S = unknown> = ThreadListState &
  Pick<ThreadListHandle<S>, 'create' | 'switchTo' | 'rename' | 'archive' | 'unarchive' | 'remove' | 'undoRemove' | 'loadMore' | 'clearError'> & {
    /** The active thread's chat (null when none is active): give it to `useAgentChat({ chat })`. */
    chat: AgentChat<S> | null;
    list: ThreadListHandle<S>;
  };

/** Subscribes to a thread list (`createThreadList` from `@agent-chat/core/threads`): one render per change of its state. */
export function useThreadList<S>(list: ThreadListHandle<S>): UseThreadListResult<S> {
  const state = useSyncExternalStore(list.subscribe, list.getState, list.getState);
  const operations = useMemo(
    () => ({
      create: list.create, switchTo: list.switchTo, rename: list.rename, archive: list.archive, unarchive: list.unarchive,
      remove: list.remove, undoRemove: list.undoRemove, loadMore: list.loadMore, clearError: list.clearError,
    }),
    [list],
  );
  const chat = useMemo(() => (state.activeId ? list.chat(state.activeId) : null), [list, state.activeId]);
  return { ...state, ...operations, chat, list };
}
