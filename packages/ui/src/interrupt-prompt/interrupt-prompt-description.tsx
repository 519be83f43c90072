import { Slot } from '../parts/slot.js';
import { forwardRef } from 'react';
import { cx } from '../util/class-names.js';
import type { InterruptPromptTextProps } from './interrupt-prompt-title.js';
import { useInterruptPromptContext } from './interrupt-prompt-context.js';

/** What the agent asks: its question, else its title, else a line saying it waits (a `p` that names the answer group). */
export const InterruptPromptDescription = forwardRef<HTMLParagraphElement, InterruptPromptTextProps>(function InterruptPromptDescription(
  { asChild, className, children, ...rest },
  ref,
) {
  const context = useInterruptPromptContext('Description');
  const Element = asChild ? Slot : 'p';
  return (
    <Element {...rest} ref={ref} id={context.descriptionId} className={cx('acu-tool__question', className)}>
      {children ?? context.prompt?.question ?? context.prompt?.title ?? context.labels.interruptDescription}
    </Element>
  );
});
