import { useContext, useId, useRef, useState, type FormEvent, type FormHTMLAttributes, type KeyboardEvent } from 'react';
import { cx } from './class-names.js';
import { ComposerFocusContext } from './composer-focus.js';
import { useChatView } from './use-chat-view.js';
import type { AgentChat } from '@agent-chat/core';

/** Props of {@link Composer}. */
export interface ComposerProps<S = unknown> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  chat?: AgentChat<S>;
  /** The text field's accessible name. Default "Message". */
  label?: string;
  placeholder?: string;
  /** Called instead of the chat's `send`, e.g. to add context to the message. */
  onSend?: (text: string) => void;
  sendLabel?: string;
  stopLabel?: string;
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line, a Stop button replaces Send while the agent thinks,
 * and it is disabled while an interrupt waits for an answer.
 */
export function Composer<S = unknown>({
  chat, label = 'Message', placeholder = 'Message the agent…', onSend, sendLabel = 'Send', stopLabel = 'Stop', className, ...rest
}: ComposerProps<S>) {
  const { isThinking, interrupts, send, stop } = useChatView(chat);
  const [text, setText] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const focusTargetRef = useContext(ComposerFocusContext);
  const id = useId();
  const waiting = interrupts.length > 0 && !isThinking;
  const state = waiting ? 'disabled' : isThinking ? 'thinking' : 'idle';
  const canSend = state === 'idle' && text.trim() !== '';

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    if (onSend) onSend(text);
    else void send(text);
    setText('');
    field.current?.focus();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while composing (IME) confirms the composition, it does not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };
  const handleStop = () => {
    void stop();
    field.current?.focus();
  };
  return (
    <form {...rest} className={cx('acu-composer', className)} data-state={state} onSubmit={submit}>
      <label className="acu-visually-hidden" htmlFor={`${id}-text`}>{label}</label>
      <textarea
        ref={(element) => {
          field.current = element;
          if (focusTargetRef) focusTargetRef.current = element;
        }}
        id={`${id}-text`}
        className="acu-composer__input"
        data-state={state}
        rows={1}
        value={text}
        placeholder={waiting ? 'Answer the pending request first' : placeholder}
        disabled={waiting}
        aria-describedby={waiting ? `${id}-hint` : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={handleKeyDown}
      />
      {waiting ? (
        <span id={`${id}-hint`} className="acu-visually-hidden">The agent is waiting for your answer to a request.</span>
      ) : null}
      {isThinking ? (
        <button type="button" className="acu-composer__stop" data-state={state} onClick={handleStop}>
          {stopLabel}
        </button>
      ) : (
        <button type="submit" className="acu-composer__send" data-state={state} disabled={!canSend}>
          {sendLabel}
        </button>
      )}
    </form>
  );
}
