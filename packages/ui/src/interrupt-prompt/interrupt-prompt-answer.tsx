import { Slot } from '../parts/slot.js';
import { forwardRef, type InputHTMLAttributes } from 'react';
import { cx } from '../util/class-names.js';
import type { AsChildProps } from '../parts/part-button.js';
import { useInterruptPromptContext } from './interrupt-prompt-context.js';

/** Props an app gives the answer field (`InterruptPrompt.Answer`): its own attributes, or `asChild` for its own input. */
export interface InterruptAnswerInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>, AsChildProps {}

/**
 * The text field when the agent asks for text, inline or in the dialog: its label, the field (`${id}-answer`), and the
 * message when it is empty (`${id}-missing`, the field marked invalid); nothing otherwise.
 */
export const InterruptPromptAnswer = forwardRef<HTMLInputElement, InterruptAnswerInputProps>(function InterruptPromptAnswer({ asChild, className, ...rest }, ref) {
  const { id, prompt, labels, text, missing, setText } = useInterruptPromptContext('Answer');
  const textAnswer = prompt?.textAnswer;
  if (!textAnswer) return null;
  const Input = asChild ? Slot : 'input';
  return (
    <>
      <label className="acu-interrupt__question" htmlFor={`${id}-answer`}>{textAnswer.label ?? labels.interruptAnswer}</label>
      <Input
        type="text"
        autoComplete="off"
        {...rest}
        ref={ref}
        id={`${id}-answer`}
        className={cx('acu-interrupt__answer', className)}
        value={text}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-missing` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {missing ? <p id={`${id}-missing`} className="acu-interrupt__missing">{labels.interruptAnswerMissing}</p> : null}
    </>
  );
});
