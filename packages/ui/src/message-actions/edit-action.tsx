import { forwardRef } from 'react';
import { cx } from '../util/class-names.js';
import { useLabels } from '../labels/labels.js';
import { composeHandlers, PartButton, type PartButtonProps } from '../parts/part-button.js';
import { appliesTo, useMessageActionsContext } from './message-actions-context.js';

/** Edits a user message inline (the actions become its editor; the new text becomes a new version); user messages only. */
export const EditAction = forwardRef<HTMLButtonElement, PartButtonProps>(function EditAction({ className, children, onClick, ...rest }, ref) {
  const context = useMessageActionsContext('Edit');
  const labels = useLabels();
  if (!appliesTo.edit(context)) return null;
  return (
    <PartButton aria-label={children === undefined ? labels.editMessage : undefined} {...rest} ref={ref} className={cx('acu-button', className)} data-action="edit"
      onClick={composeHandlers(onClick, context.startEditing)}>
      {children ?? labels.edit}
    </PartButton>
  );
});
