import type { AgentChat } from '@agent-chat/core';
import { useAgentChat, useOptionalAgentChatContext, type UseAgentChatResult } from '@agent-chat/react';

/**
 * The chat state for a component: its `chat` prop, else the nearest provider's. Its actions are the chat's own: the
 * component that made the chat disposes it when it unmounts (every turn of it aborted, whoever started it).
 */
export function useChatView<S = unknown>(chat?: AgentChat<S>): UseAgentChatResult<S> {
  return useAgentChat<S>(chat ? { chat } : undefined);
}

/**
 * The chat a component shows, without subscribing to its state: its `chat` prop, else the nearest provider's. For the
 * parts that read one slice through `useAgentChatSelector` and so do not render on text tokens.
 */
export function useChatOf<S>(chat: AgentChat<S> | undefined, component: string): AgentChat<unknown> {
  const fromContext = useOptionalAgentChatContext<unknown>();
  const found: AgentChat | null = chat ?? fromContext;
  if (!found) throw new Error(`<${component}> needs a \`chat\` prop or an <AgentChatProvider> above it.`);
  return found;
}
