import type { ChatMessage } from '@agent-chat/core';
import type { UseAgentChatResult } from '@agent-chat/react';
import { useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import type { MessageActionHandlers } from './message-actions.js';

/**
 * MessageList's message actions: one stable handler object for every row, the row that offers Retry, and focus moved
 * to the new version's Edit button once an edit has replaced a row.
 */
export function useMessageActions(view: UseAgentChatResult<any>, list: RefObject<HTMLElement | null>, enabled: boolean) {
  const { chat, messages, isThinking } = view;
  // After an edit: the row index whose new version gets focus, and the id it had before.
  const pendingFocus = useRef<{ index: number; replaced: string } | null>(null);
  const handlers = useMemo<MessageActionHandlers | undefined>(() => {
    if (!enabled) return undefined;
    return {
      regenerate: (message) => void chat.regenerate(message.id),
      edit(message, text) {
        pendingFocus.current = { index: chat.getState().messages.findIndex((row: ChatMessage) => row.id === message.id), replaced: message.id };
        void chat.edit(message.id, text);
      },
      switchBranch: (message, index) => chat.switchBranch(message.id, index),
      retry: () => void chat.retry(),
    };
  }, [chat, enabled]);

  useLayoutEffect(() => {
    const pending = pendingFocus.current;
    const id = pending ? messages[pending.index]?.id : undefined;
    if (!pending || !id || id === pending.replaced) return;
    const row = [...(list.current?.querySelectorAll<HTMLElement>('[data-message-id]') ?? [])].find((element) => element.dataset.messageId === id);
    const button = row?.querySelector<HTMLElement>('[data-action="edit"]');
    if (!button) return;
    pendingFocus.current = null;
    button.focus();
  });

  const last = messages[messages.length - 1];
  const retryId = handlers && !isThinking && last && (last.status === 'failed' || last.status === 'aborted') ? last.id : undefined;
  return { handlers, retryId };
}
