import { useEffect, useId, useRef, useState, type FormEvent, type FormHTMLAttributes, type ReactNode } from 'react';
import { cx } from '../util/class-names.js';
import { useFocusComposer } from '../composer/composer-focus.js';
import type { InterruptPrompt as PromptOf } from './interrupt-answers.js';
import { useLabels, type AgentChatLabels } from '../labels/labels.js';
import { InterruptPromptActions, InterruptPromptConfirm, InterruptPromptDeny } from './interrupt-prompt-actions.js';
import { InterruptPromptAnswer } from './interrupt-prompt-answer.js';
import { InterruptPromptContext, type InlinePrompt, type InterruptPromptContextValue } from './interrupt-prompt-context.js';
import { InterruptPromptDescription } from './interrupt-prompt-description.js';
import { InterruptPromptTitle } from './interrupt-prompt-title.js';

export type { InlinePrompt } from './interrupt-prompt-context.js';

/** What an interrupt asks, read from its part: title, question, whether it is destructive, answer labels, a text answer. */
export type InterruptPrompt = PromptOf;

/** Props of {@link InterruptPrompt}. */
export interface InterruptPromptProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'prompt'> {
  /** The tool's readable name: the answer group's name and the title's default. */
  toolName: string;
  /** What the agent asks (`interruptPrompt(part)` reads it from an interrupt). */
  prompt: InlinePrompt | undefined;
  /** Confirm: with the typed text when the agent asks for text. Without it, no Confirm. */
  onApprove?: ((text?: string) => void) | undefined;
  /** Deny. Without it, no Deny. */
  onDeny?: (() => void) | undefined;
  labels?: Partial<AgentChatLabels> | AgentChatLabels | undefined;
  /** The parts, in order; default Description, Answer, Actions. */
  children?: ReactNode;
}

const DEFAULT_PARTS = (
  <>
    <InterruptPromptDescription />
    <InterruptPromptAnswer />
    <InterruptPromptActions />
  </>
);

/**
 * The question an interrupt asks, answered where the agent asked it: its question, a text field when it asks for
 * text, and its answer buttons. Focus moves to it when it appears (the text field, else the safe choice); the page
 * stays usable around it, and after an answer focus goes back to the composer. Its `children` choose and order the parts.
 */
function InterruptPromptRoot({ toolName, prompt, onApprove, onDeny, labels: ownLabels, className, children, ...rest }: InterruptPromptProps) {
  const id = useId();
  const labels = useLabels(ownLabels);
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
  const context: InterruptPromptContextValue = {
    id,
    titleId: `${id}-title`,
    descriptionId: `${id}-question`,
    toolName,
    prompt,
    labels,
    text,
    missing,
    setText: (value) => {
      setText(value);
      setMissing(false);
    },
    canApprove: onApprove !== undefined,
    deny: onDeny && (() => {
      onDeny();
      focusComposer();
    }),
  };
  return (
    <InterruptPromptContext.Provider value={context}>
      <form {...rest} ref={form} className={cx('acu-tool__prompt', className)} data-state="pending" data-variant={prompt?.destructive ? 'danger' : undefined}
        noValidate onSubmit={confirm}>
        {children ?? DEFAULT_PARTS}
      </form>
    </InterruptPromptContext.Provider>
  );
}

/** An interrupt's question answered inline, built from its parts (Title, Description, Answer, Actions with Confirm and Deny). */
export const InterruptPrompt = Object.assign(InterruptPromptRoot, {
  /** The agent's title, else the tool's name. */
  Title: InterruptPromptTitle,
  /** What the agent asks. */
  Description: InterruptPromptDescription,
  /** The text field, when the agent asks for text. */
  Answer: InterruptPromptAnswer,
  /** The answer buttons' group. */
  Actions: InterruptPromptActions,
  /** Confirm (inside Actions). */
  Confirm: InterruptPromptConfirm,
  /** Deny (inside Actions). */
  Deny: InterruptPromptDeny,
});
