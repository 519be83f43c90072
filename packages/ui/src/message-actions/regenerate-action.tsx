import { forwardRef } from 'react';
import { cx } from '../util/class-names.js';
import { useLabels } from '../labels/labels.js';
import { composeHandlers, PartButton, type PartButtonProps } from '../parts/part-button.js';
import { appliesTo, useMessageActionsContext } from './message-actions-context.js';

/** Answers again (`chat.regenerate`; the old answer stays as a version); on a finished answer with text only. */
export const RegenerateAction = forwardRef<HTMLButtonElement, PartButtonProps>(function RegenerateAction({ className, children, onClick, ...rest }, ref) {
  const context = useMessageActionsContext('Regenerate');
  const labels = useLabels();
  if (!appliesTo.regenerate(context)) return null;
  return (
    <PartButton aria-label={children === undefined ? labels.regenerateAnswer : undefined} {...rest} ref={ref} className={cx('acu-button', className)} data-action="regenerate"
      onClick={composeHandlers(onClick, () => void context.chat.regenerate(context.message.id))}>
      {children ?? labels.regenerate}
    </PartButton>
  );
});
