import { forwardRef } from 'react';
import { InterruptTextAnswer, type InterruptAnswerInputProps } from './interrupt-text-answer.js';
import { useInterruptPromptContext } from './interrupt-prompt-context.js';

/** The text field, with its label and missing-answer message, when the agent asks for text; nothing otherwise. */
export const InterruptPromptAnswer = forwardRef<HTMLInputElement, InterruptAnswerInputProps>(function InterruptPromptAnswer(props, ref) {
  const context = useInterruptPromptContext('Answer');
  const textAnswer = context.prompt?.textAnswer;
  if (!textAnswer) return null;
  return (
    <InterruptTextAnswer id={context.id} textAnswer={textAnswer} value={context.text} missing={context.missing}
      labels={context.labels} onChange={context.setText} inputProps={props} inputRef={ref} />
  );
});
