import { isTextPart, textOf, type AgentChat, type ChatMessage } from '@agent-chat/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLabels } from './labels.js';
import { MessageFeedbackButtons } from './message-feedback.js';

/** The operations of a chat that message actions use. */
export type MessageActionsChat = Pick<AgentChat<unknown>, 'getState' | 'edit' | 'regenerate' | 'retry' | 'switchBranch' | 'setFeedback'>;

/** Props of {@link MessageActions} (and of a replacement passed as MessageList's `actions`). */
export interface MessageActionsProps {
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
}

/** The text an answer's Copy copies: each message's text parts, the messages joined with a blank line. */
const answerText = (answer: readonly ChatMessage[]) =>
  answer.map((message) => textOf(message.content).trim()).filter((text) => text !== '').join('\n\n');

function copy(text: string): Promise<boolean> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  return clipboard ? clipboard.writeText(text).then(() => true, () => false) : Promise.resolve(false);
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

/** The inline editor of a user message: Enter sends, Shift+Enter adds a line, Escape cancels. */
function MessageEditor({ text, onSubmit, onCancel }: { text: string; onSubmit: (text: string) => void; onCancel: () => void }) {
  const labels = useLabels();
  const [value, setValue] = useState(text);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  const submit = () => (value.trim() ? onSubmit(value) : onCancel());
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form className="acu-message-editor" data-state="editing" onSubmit={(event) => (event.preventDefault(), submit())}>
      <textarea
        ref={field}
        className="acu-message-editor__input"
        aria-label={labels.editMessage}
        value={value}
        rows={Math.min(8, Math.max(2, value.split('\n').length))}
        onChange={(event) => setValue(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <div className="acu-message-editor__buttons">
        <button type="submit" className="acu-button" data-action="save">{labels.saveEdit}</button>
        <button type="button" className="acu-button" data-action="cancel" onClick={onCancel}>{labels.cancelEdit}</button>
      </div>
    </form>
  );
}

/**
 * A message's actions: Copy (any message with text), Regenerate (model messages), Edit (user messages, inline), the
 * version switcher where alternatives exist (`‹ 2 / 3 ›`), and Retry on the failed or stopped end of the conversation.
 */
export function MessageActions({ message, chat, canRetry, versions = message, answer }: MessageActionsProps) {
  const labels = useLabels();
  const [editing, setEditing] = useState(false);
  const [copied, setCopied] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  if (message.status === 'streaming') return null;
  const text = textOf(message.content);
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
    return <MessageEditor text={text} onCancel={close} onSubmit={submit} />;
  }
  // A grouped answer copies whole: the text of every message in it, not only of its last row.
  const copyText = answer && answer.length > 1 ? answerText(answer) : text;
  const siblings = versions.siblings;
  const buttons = [];
  if (siblings && siblings.count > 1) {
    buttons.push(
      <span key="versions" className="acu-message-actions__versions" role="group" aria-label={labels.versionOf(siblings.index + 1, siblings.count)}>
        <button type="button" className="acu-button" data-action="previous" aria-label={labels.previousVersion} disabled={siblings.index === 0}
          onClick={() => chat.switchBranch(versions.id, siblings.index - 1)}>‹</button>
        <span className="acu-message-actions__position" aria-hidden="true">{siblings.index + 1} / {siblings.count}</span>
        <button type="button" className="acu-button" data-action="next" aria-label={labels.nextVersion} disabled={siblings.index === siblings.count - 1}
          onClick={() => chat.switchBranch(versions.id, siblings.index + 1)}>›</button>
      </span>,
    );
  }
  if (copyText) {
    buttons.push(
      <button key="copy" type="button" className="acu-button" data-action="copy" aria-label={copied ? labels.copied : labels.copyMessage}
        onClick={() => void copy(copyText).then(setCopied)} onBlur={() => setCopied(false)}>{copied ? labels.copied : labels.copy}</button>,
    );
  }
  if (message.role === 'user') {
    buttons.push(
      <button key="edit" ref={editButton} type="button" className="acu-button" data-action="edit" aria-label={labels.editMessage} onClick={() => setEditing(true)}>{labels.edit}</button>,
    );
  }
  if (message.role === 'model' && text && !canRetry) {
    buttons.push(
      <button key="regenerate" type="button" className="acu-button" data-action="regenerate" aria-label={labels.regenerateAnswer} onClick={() => void chat.regenerate(message.id)}>{labels.regenerate}</button>,
    );
  }
  if (message.role === 'model' && text && !canRetry) buttons.push(<MessageFeedbackButtons key="feedback" message={message} chat={chat} />);
  if (canRetry) {
    buttons.push(<button key="retry" type="button" className="acu-button" data-action="retry" onClick={() => void chat.retry()}>{labels.retry}</button>);
  }
  if (buttons.length === 0) return null;
  return (
    <div className="acu-message-actions" role="group" aria-label={labels.messageActions} data-state="idle">
      {buttons}
    </div>
  );
}

/** Thumbs up / down with an optional comment (`chat.setFeedback`), as one part of the actions. */
MessageActions.Feedback = MessageFeedbackButtons;
