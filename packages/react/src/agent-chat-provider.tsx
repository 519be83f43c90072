import type { AgentChat, AgentChatOptions } from '@agent-chat/core';
import { createContext, useContext, type ReactNode } from 'react';
import { useOwnedChat } from './use-owned-chat.js';

// Any chat (AgentChat<S> extends AgentChat<unknown>: the chat is read-only); `useAgentChatContext<S>()` names its S.
const AgentChatContext = createContext<AgentChat | null>(null);

/**
 * Props of {@link AgentChatProvider}: a `chat` to share, or the options of one to create (once per mounted provider,
 * handed the whole options object on every render, as `useAgentChat` does).
 */
export type AgentChatProviderProps<S = unknown> =
  | { chat: AgentChat<S>; children?: ReactNode }
  | (AgentChatOptions<S> & { chat?: undefined; children?: ReactNode });

/** Shares one AgentChat (given, or made from the options) with every `useAgentChat()` and `useAgentChatContext()` below it. */
export function AgentChatProvider<S = unknown>(props: AgentChatProviderProps<S>) {
  const { children, ...options } = props;
  const owned = useOwnedChat<S>(options.chat ? undefined : (options as AgentChatOptions<S>));
  return <AgentChatContext.Provider value={props.chat ?? owned}>{children}</AgentChatContext.Provider>;
}

/** The chat of the nearest provider, or null outside one. */
export function useOptionalAgentChatContext<S = unknown>(): AgentChat<S> | null {
  return useContext(AgentChatContext) as AgentChat<S> | null;
}

/** The AgentChat of the nearest {@link AgentChatProvider}; throws outside one. */
export function useAgentChatContext<S = unknown>(): AgentChat<S> {
  const chat = useOptionalAgentChatContext<S>();
  if (!chat) throw new Error('useAgentChatContext() must be called inside an <AgentChatProvider>.');
  return chat;
}
