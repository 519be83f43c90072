import type { AgentChat, ChatState } from '@agent-chat/core';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { coalesceStore, DEFAULT_THROTTLE, type Throttle } from './frame-scheduler.js';

/** Options of {@link useAgentChatSelector}. */
export interface AgentChatSelectorOptions {
  /** Commit coalescing while a turn streams, as in `useAgentChat`: the render budget (`'auto'`, default), per N ms on a frame, per frame, or none. */
  throttle?: Throttle;
}

/**
 * Subscribes to one slice of a chat's state: the component re-renders only when `equalityFn` says the
 * selection changed, so a component reading `custom.tasks` or one artifact stays still while text streams.
 * Like `useAgentChat`, it sees the state at most once per 50 ms while a turn streams (up to 150 ms apart while commits
 * are costly; the turn end, an error and interrupts at once), in the same frame as every other hook on the chat.
 */
export function useAgentChatSelector<S, T>(
  chat: AgentChat<S>,
  selector: (state: ChatState<S>) => T,
  equalityFn: (previous: T, next: T) => boolean = Object.is,
  options?: AgentChatSelectorOptions,
): T {
  const throttle = options?.throttle ?? DEFAULT_THROTTLE;
  const store = useMemo(() => coalesceStore(chat, throttle), [chat, throttle]);
  // The last committed selection: a new inline selector returning an equal value keeps its identity.
  const committed = useRef<{ value: T } | null>(null);
  // eslint-disable-next-line react-hooks/immutability -- `memo` caches per getSnapshot function: useSyncExternalStore calls it again and again and needs the same value back
  const getSelection = useMemo(() => {
    let memo: { state: ChatState<S>; value: T } | null = null;
    return (): T => {
      const state = store.getSnapshot();
      if (memo && memo.state === state) return memo.value;
      const next = selector(state);
      const previous = memo ?? committed.current;
      const value = previous && equalityFn(previous.value, next) ? previous.value : next;
      // eslint-disable-next-line react-hooks/immutability -- see `getSelection` above
      memo = { state, value };
      return value;
    };
  }, [store, selector, equalityFn]);
  const selection = useSyncExternalStore(store.subscribe, getSelection, getSelection);
  useEffect(() => {
    committed.current = { value: selection };
  }, [selection]);
  return selection;
}
