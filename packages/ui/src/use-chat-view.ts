import type { AgentChat } from '@agent-chat/core';
import { useAgentChat, type UseAgentChatResult } from '@agent-chat/react';
import { createContext, useContext } from 'react';
import type { AnySessionState } from './any-agent-chat.js';

type ChatActions = Pick<UseAgentChatResult<AnySessionState>, 'chat' | 'send' | 'resume' | 'stop'>;

/**
 * The actions of the `useAgentChat` call that owns the chat (AgentChatView's): turns started through them are
 * aborted when that owner unmounts, which a second, non-owning hook's actions would not do.
 */
export const OwnerActionsContext = createContext<ChatActions | null>(null);

/** The chat state for a component: its `chat` prop, else the nearest provider's; actions from the owner when known. */
export function useChatView<S = unknown>(chat?: AgentChat<S>): UseAgentChatResult<S> {
  const result = useAgentChat<S>(chat ? { chat } : undefined);
  const owner = useContext(OwnerActionsContext);
  if (!owner || owner.chat !== result.chat) return result;
  return { ...result, send: owner.send, resume: owner.resume, stop: owner.stop };
}
