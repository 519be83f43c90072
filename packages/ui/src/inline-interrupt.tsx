import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useFocusComposer } from './composer-focus.js';
import type { InterruptPrompt } from './interrupt-answers.js';
import { InterruptTextAnswer } from './interrupt-text-answer.js';
import type { AgentChatLabels } from './labels.js';

/** What an inline interrupt shows of the agent's prompt (as `interruptPrompt(part)` reads it). */
export type InlinePrompt = Partial<Pick<InterruptPrompt, 'title' | 'question' | 'destructive' | 'confirmLabel' | 'denyLabel' | 'textAnswer'>>;

interface InlineInterruptProps {
  /** The tool's readable name, for the answer group's name. */
  toolName: string;
  prompt: InlinePrompt | undefined;
  /** Confirm: with the typed text when the agent asks for text. */
  onApprove?: ((text?: string) => void) | undefined;
  onDeny?: (() => void) | undefined;
  labels: AgentChatLabels;
}

/**
 * The question an interrupt asks, answered where the agent asked it: its question, a text field when it asks for
 * text, and its answer buttons. Focus moves to it when it appears (the text field, else the safe choice); the page
 * stays usable around it, and after an answer focus goes back to the composer.
 */
export function InlineInterrupt({ toolName, prompt, onApprove, onDeny, labels }: InlineInterruptProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const focusComposer = useFocusComposer();
  useEffect(() => {
    // A text answer is what the agent asked for: start there; else on the safe choice (Deny), else the first button.
    // Not from under a confirmation dialog that asks the same (it has the focus; this waits behind it).
    if (document.activeElement?.closest('dialog[open]')) return;
    const element = form.current;
    const first = element?.querySelector<HTMLElement>('input') ?? element?.querySelector<HTMLElement>('.acu-tool__deny') ?? element?.querySelector('button');
    first?.focus();
  }, []);
  const textAnswer = prompt?.textAnswer ?? null;
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!onApprove) return;
    if (textAnswer && text.trim() === '') {
      setMissing(true);
      form.current?.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    onApprove(textAnswer ? text.trim() : undefined);
    focusComposer();
  };
  const deny = () => {
    onDeny?.();
    focusComposer();
  };
  return (
    <form ref={form} className="acu-tool__prompt" data-state="pending" data-variant={prompt?.destructive ? 'danger' : undefined} noValidate onSubmit={confirm}>
      {/* The question; without one, the agent's title (else a line saying it waits). */}
      <p id={`${id}-question`} className="acu-tool__question">{prompt?.question ?? prompt?.title ?? labels.interruptDescription}</p>
      {textAnswer ? (
        <InterruptTextAnswer id={id} textAnswer={textAnswer} value={text} missing={missing} labels={labels}
          onChange={(value) => {
            setText(value);
            setMissing(false);
          }} />
      ) : null}
      <div className="acu-tool__actions" role="group" aria-label={labels.answerTool(toolName)} aria-describedby={`${id}-question`}>
        {onApprove ? (
          <button type="submit" className="acu-tool__approve" data-variant={prompt?.destructive ? 'danger' : undefined}>{prompt?.confirmLabel ?? labels.approve}</button>
        ) : null}
        {onDeny ? <button type="button" className="acu-tool__deny" onClick={deny}>{prompt?.denyLabel ?? labels.deny}</button> : null}
      </div>
    </form>
  );
}
