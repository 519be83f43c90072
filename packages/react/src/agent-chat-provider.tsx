import type { AgentChat } from '@agent-chat/core';
import { createContext, useContext, type ReactNode } from 'react';

// The chat's state type is erased here; `useAgentChatContext<S>()` restores it.
const AgentChatContext = createContext<object | null>(null);

/** Props of {@link AgentChatProvider}. */
export interface AgentChatProviderProps<S = unknown> {
  chat: AgentChat<S>;
  children?: ReactNode;
}

/** Shares one AgentChat with every `useAgentChat()` and `useAgentChatContext()` below it. */
export function AgentChatProvider<S = unknown>({ chat, children }: AgentChatProviderProps<S>) {
  return <AgentChatContext.Provider value={chat}>{children}</AgentChatContext.Provider>;
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
