import { isTextPart, textOf, type ChatMessage } from '@agent-chat/core';
import { useEffect, useMemo, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../util/class-names.js';
import { Slot } from '../parts/slot.js';
import type { AsChildProps } from '../parts/part-button.js';
import { useLabels } from '../labels/labels.js';
import { BranchPicker } from './branch-picker.js';
import { CopyAction } from './copy-action.js';
import { EditAction } from './edit-action.js';
import { FeedbackAction } from './feedback-action.js';
import { answerText, appliesTo, MessageActionsContext, type MessageActionsChat, type MessageActionsContextValue } from './message-actions-context.js';
import { MessageEditor } from './message-editor.js';
import { RegenerateAction } from './regenerate-action.js';
import { RetryAction } from './retry-action.js';

export type { MessageActionsChat } from './message-actions-context.js';

/** Props of {@link MessageActions} (and of a replacement passed as MessageList's `actions`). */
export interface MessageActionsProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'>, AsChildProps {
  message: ChatMessage;
  /** The row's chat: what the actions call (any `AgentChat<S>` is one, whatever its `S`). */
  chat: MessageActionsChat;
  /** This row is the failed or stopped end of the conversation: it offers Retry. */
  canRetry: boolean;
  /** The message whose alternatives the version switcher shows (an answer's first message with versions); default `message`. */
  versions?: ChatMessage | undefined;
  /**
   * The model messages of the answer this row ends, in order (tool cards, reasoning, text, artifacts); default
   * `[message]`. Copy copies the text parts of all of them, joined with blank lines (not tool calls or reasoning).
   */
  answer?: readonly ChatMessage[] | undefined;
  /** The parts to show, in order (`<MessageActions.Copy />`, your own buttons…); default BranchPicker, Copy, Edit, Regenerate, Feedback, Retry. With `asChild`, your one element holding them. */
  children?: ReactNode;
}

/** Moves focus to the Edit button of message `id` once its row is rendered (a few frames at most). */
function focusEditOf(id: string | undefined, frames = 30): void {
  if (!id || frames === 0 || typeof requestAnimationFrame === 'undefined') return;
  requestAnimationFrame(() => {
    const row = [...document.querySelectorAll<HTMLElement>('[data-message-id]')].find((element) => element.dataset.messageId === id);
    const button = row?.querySelector<HTMLElement>('[data-action="edit"]');
    if (button) button.focus();
    else focusEditOf(id, frames - 1);
  });
}

const DEFAULT_PARTS = (
  <>
    <BranchPicker />
    <CopyAction />
    <EditAction />
    <RegenerateAction />
    <FeedbackAction />
    <RetryAction />
  </>
);

const anyDefaultApplies = (context: MessageActionsContextValue) => Object.values(appliesTo).some((applies) => applies(context));

/**
 * `MessageActions.Root`: a message's actions, a group of parts (no `data-state`: it has no state of its own): Copy (any message with text), Regenerate (model messages), Edit (user
 * messages, inline), the version switcher where alternatives exist (`‹ 2 / 3 ›`), Feedback, and Retry on the failed or
 * stopped end of the conversation. Give `children` to choose, reorder or add parts; your own buttons inside get the
 * group's styling and show with it on hover and focus.
 */
export function MessageActions({ message, chat, canRetry, versions = message, answer, asChild, children, className, ...rest }: MessageActionsProps) {
  const labels = useLabels();
  const [editing, setEditing] = useState(false);
  const group = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    group.current?.querySelector<HTMLElement>('[data-action="edit"]')?.focus();
  }, [editing]);
  const context = useMemo<MessageActionsContextValue>(
    () => ({ message, chat, canRetry, versions, text: textOf(message.content), copyText: answerText(message, answer), startEditing: () => setEditing(true) }),
    [message, chat, canRetry, versions, answer],
  );
  if (message.status === 'streaming') return null;
  if (editing) {
    const close = () => {
      refocus.current = true;
      setEditing(false);
    };
    const submit = (next: string) => {
      const index = chat.getState().messages.findIndex((row: ChatMessage) => row.id === message.id);
      // The new version keeps the message's attachments: only its text was edited.
      void chat.edit(message.id, { message: { role: 'user', content: [...message.content.filter((part) => !isTextPart(part)), { text: next }] } });
      // Idle, the new version is in place at once; queued, it comes later and keeps its own focus.
      focusEditOf(chat.getState().messages[index]?.id);
    };
    return <MessageEditor text={context.text} onCancel={close} onSubmit={submit} />;
  }
  if (children === undefined && !anyDefaultApplies(context)) return null;
  const Element = asChild ? Slot : 'div';
  return (
    <MessageActionsContext.Provider value={context}>
      <Element role="group" aria-label={labels.messageActions} {...rest} ref={group} className={cx('acu-message-actions', className)}>
        {children ?? DEFAULT_PARTS}
      </Element>
    </MessageActionsContext.Provider>
  );
}
