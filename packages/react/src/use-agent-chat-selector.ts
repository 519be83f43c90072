import type { AgentChat, ChatState } from '@agent-chat/core';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';

/**
 * Subscribes to one slice of a chat's state: the component re-renders only when `equalityFn` says the
 * selection changed, so a component reading `custom.tasks` or one artifact stays still while text streams.
 */
export function useAgentChatSelector<S, T>(
  chat: AgentChat<S>,
  selector: (state: ChatState<S>) => T,
  equalityFn: (previous: T, next: T) => boolean = Object.is,
): T {
  // The last committed selection: a new inline selector returning an equal value keeps its identity.
  const committed = useRef<{ value: T } | null>(null);
  const getSelection = useMemo(() => {
    let memo: { state: ChatState<S>; value: T } | null = null;
    return (): T => {
      const state = chat.getState();
      if (memo && memo.state === state) return memo.value;
      const next = selector(state);
      const previous = memo ?? committed.current;
      const value = previous && equalityFn(previous.value, next) ? previous.value : next;
      memo = { state, value };
      return value;
    };
  }, [chat, selector, equalityFn]);
  const selection = useSyncExternalStore(chat.subscribe, getSelection, getSelection);
  useEffect(() => {
    committed.current = { value: selection };
  }, [selection]);
  return selection;
}
