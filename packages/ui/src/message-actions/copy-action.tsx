import { forwardRef, useState } from 'react';
import { cx } from '../util/class-names.js';
import { useLabels } from '../labels/labels.js';
import { composeHandlers, PartButton, type PartButtonProps } from '../parts/part-button.js';
import { appliesTo, useMessageActionsContext } from './message-actions-context.js';

function copy(text: string): Promise<boolean> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  return clipboard ? clipboard.writeText(text).then(() => true, () => false) : Promise.resolve(false);
}

/** Copies the answer's text (`data-state="copied"` until it loses focus); nothing on a message without text. */
export const CopyAction = forwardRef<HTMLButtonElement, PartButtonProps>(function CopyAction({ className, children, onClick, onBlur, ...rest }, ref) {
  const context = useMessageActionsContext('Copy');
  const labels = useLabels();
  const [copied, setCopied] = useState(false);
  if (!appliesTo.copy(context)) return null;
  return (
    <PartButton
      // Your own content names the part (its text is what a reader sees); the default's short word gets a fuller name.
      aria-label={children === undefined ? (copied ? labels.copied : labels.copyMessage) : undefined}
      {...rest}
      ref={ref}
      className={cx('acu-button', className)}
      data-action="copy"
      data-state={copied ? 'copied' : 'idle'}
      onClick={composeHandlers(onClick, () => void copy(context.copyText).then(setCopied))}
      onBlur={composeHandlers(onBlur, () => setCopied(false))}
    >
      {children ?? (copied ? labels.copied : labels.copy)}
    </PartButton>
  );
});
