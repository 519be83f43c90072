import { Slot } from '../parts/slot.js';
import type { InputHTMLAttributes, Ref } from 'react';
import type { InterruptPrompt } from './interrupt-answers.js';
import type { AgentChatLabels } from '../labels/labels.js';
import { cx } from '../util/class-names.js';
import type { AsChildProps } from '../parts/part-button.js';

/** Props an app gives the answer field (`InterruptPrompt.Answer`): its own attributes, or `asChild` for its own input. */
export interface InterruptAnswerInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>, AsChildProps {}

/** Props of {@link InterruptTextAnswer}. */
export interface InterruptTextAnswerProps {
  /** The interrupt's element id prefix: the field is `${id}-answer`, the missing-answer message `${id}-missing`. */
  id: string;
  textAnswer: NonNullable<InterruptPrompt['textAnswer']>;
  value: string;
  /** The reader tried to answer without text: the field is marked invalid and says why. */
  missing: boolean;
  onChange: (value: string) => void;
  labels: AgentChatLabels;
  inputProps?: InterruptAnswerInputProps | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
}

/** The text an interrupt asks for, inline or in the dialog: its label, the field, and the message when it is empty. */
export function InterruptTextAnswer({ id, textAnswer, value, missing, onChange, labels, inputProps = {}, inputRef }: InterruptTextAnswerProps) {
  const { asChild, className, ...rest } = inputProps;
  const Input = asChild ? Slot : 'input';
  return (
    <>
      <label className="acu-interrupt__question" htmlFor={`${id}-answer`}>{textAnswer.label ?? labels.interruptAnswer}</label>
      <Input
        type="text"
        autoComplete="off"
        {...rest}
        ref={inputRef}
        id={`${id}-answer`}
        className={cx('acu-interrupt__answer', className)}
        value={value}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-missing` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {missing ? <p id={`${id}-missing`} className="acu-interrupt__missing" data-state="invalid">{labels.interruptAnswerMissing}</p> : null}
    </>
  );
}
