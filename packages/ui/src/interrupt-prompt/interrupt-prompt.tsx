import { useEffect, useId, useRef, useState, type FormEvent, type FormHTMLAttributes, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../util/class-names.js';
import { hostOf, Slot } from '../parts/slot.js';
import type { AsChildProps } from '../parts/part-button.js';
import { useFocusComposer } from '../context/composer-focus.js';
import { useLabels, type AgentChatLabels } from '../labels/labels.js';
import { InterruptPromptActions } from './interrupt-prompt-actions.js';
import { InterruptPromptAnswer } from './interrupt-prompt-answer.js';
import { InterruptPromptContext, type InlinePrompt, type InterruptPromptContextValue } from './interrupt-prompt-context.js';
import { InterruptPromptDescription } from './interrupt-prompt-description.js';

export type { InlinePrompt } from './interrupt-prompt-context.js';

/** Props of {@link InterruptPrompt}. */
export interface InterruptPromptProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'prompt'>, AsChildProps {
  /** The tool's readable name: the answer group's name and the title's default. */
  toolName: string;
  /** What the agent asks (`interruptQuestion(part)` reads it from an interrupt). */
  prompt: InlinePrompt | undefined;
  /** Confirm: with the typed text when the agent asks for text. Without it, no Confirm. */
  onConfirm?: ((text?: string) => void) | undefined;
  /** Deny. Without it, no Deny. */
  onDeny?: (() => void) | undefined;
  labels?: Partial<AgentChatLabels> | AgentChatLabels | undefined;
  /** The parts, in order; default Description, Answer, Actions. With `asChild`, your one `<form>` element, its children the parts. */
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
 * `InterruptPrompt.Root`: the question an interrupt asks, answered where the agent asked it: its question, a text field when it asks for
 * text, and its answer buttons. Focus moves to it when it appears (the text field, else the safe choice); the page
 * stays usable around it, and after an answer focus goes back to the composer. Its `children` choose and order the parts.
 * No `data-state` (it shows only while the question waits); `data-variant="danger"` for a destructive one.
 */
export function InterruptPrompt({ toolName, prompt, onConfirm, onDeny, labels: ownLabels, asChild, className, children, ...rest }: InterruptPromptProps) {
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
    if (!onConfirm) return;
    if (textAnswer && text.trim() === '') {
      setMissing(true);
      form.current?.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    onConfirm(textAnswer ? text.trim() : undefined);
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
    canConfirm: onConfirm !== undefined,
    deny: onDeny && (() => {
      onDeny();
      focusComposer();
    }),
  };
  const host = hostOf(asChild, children);
  const props = {
    ...rest,
    className: cx('acu-tool__prompt', className),
    'data-variant': prompt?.destructive ? 'danger' : undefined,
    noValidate: true,
    onSubmit: confirm,
  };
  const parts = (host ? host.parts : children) ?? DEFAULT_PARTS;
  return (
    <InterruptPromptContext.Provider value={context}>
      {host ? <Slot {...(props as unknown as HTMLAttributes<HTMLElement>)} ref={form}>{host.wrap(parts)}</Slot> : <form {...props} ref={form}>{parts}</form>}
    </InterruptPromptContext.Provider>
  );
}
