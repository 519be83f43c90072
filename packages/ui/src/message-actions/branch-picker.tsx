import { Slot } from '../parts/slot.js';
import { forwardRef, type HTMLAttributes } from 'react';
import { cx } from '../util/class-names.js';
import { useLabels } from '../labels/labels.js';
import type { AsChildProps } from '../parts/part-button.js';
import { appliesTo, useMessageActionsContext } from './message-actions-context.js';

/** Props of {@link BranchPicker}. */
export interface BranchPickerProps extends HTMLAttributes<HTMLSpanElement>, AsChildProps {}

/**
 * The version switcher `‹ 2 / 3 ›` where a message has alternatives (`chat.switchBranch`), a group named "Version 2 of 3";
 * `data-state` is `first`, `middle` or `last`. Its children replace the default buttons and position.
 */
export const BranchPicker = forwardRef<HTMLSpanElement, BranchPickerProps>(function BranchPicker({ asChild, className, children, ...rest }, ref) {
  const context = useMessageActionsContext('BranchPicker');
  const labels = useLabels();
  const siblings = context.versions.siblings;
  if (!siblings || !appliesTo.branchPicker(context)) return null;
  const { index, count } = siblings;
  const switchTo = (next: number) => context.chat.switchBranch(context.versions.id, next);
  const Element = asChild ? Slot : 'span';
  return (
    <Element role="group" aria-label={labels.versionOf(index + 1, count)} {...rest} ref={ref} className={cx('acu-message-actions__versions', className)}
      data-state={index === 0 ? 'first' : index === count - 1 ? 'last' : 'middle'}>
      {children ?? (
        <>
          <button type="button" className="acu-button" data-action="previous" aria-label={labels.previousVersion} disabled={index === 0}
            onClick={() => switchTo(index - 1)}>‹</button>
          <span className="acu-message-actions__position" aria-hidden="true">{index + 1} / {count}</span>
          <button type="button" className="acu-button" data-action="next" aria-label={labels.nextVersion} disabled={index === count - 1}
            onClick={() => switchTo(index + 1)}>›</button>
        </>
      )}
    </Element>
  );
});
