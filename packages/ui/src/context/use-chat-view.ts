import type { AgentChat } from '@agent-chat/core';
import { useAgentChat, useOptionalAgentChatContext, type UseAgentChatResult } from '@agent-chat/react';
import { createContext, useContext } from 'react';

type ChatActions = Pick<UseAgentChatResult<unknown>, 'chat' | 'send' | 'resume' | 'stop'>;

/**
 * The actions of the `useAgentChat` call that owns the chat (AgentChatView's). Since that owner disposes its chat when it
 * unmounts (every turn of it aborted, whoever started it), these are the chat's own methods bound: the context stays for
 * the parts that read it, and can go (a follow-up; composer.tsx reads it too).
 */
export const OwnerActionsContext = createContext<ChatActions | null>(null);

/** The chat state for a component: its `chat` prop, else the nearest provider's; actions from the owner when known. */
export function useChatView<S = unknown>(chat?: AgentChat<S>): UseAgentChatResult<S> {
  const result = useAgentChat<S>(chat ? { chat } : undefined);
  const owner = useContext(OwnerActionsContext);
  if (!owner || owner.chat !== result.chat) return result;
  // The owner's chat is this very chat (checked above), so its actions answer with this chat's S.
  const actions = owner as unknown as Pick<UseAgentChatResult<S>, 'send' | 'resume' | 'stop'>;
  return { ...result, send: actions.send, resume: actions.resume, stop: actions.stop };
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
