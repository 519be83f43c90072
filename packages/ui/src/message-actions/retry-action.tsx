import { forwardRef } from 'react';
import { cx } from '../util/class-names.js';
import { useLabels } from '../labels/labels.js';
import { composeHandlers, PartButton, type PartButtonProps } from '../parts/part-button.js';
import { appliesTo, useMessageActionsContext } from './message-actions-context.js';

/** Runs the failed or stopped last turn again (`chat.retry`); only on that turn's row. */
export const RetryAction = forwardRef<HTMLButtonElement, PartButtonProps>(function RetryAction({ className, children, onClick, ...rest }, ref) {
  const context = useMessageActionsContext('Retry');
  const labels = useLabels();
  if (!appliesTo.retry(context)) return null;
  return (
    <PartButton {...rest} ref={ref} className={cx('acu-button', className)} data-action="retry"
      onClick={composeHandlers(onClick, () => void context.chat.retry())}>
      {children ?? labels.retry}
    </PartButton>
  );
});
