import type { AgentChat, ChatState, MediaPart, Part } from '@agent-chat/core';
import { useAgentChatSelector } from '@agent-chat/react';
import {
  forwardRef, useContext, useId, useRef, useState,
  type ClipboardEvent, type ForwardedRef, type ReactNode, type DragEvent, type FormEvent, type FormHTMLAttributes, type KeyboardEvent, type Ref,
} from 'react';
import { cx } from './class-names.js';
import { ComposerAttachmentChips } from './composer-attachment-chips.js';
import { toMediaPart, useComposerAttachments, type ComposerAttachmentOptions } from './composer-attachments.js';
import { ComposerFocusContext } from './composer-focus.js';
import { AttachIcon, SendIcon, StopIcon } from './composer-icons.js';
import { useLabels, type AgentChatLabels } from './labels.js';
import { OwnerActionsContext, useChatOf } from './use-chat-view.js';

/** Props of {@link Composer}. */
export interface ComposerProps<S = unknown> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  chat?: AgentChat<S>;
  placeholder?: string;
  /** Called instead of the chat's `send`, e.g. to add context to the message; `attachments` are the files as media parts. */
  onSend?: (text: string, attachments: MediaPart[]) => void;
  /** Files by button, drag-and-drop and paste, within these limits (default: on, with the default limits); `false` for none. */
  attachments?: ComposerAttachmentOptions | boolean;
  /** Replaces any of the composer's strings. */
  labels?: Partial<AgentChatLabels>;
  /** The text field, e.g. to focus it from a suggestion. */
  ref?: Ref<HTMLTextAreaElement>;
}

type ComposerState = 'idle' | 'thinking' | 'disabled';

// The one slice the composer shows: a string, so a text token (which changes neither) never re-renders it.
const composerState = (state: ChatState<unknown>): ComposerState =>
  state.status === 'submitted' || state.status === 'streaming' ? 'thinking' : state.interrupts.length > 0 ? 'disabled' : 'idle';

const NO_OPTIONS: ComposerAttachmentOptions = {};

function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

// `forwardRef`, not React 19's `ref` prop: React 18 never hands a function component its `ref`.
function ComposerWithRef<S = unknown>({
  chat: chatProp, placeholder, onSend, attachments = true, labels: ownLabels, className, ...rest
}: Omit<ComposerProps<S>, 'ref'>, ref: ForwardedRef<HTMLTextAreaElement>) {
  const chat = useChatOf(chatProp, 'Composer');
  const state = useAgentChatSelector(chat, composerState);
  const owner = useContext(OwnerActionsContext);
  const actions = owner && owner.chat === chat ? owner : chat;
  const labels = useLabels(ownLabels);
  const options = typeof attachments === 'object' ? attachments : NO_OPTIONS;
  const files = useComposerAttachments(options, labels);
  const canAttach = attachments !== false;
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [dragging, setDragging] = useState(false);
  const field = useRef<HTMLTextAreaElement | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const focusTargetRef = useContext(ComposerFocusContext);
  const id = useId();
  const waiting = state === 'disabled';
  const canSend = state === 'idle' && !sending && (text.trim() !== '' || files.items.length > 0);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    const message = text;
    let parts: MediaPart[] = [];
    if (files.items.length > 0) {
      setSending(true);
      const results = await Promise.allSettled(files.items.map((item) => toMediaPart(item.file, options.uploadFile)));
      setSending(false);
      const failed = files.items.filter((_, index) => results[index]!.status === 'rejected');
      if (failed.length > 0) {
        files.setError(failed.map((item) => labels.attachmentFailed(item.file.name)).join(' '));
        return;
      }
      parts = results.map((result) => (result as PromiseFulfilledResult<MediaPart>).value);
    }
    if (onSend) onSend(message, parts);
    else if (parts.length === 0) void actions.send(message);
    else {
      const content: Part[] = message.trim() === '' ? parts : [...parts, { text: message }];
      void actions.send({ message: { role: 'user', content } });
    }
    setText('');
    files.clear();
    if (field.current) field.current.style.height = '';
    field.current?.focus();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while composing (IME) confirms the composition, it does not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };
  const handleStop = () => {
    void actions.stop();
    field.current?.focus();
  };
  const handlePaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = Array.from(event.clipboardData.files);
    if (!canAttach || waiting || pasted.length === 0) return;
    event.preventDefault();
    files.add(pasted);
  };
  const carriesFiles = (event: DragEvent) => canAttach && !waiting && Array.from(event.dataTransfer.types).includes('Files');
  const handleDragOver = (event: DragEvent<HTMLFormElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const handleDragLeave = (event: DragEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const handleDrop = (event: DragEvent<HTMLFormElement>) => {
    setDragging(false);
    if (!carriesFiles(event)) return;
    event.preventDefault();
    files.add(Array.from(event.dataTransfer.files));
    field.current?.focus();
  };
  const removeAttachment = (attachmentId: string) => {
    files.remove(attachmentId);
    field.current?.focus();
  };

  return (
    <form
      {...rest}
      className={cx('acu-composer', className)}
      data-state={state}
      aria-busy={sending || undefined}
      onSubmit={(event) => void submit(event)}
      onDragOver={handleDragOver}
      onDragLeave={handleDragLeave}
      onDrop={handleDrop}
    >
      {/* Inserted with its text: an element with role=alert is announced when it appears. */}
      {files.error ? <p className="acu-composer__alert" role="alert">{files.error}</p> : null}
      <div className="acu-composer__box" data-state={state}>
        {dragging ? <div className="acu-composer__drop" data-state="active" aria-hidden="true">{labels.dropFilesHere}</div> : null}
        {files.items.length > 0 ? <ComposerAttachmentChips items={files.items} onRemove={removeAttachment} labels={labels} /> : null}
        <div className="acu-composer__row">
          {canAttach ? (
            <>
              <input
                ref={picker}
                type="file"
                multiple
                hidden
                accept={files.accept}
                className="acu-composer__file-input"
                onChange={(event) => {
                  files.add(Array.from(event.target.files ?? []));
                  event.target.value = '';
                }}
              />
              <button
                type="button"
                className="acu-composer__attach"
                aria-label={labels.attachFiles}
                title={labels.attachFiles}
                disabled={waiting}
                onClick={() => picker.current?.click()}
              >
                <AttachIcon />
              </button>
            </>
          ) : null}
          <label className="acu-visually-hidden" htmlFor={`${id}-text`}>{labels.composerLabel}</label>
          <textarea
            ref={(element) => {
              field.current = element;
              if (focusTargetRef) focusTargetRef.current = element;
              setRef(ref, element);
            }}
            id={`${id}-text`}
            className="acu-composer__input"
            data-state={state}
            rows={1}
            value={text}
            placeholder={waiting ? labels.composerWaitingPlaceholder : (placeholder ?? labels.composerPlaceholder)}
            disabled={waiting}
            aria-describedby={waiting ? `${id}-hint` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              growToContent(event.target);
            }}
            onKeyDown={handleKeyDown}
            onPaste={handlePaste}
          />
          {waiting ? <span id={`${id}-hint`} className="acu-visually-hidden">{labels.composerWaitingHint}</span> : null}
          {state === 'thinking' ? (
            <button type="button" className="acu-composer__stop" data-state={state} aria-label={labels.stop} title={labels.stop} onClick={handleStop}>
              <StopIcon />
            </button>
          ) : (
            <button type="submit" className="acu-composer__send" data-state={state} aria-label={labels.send} title={labels.send} disabled={!canSend}>
              <SendIcon />
            </button>
          )}
        </div>
      </div>
    </form>
  );
}

const sizesItself = () => typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** Grows the field with its text up to its CSS `max-height`, where `field-sizing: content` does not do it already. */
function growToContent(element: HTMLTextAreaElement | null): void {
  if (!element || sizesItself()) return;
  element.style.height = 'auto';
  if (element.scrollHeight > 0) element.style.height = `${element.scrollHeight}px`;
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line, a Stop button replaces Send while the agent thinks, and
 * it is disabled while an interrupt waits for an answer. Files come by the attach button, drag-and-drop or paste, show
 * as removable chips, and are sent as media parts with the text. It renders only when its own state changes. Its
 * `ref` reaches the text field, on React 18 and 19.
 */
export const Composer = forwardRef(ComposerWithRef) as <S = unknown>(props: ComposerProps<S>) => ReactNode;
