import { Slot } from '../parts/slot.js';
import { forwardRef, type HTMLAttributes } from 'react';
import { cx } from '../util/class-names.js';
import type { AsChildProps } from '../parts/part-button.js';
import { useInterruptPromptContext } from './interrupt-prompt-context.js';

/** Props of a text part of the prompt (Title, Description). */
export interface InterruptPromptTextProps extends HTMLAttributes<HTMLElement>, AsChildProps {}

/** The prompt's title: the agent's, else the tool's name in words (an `h3`; `asChild` for another heading level). */
export const InterruptPromptTitle = forwardRef<HTMLHeadingElement, InterruptPromptTextProps>(function InterruptPromptTitle({ asChild, className, children, ...rest }, ref) {
  const context = useInterruptPromptContext('Title');
  const Element = asChild ? Slot : 'h3';
  return (
    <Element {...rest} ref={ref} id={context.titleId} className={cx('acu-interrupt__title', className)}>
      {children ?? context.prompt?.title ?? context.toolName}
    </Element>
  );
});
