import type { AgentChat, ChatState, MediaPart, Part } from '@agent-chat/core';
import { useAgentChatSelector } from '@agent-chat/react';
import {
  forwardRef, useContext, useId, useRef, useState,
  type ForwardedRef, type HTMLAttributes, type ReactNode, type DragEvent, type FormEvent, type FormHTMLAttributes, type Ref,
} from 'react';
import { cx } from '../util/class-names.js';
import { hostOf, Slot } from '../parts/slot.js';
import type { AsChildProps } from '../parts/part-button.js';
import { setRef } from '../util/set-ref.js';
import { ComposerAttach } from './composer-attach.js';
import { ComposerAttachmentList } from './composer-attachment-list.js';
import { ComposerContext, type ComposerContextValue, type ComposerState } from './composer-context.js';
import { ComposerInput, resetFieldHeight } from './composer-input.js';
import { ComposerSend } from './composer-send.js';
import { ComposerStop } from './composer-stop.js';
import { useComposerAttachments, type ComposerAttachmentOptions } from './composer-attachments.js';
import { ComposerFocusContext } from '../context/composer-focus.js';
import { useLabels, type AgentChatLabels } from '../labels/labels.js';
import { useChatOf } from '../context/use-chat-view.js';
import { useComposerDraft } from './composer-draft.js';

/** Props of {@link Composer}. */
export interface ComposerProps<S = unknown> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'>, AsChildProps {
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
  /** The parts inside the box, in order (`<Composer.Input />`, `<Composer.Send />`, your own…); default Attachments, then a row of Attach, Input, Stop and Send. With `asChild`, your one `<form>` element, its children the parts. */
  children?: ReactNode;
}

// The one slice the composer shows: a string, so a text token (which changes neither) never re-renders it.
const composerState = (state: ChatState<unknown>): ComposerState =>
  state.status === 'submitted' || state.status === 'streaming' ? 'thinking' : state.interrupts.length > 0 ? 'disabled' : 'idle';

const NO_OPTIONS: ComposerAttachmentOptions = {};

const DEFAULT_PARTS = (
  <>
    <ComposerAttachmentList />
    <div className="acu-composer__row">
      <ComposerAttach />
      <ComposerInput />
      <ComposerStop />
      <ComposerSend />
    </div>
  </>
);

// `forwardRef`, not React 19's `ref` prop: React 18 never hands a function component its `ref`.
function ComposerWithRef<S = unknown>({
  chat: chatProp, placeholder, onSend, attachments = true, labels: ownLabels, asChild, className, children, ...rest
}: Omit<ComposerProps<S>, 'ref'>, ref: ForwardedRef<HTMLTextAreaElement>) {
  const chat = useChatOf(chatProp, 'Composer');
  const state = useAgentChatSelector(chat, composerState);
  const labels = useLabels(ownLabels);
  const options = typeof attachments === 'object' ? attachments : NO_OPTIONS;
  const files = useComposerAttachments(options, labels);
  const canAttach = attachments !== false;
  const [text, setText] = useComposerDraft(chat);
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
      // Reading or uploading the files is a chunk of its own (composer-media.ts); one that cannot load fails every file.
      const media = import('./composer-media.js');
      const results = await Promise.allSettled(files.items.map((item) => media.then((module) => module.toMediaPart(item.file, options.uploadFile))));
      setSending(false);
      const failed = files.items.filter((_, index) => results[index]!.status === 'rejected');
      if (failed.length > 0) {
        files.setError(failed.map((item) => labels.attachmentFailed(item.file.name)).join(' '));
        return;
      }
      parts = results.map((result) => (result as PromiseFulfilledResult<MediaPart>).value);
    }
    if (onSend) onSend(message, parts);
    else if (parts.length === 0) void chat.send(message);
    else {
      const content: Part[] = message.trim() === '' ? parts : [...parts, { text: message }];
      void chat.send({ message: { role: 'user', content } });
    }
    setText('');
    files.clear();
    resetFieldHeight(field.current);
    field.current?.focus();
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
  const context: ComposerContextValue = {
    state,
    inputId: `${id}-text`,
    hintId: `${id}-hint`,
    labels,
    placeholder,
    text,
    setText,
    canSend,
    submit: () => void submit(),
    stop: () => {
      void chat.stop();
      field.current?.focus();
    },
    inputRef: (element) => {
      field.current = element;
      if (focusTargetRef) focusTargetRef.current = element;
      setRef(ref, element);
    },
    canAttach,
    attachments: files.items,
    addFiles: files.add,
    removeFile: (attachmentId) => {
      files.remove(attachmentId);
      field.current?.focus();
    },
    pickFiles: () => picker.current?.click(),
  };

  const host = hostOf(asChild, children);
  const formProps = {
    ...rest,
    className: cx('acu-composer', className),
    'data-state': state,
    'aria-busy': sending || undefined,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
    onDragOver: handleDragOver,
    onDragLeave: handleDragLeave,
    onDrop: handleDrop,
  };
  const body = (
    <>
      {/* Inserted with its text: an element with role=alert is announced when it appears. */}
      {files.error ? <p className="acu-composer__alert" role="alert">{files.error}</p> : null}
      {canAttach ? (
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
      ) : null}
      <label className="acu-visually-hidden" htmlFor={context.inputId}>{labels.composerLabel}</label>
      {waiting ? <span id={context.hintId} className="acu-visually-hidden">{labels.composerWaitingHint}</span> : null}
      <ComposerContext.Provider value={context}>
        <div className="acu-composer__box" data-state={state}>
          {dragging ? <div className="acu-composer__drop" aria-hidden="true">{labels.dropFilesHere}</div> : null}
          {(host ? host.parts : children) ?? DEFAULT_PARTS}
        </div>
      </ComposerContext.Provider>
    </>
  );
  return host ? <Slot {...(formProps as unknown as HTMLAttributes<HTMLElement>)}>{host.wrap(body)}</Slot> : <form {...formProps}>{body}</form>;
}

/**
 * `Composer.Root`: the message box: Enter sends, Shift+Enter starts a new line, a Stop button replaces Send while the agent thinks, and
 * it is disabled while an interrupt waits for an answer. Files come by the attach button, drag-and-drop or paste, show
 * as removable chips, and are sent as media parts with the text. It renders only when its own state changes. Its
 * `ref` reaches the text field, on React 18 and 19. Its `children` replace the default parts inside the box.
 */
export const Composer = forwardRef(ComposerWithRef) as <S = unknown>(props: ComposerProps<S>) => ReactNode;
