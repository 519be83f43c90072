import type { InterruptPrompt } from './interrupt-answers.js';
import type { AgentChatLabels } from './labels.js';

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
}

/** The text an interrupt asks for, inline or in the dialog: its label, the field, and the message when it is empty. */
export function InterruptTextAnswer({ id, textAnswer, value, missing, onChange, labels }: InterruptTextAnswerProps) {
  return (
    <>
      <label className="acu-interrupt__question" htmlFor={`${id}-answer`}>{textAnswer.label ?? labels.interruptAnswer}</label>
      <input
        id={`${id}-answer`}
        className="acu-interrupt__answer"
        type="text"
        autoComplete="off"
        value={value}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-missing` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {missing ? <p id={`${id}-missing`} className="acu-interrupt__missing" data-state="invalid">{labels.interruptAnswerMissing}</p> : null}
    </>
  );
}
