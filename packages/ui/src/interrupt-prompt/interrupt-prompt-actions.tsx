import { Slot } from '../parts/slot.js';
import { forwardRef, type HTMLAttributes } from 'react';
import { cx } from '../util/class-names.js';
import { composeHandlers, PartButton, type AsChildProps, type PartButtonProps } from '../parts/part-button.js';
import { useInterruptPromptContext } from './interrupt-prompt-context.js';

/** Props of {@link InterruptPromptActions}. */
export interface InterruptPromptActionsProps extends HTMLAttributes<HTMLDivElement>, AsChildProps {}

/** Confirms (submits the prompt, with the typed text when it asks for text); only when the prompt can be confirmed. */
export const InterruptPromptConfirm = forwardRef<HTMLButtonElement, PartButtonProps>(function InterruptPromptConfirm({ className, children, ...rest }, ref) {
  const context = useInterruptPromptContext('Confirm');
  if (!context.canConfirm) return null;
  const danger = context.prompt?.destructive ? 'danger' : undefined;
  return (
    <PartButton type="submit" {...rest} ref={ref} className={cx('acu-tool__confirm', className)} data-variant={danger}>
      {children ?? context.prompt?.confirmLabel ?? context.labels.confirm}
    </PartButton>
  );
});

/** Denies (answers `false`) and puts the focus back in the composer; only when the prompt can be denied. */
export const InterruptPromptDeny = forwardRef<HTMLButtonElement, PartButtonProps>(function InterruptPromptDeny({ className, children, onClick, ...rest }, ref) {
  const context = useInterruptPromptContext('Deny');
  const deny = context.deny;
  if (!deny) return null;
  return (
    <PartButton {...rest} ref={ref} className={cx('acu-tool__deny', className)} onClick={composeHandlers(onClick, deny)}>
      {children ?? context.prompt?.denyLabel ?? context.labels.deny}
    </PartButton>
  );
});

/** The answer buttons, a group named for the tool and described by the question; default Confirm then Deny. */
export const InterruptPromptActions = forwardRef<HTMLDivElement, InterruptPromptActionsProps>(function InterruptPromptActions(
  { asChild, className, children, ...rest },
  ref,
) {
  const context = useInterruptPromptContext('Actions');
  const Element = asChild ? Slot : 'div';
  return (
    <Element role="group" aria-label={context.labels.answerTool(context.toolName)} aria-describedby={context.descriptionId} {...rest} ref={ref}
      className={cx('acu-tool__actions', className)}>
      {children ?? (
        <>
          <InterruptPromptConfirm />
          <InterruptPromptDeny />
        </>
      )}
    </Element>
  );
});
