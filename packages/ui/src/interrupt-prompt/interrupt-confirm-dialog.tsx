import { toolCallIdOf, type AgentChat, type ToolRequestPart, type ToolResponsePart } from '@agent-chat/core';
import { useEffect, useId, useLayoutEffect, useRef, useState, type DialogHTMLAttributes, type FormEvent, type ReactNode } from 'react';
import { cx } from '../util/class-names.js';
import { useFocusComposer } from '../context/composer-focus.js';
import { trapTab } from '../util/focus-trap.js';
import { formatValue } from '../util/format-value.js';
import { interruptQuestion, interruptResponses, type InterruptQuestion } from './interrupt-answers.js';
import { useLabels, type AgentChatLabels } from '../labels/labels.js';
import { readableToolName } from '../util/readable-name.js';
import { useChatView } from '../context/use-chat-view.js';
import { InterruptPromptActions, InterruptPromptConfirm, InterruptPromptDeny } from './interrupt-prompt-actions.js';
import { InterruptPromptAnswer } from './interrupt-prompt-answer.js';
import { InterruptPromptContext, type InlinePrompt, type InterruptPromptContextValue } from './interrupt-prompt-context.js';
import { InterruptPromptDescription } from './interrupt-prompt-description.js';
import { InterruptPromptTitle } from './interrupt-prompt-title.js';

// Open confirmation dialogs per document.
const openDialogs = new WeakMap<Document, number>();

/**
 * Marks the page while a confirmation dialog is open (`data-acu-confirming` on its root element): the inline prompts
 * wait behind it (`:root[data-acu-confirming] .acu-tool__prompt`). An attribute, not `:root:has(dialog[open])`: a
 * `:has()` on an ancestor of the message list makes the browser re-check the whole page for every node a streamed token
 * inserts. Returns the unmark.
 */
function markConfirming(document: Document | undefined): () => void {
  if (!document) return () => {};
  const count = (openDialogs.get(document) ?? 0) + 1;
  openDialogs.set(document, count);
  if (count === 1) document.documentElement.setAttribute('data-acu-confirming', '');
  return () => {
    const left = (openDialogs.get(document) ?? 1) - 1;
    openDialogs.set(document, left);
    if (left === 0) document.documentElement.removeAttribute('data-acu-confirming');
  };
}

/** Props of {@link InterruptConfirmDialog}. */
export interface InterruptConfirmDialogProps<S = unknown> extends Omit<DialogHTMLAttributes<HTMLDialogElement>, 'open' | 'title'> {
  chat?: AgentChat<S>;
  /** Default: the title the agent gave, else the tool's name in words. */
  title?: ReactNode;
  /** Default: the question the agent asks, else a line saying the agent waits. */
  description?: ReactNode;
  /** Default: the agent's `confirmLabel`; for a destructive interrupt, what it does (its title); else "Confirm". */
  confirmLabel?: string;
  denyLabel?: string;
  labels?: Partial<AgentChatLabels>;
  /** Which interrupts open it: any (default), or only destructive ones (the others are answered inline in the list). */
  interruptDialog?: 'always' | 'destructive';
  /**
   * Your own composition of `InterruptPrompt`'s parts (Title, Description, Answer, Actions with Confirm and Deny) inside
   * the dialog's shell (focus trap, alertdialog role, Escape, labelling); default: the dialog's own content. The parts
   * read the pending interrupts as one prompt: the dialog's title, question, answer labels and text answer (the first's).
   */
  children?: ReactNode;
}

interface BodyProps extends Omit<InterruptConfirmDialogProps, 'chat' | 'interruptDialog'> {
  interrupts: readonly ToolRequestPart[];
  onAnswer: (parts: ToolResponsePart[]) => void;
  /** Escape: the dialog closes without an answer (the interrupt stays pending, answered inline). */
  onDismiss: () => void;
}

// A click outside does not close it (Chrome ≥ 134 reads `closedby`); Escape is handled below.
const NO_LIGHT_DISMISS = { closedby: 'closerequest' } as Record<string, string>;

const titleOf = (prompt: InterruptQuestion, part: ToolRequestPart) => prompt.title ?? readableToolName(part.toolRequest.name);

function DialogBody({ interrupts, onAnswer, onDismiss, title, description, confirmLabel, denyLabel, labels: ownLabels, className, children, ...rest }: BodyProps) {
  const labels = useLabels(ownLabels);
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [answers, setAnswers] = useState<string[]>(() => interrupts.map(() => ''));
  const [missing, setMissing] = useState<boolean[]>(() => interrupts.map(() => false));
  const [warned, setWarned] = useState(false);
  const prompts = interrupts.map(interruptQuestion);
  const several = interrupts.length > 1;
  const danger = prompts.some((prompt) => prompt.destructive);
  const single = several ? undefined : prompts[0];
  const heading = title ?? prompts.map((prompt, index) => titleOf(prompt, interrupts[index]!)).join(', ');
  const denyText = denyLabel ?? single?.denyLabel ?? labels.deny;
  const confirmText = confirmLabel ?? single?.confirmLabel ?? (single?.destructive ? titleOf(single, interrupts[0]!) : labels.confirm);

  const dismiss = useRef(onDismiss);
  useLayoutEffect(() => {
    dismiss.current = onDismiss;
  });
  const firstField = () =>
    ref.current?.querySelector<HTMLInputElement>('.acu-interrupt__answer') ?? ref.current?.querySelector<HTMLElement>('.acu-tool__deny') ?? ref.current?.querySelector('button');
  // Modal where <dialog> is supported, else just open; also reopens it when a browser closed it anyway.
  const show = () => {
    const dialog = ref.current;
    if (!dialog?.showModal) dialog?.setAttribute('open', '');
    else if (!dialog.open) dialog.showModal();
  };
  useLayoutEffect(() => {
    show();
    // A text answer is what the agent asked for: start there; else on the safe choice.
    firstField()?.focus();
    return markConfirming(ref.current?.ownerDocument);
  }, []);
  // A click outside, or a browser closing the dialog by itself: keep the interrupt and say what is expected.
  const keepOpen = () => {
    show();
    if (!ref.current?.contains(document.activeElement)) firstField()?.focus();
    setWarned(true);
  };
  useEffect(() => {
    // On the document, in the capture phase: wherever the focus is (even on the body after a click on plain text),
    // Escape closes the dialog without answering (the interrupt waits inline) and Tab never leaves it. Preventing
    // Escape's keydown also stops a browser's own close request, so `close` below only sees other closes.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        dismiss.current();
      } else if (ref.current) {
        trapTab(event, ref.current);
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    // An empty text answer is neither a yes nor a no: say so instead of sending anything.
    const empty = prompts.map((prompt, index) => prompt.textAnswer !== null && answers[index]!.trim() === '');
    if (empty.some(Boolean)) {
      setMissing(empty);
      ref.current?.querySelectorAll<HTMLInputElement>('.acu-interrupt__answer')[0]?.focus();
      return;
    }
    onAnswer(interruptResponses(interrupts, true, answers));
  };
  const setAnswer = (index: number, value: string) => {
    setAnswers((current) => current.map((answer, at) => (at === index ? value : answer)));
    setMissing((current) => current.map((flag, at) => (at === index ? false : flag)));
  };
  const question = description ?? (several ? labels.interruptsDescription(interrupts.length) : (single?.question ?? labels.interruptDescription));
  const denyAll = () => onAnswer(interruptResponses(interrupts, false));
  // The parts (InterruptPrompt.Title, …) see one interrupt as a prompt (its own text answer, wired to this dialog's
  // ids and answers); Deny refuses every pending interrupt, Confirm submits the form.
  const partsOf = (index: number, prompt: InlinePrompt, prefix: string): InterruptPromptContextValue => ({
    id: `${id}-${index}`,
    titleId: `${prefix}-title`,
    descriptionId: `${prefix}-description`,
    toolName: prompt.title ?? titleOf(prompts[index]!, interrupts[index]!),
    prompt,
    labels,
    text: answers[index]!,
    missing: missing[index]!,
    setText: (value) => setAnswer(index, value),
    canConfirm: true,
    deny: denyAll,
  });
  // The whole dialog as one prompt: its title, question and answer labels, the first interrupt's text answer.
  const context = partsOf(0, {
    title: typeof heading === 'string' ? heading : undefined,
    question: typeof question === 'string' ? question : undefined,
    destructive: danger,
    confirmLabel: confirmText,
    denyLabel: denyText,
    textAnswer: prompts[0]!.textAnswer,
  }, id);
  const warning = warned ? (
    <p className="acu-interrupt-dialog__warning" role="alert">
      {labels.interruptWaiting(denyText, confirmText)}
    </p>
  ) : null;
  // The default composition of the parts: the title and question, each interrupt's section (its name and question
  // when there are several, its text answer, its details), then Deny and Confirm (Deny first: the safe choice).
  const content = children ?? (
    <>
      <InterruptPromptTitle asChild>
        <h2 className="acu-interrupt-dialog__title">{heading}</h2>
      </InterruptPromptTitle>
      <InterruptPromptDescription className="acu-interrupt-dialog__description">{question}</InterruptPromptDescription>
      {prompts.map((prompt, index) => {
        const sectionId = `${id}-${index}`;
        return (
          <InterruptPromptContext.Provider key={index}
            value={partsOf(index, { title: titleOf(prompt, interrupts[index]!), question: prompt.question, textAnswer: prompt.textAnswer }, sectionId)}>
            <section className="acu-interrupt" data-variant={prompt.destructive ? 'danger' : undefined} aria-labelledby={several ? `${sectionId}-title` : undefined}>
              {several ? <InterruptPromptTitle className="acu-interrupt__name" /> : null}
              {several && prompt.question ? <InterruptPromptDescription className="acu-interrupt__question" /> : null}
              <InterruptPromptAnswer />
              {prompt.details !== undefined ? (
                <details className="acu-interrupt__details">
                  <summary>{labels.interruptDetails}</summary>
                  <pre className="acu-interrupt__input">{formatValue(prompt.details)}</pre>
                </details>
              ) : null}
            </section>
          </InterruptPromptContext.Provider>
        );
      })}
      {warning}
      {/* The dialog names and describes itself: its buttons need no group of their own. */}
      <InterruptPromptActions className="acu-interrupt-dialog__actions" role={undefined} aria-label={undefined} aria-describedby={undefined}>
        <InterruptPromptDeny className="acu-interrupt-dialog__deny" />
        <InterruptPromptConfirm className="acu-interrupt-dialog__confirm" />
      </InterruptPromptActions>
    </>
  );
  return (
    <dialog
      {...NO_LIGHT_DISMISS}
      {...rest}
      ref={ref}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className={cx('acu-interrupt-dialog', className)}
      data-variant={danger ? 'danger' : undefined}
      onCancel={(event) => {
        event.preventDefault();
        dismiss.current();
      }}
      onClose={keepOpen}
      onClick={(event) => {
        if (event.target === event.currentTarget) keepOpen();
      }}
    >
      <form className="acu-interrupt-dialog__form" noValidate onSubmit={confirm}>
        <InterruptPromptContext.Provider value={context}>{content}</InterruptPromptContext.Provider>
        {children === undefined ? null : warning}
      </form>
    </dialog>
  );
}

/**
 * An alert dialog for the pending interrupts, for confirmations that deserve one (`interruptDialog="destructive"` opens it only
 * for destructive interrupts): it opens when a turn ends waiting for a human and shows what the agent asks — its
 * title and question, a labelled text field only when it asks for text, its input behind "Details", and danger
 * styling with a confirm button that names the action when the interrupt is destructive. All pending interrupts are
 * answered together through `resume` (Confirm → `true` or the typed text, Deny → `false`), then focus returns to the
 * composer. Focus starts on the text field, else on Deny. Escape closes it without answering: the interrupt stays
 * pending, answered inline in the message list (focus moves there); outside clicks keep it open.
 * Client tool calls (the chat's `tools`) are not shown: they run, or wait for their card in the message list.
 */
export function InterruptConfirmDialog<S = unknown>({ chat, interruptDialog = 'always', ...rest }: InterruptConfirmDialogProps<S>) {
  const { interrupts, clientToolCalls, isThinking, resume } = useChatView(chat);
  const focusComposer = useFocusComposer();
  const [answered, setAnswered] = useState<readonly ToolRequestPart[] | null>(null);
  const [dismissed, setDismissed] = useState<readonly ToolRequestPart[] | null>(null);
  if (interrupts.length === 0 || interrupts === answered || interrupts === dismissed || isThinking) return null;
  const pending = interrupts.filter((part) => !clientToolCalls[toolCallIdOf(part)]);
  if (pending.length === 0) return null;
  if (interruptDialog === 'destructive' && !pending.some((part) => interruptQuestion(part).destructive)) return null;
  const answer = (parts: ToolResponsePart[]) => {
    setAnswered(interrupts);
    void resume(parts);
    focusComposer();
  };
  const dismiss = () => {
    setDismissed(interrupts);
    // The same question waits inline in the conversation: its text field, else its Deny button, takes the focus.
    requestAnimationFrame(() => (document.querySelector<HTMLElement>('.acu-tool__prompt input') ?? document.querySelector<HTMLElement>('.acu-tool__prompt .acu-tool__deny'))?.focus());
  };
  return <DialogBody {...rest} key={pending.map(toolCallIdOf).join(' ')} interrupts={pending} onAnswer={answer} onDismiss={dismiss} />;
}
