import type { ToolRequestPart, ToolResponsePart } from '@agent-chat/core';
import { useEffect, useId, useLayoutEffect, useRef, useState, type DialogHTMLAttributes, type FormEvent, type ReactNode } from 'react';
import { cx } from './class-names.js';
import { trapTab } from './focus-trap.js';
import { formatValue } from './format-value.js';
import { interruptResponses, questionOf } from './interrupt-answers.js';
import { useChatView } from './use-chat-view.js';
import type { AgentChat } from '@agent-chat/core';

/** Props of {@link InterruptConfirmDialog}. */
export interface InterruptConfirmDialogProps<S = unknown> extends Omit<DialogHTMLAttributes<HTMLDialogElement>, 'open' | 'title'> {
  chat?: AgentChat<S>;
  /** Default: the pending tools' names. */
  title?: ReactNode;
  description?: ReactNode;
  confirmLabel?: string;
  denyLabel?: string;
}

interface BodyProps extends Omit<InterruptConfirmDialogProps, 'chat'> {
  interrupts: readonly ToolRequestPart[];
  onAnswer: (parts: ToolResponsePart[]) => void;
}

// Chrome ≥ 134 then ignores Escape for this dialog; others fire `cancel`, which is prevented below.
const NEVER_LIGHT_DISMISS = { closedby: 'none' } as Record<string, string>;

function DialogBody({
  interrupts, onAnswer, title, description, confirmLabel = 'Confirm', denyLabel = 'Deny', className, ...rest
}: BodyProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const deny = useRef<HTMLButtonElement>(null);
  const id = useId();
  const [answers, setAnswers] = useState<string[]>(() => interrupts.map(() => ''));
  const [warned, setWarned] = useState(false);

  // Modal where <dialog> is supported, else just open; also reopens it when a browser closed it anyway.
  const show = () => {
    const dialog = ref.current;
    if (!dialog?.showModal) dialog?.setAttribute('open', '');
    else if (!dialog.open) dialog.showModal();
    deny.current?.focus();
  };
  useLayoutEffect(show, []);
  // Escape, a click outside, or a browser closing the dialog anyway: keep the interrupt and say what is expected.
  const keepOpen = () => {
    show();
    setWarned(true);
  };
  useEffect(() => {
    // On the document, in the capture phase: wherever the focus is (even on the body after a click on plain text),
    // Escape never closes the dialog and Tab never leaves it. Preventing Escape's keydown also stops a browser's
    // own close request. `keepOpen` only uses refs and a state setter, so the first render's is always current.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        keepOpen();
      } else if (ref.current) {
        trapTab(event, ref.current);
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per mount: `keepOpen` only uses refs and a state setter
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    onAnswer(interruptResponses(interrupts, true, answers));
  };
  const names = [...new Set(interrupts.map((interrupt) => interrupt.toolRequest.name))].join(', ');
  const several = interrupts.length > 1;
  return (
    <dialog
      {...NEVER_LIGHT_DISMISS}
      {...rest}
      ref={ref}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className={cx('acu-interrupt-dialog', className)}
      data-state="open"
      onCancel={(event) => {
        event.preventDefault();
        keepOpen();
      }}
      onClose={keepOpen}
      onClick={(event) => {
        if (event.target === event.currentTarget) keepOpen();
      }}
    >
      <form className="acu-interrupt-dialog__form" data-state="open" onSubmit={confirm}>
        <h2 id={`${id}-title`} className="acu-interrupt-dialog__title">{title ?? names}</h2>
        <p id={`${id}-description`} className="acu-interrupt-dialog__description">
          {description ?? (several ? `The agent paused for ${interrupts.length} answers.` : 'The agent paused and is waiting for your answer.')}
        </p>
        {interrupts.map((interrupt, index) => {
          const question = questionOf(interrupt);
          const input = interrupt.toolRequest.input;
          return (
            <section key={index} className="acu-interrupt" data-state="pending" aria-label={several ? interrupt.toolRequest.name : undefined}>
              {several ? <div className="acu-interrupt__name">{interrupt.toolRequest.name}</div> : null}
              {question !== null ? (
                <>
                  <label className="acu-interrupt__question" htmlFor={`${id}-answer-${index}`}>{question}</label>
                  <input
                    id={`${id}-answer-${index}`}
                    className="acu-interrupt__answer"
                    type="text"
                    autoComplete="off"
                    value={answers[index]}
                    onChange={(event) => setAnswers((current) => current.map((answer, at) => (at === index ? event.target.value : answer)))}
                  />
                </>
              ) : null}
              {input !== undefined ? <pre className="acu-interrupt__input">{formatValue(input)}</pre> : null}
            </section>
          );
        })}
        {warned ? (
          <p className="acu-interrupt-dialog__warning" role="alert" data-state="warned">
            The agent is waiting. Choose {denyLabel} or {confirmLabel} to continue.
          </p>
        ) : null}
        <div className="acu-interrupt-dialog__actions">
          <button
            ref={deny}
            type="button"
            className="acu-interrupt-dialog__deny"
            data-state="idle"
            onClick={() => onAnswer(interruptResponses(interrupts, false))}
          >
            {denyLabel}
          </button>
          <button type="submit" className="acu-interrupt-dialog__confirm" data-state="idle">
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/**
 * An alert dialog for the pending interrupts: it opens when a turn ends waiting for a human, shows each tool's input,
 * and answers all of them together through `resume` (Confirm → `true` or the typed answer, Deny → `false`).
 * Focus starts on Deny; Escape and outside clicks keep it open.
 */
export function InterruptConfirmDialog<S = unknown>({ chat, ...rest }: InterruptConfirmDialogProps<S>) {
  const { interrupts, isThinking, resume } = useChatView(chat);
  const [answered, setAnswered] = useState<readonly ToolRequestPart[] | null>(null);
  if (interrupts.length === 0 || interrupts === answered || isThinking) return null;
  const answer = (parts: ToolResponsePart[]) => {
    setAnswered(interrupts);
    void resume(parts);
  };
  return <DialogBody {...rest} interrupts={interrupts} onAnswer={answer} />;
}
