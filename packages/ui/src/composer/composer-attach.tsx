import { forwardRef } from 'react';
import { cx } from '../util/class-names.js';
import { AttachIcon } from './composer-icons.js';
import { composeHandlers, PartButton, type PartButtonProps } from '../parts/part-button.js';
import { useComposerContext } from './composer-context.js';

/** Opens the file picker; nothing when the composer takes no files (`attachments={false}`). */
export const ComposerAttach = forwardRef<HTMLButtonElement, PartButtonProps>(function ComposerAttach({ className, children, onClick, ...rest }, ref) {
  const composer = useComposerContext('Attach');
  if (!composer.canAttach) return null;
  return (
    <PartButton aria-label={children === undefined ? composer.labels.attachFiles : undefined} title={composer.labels.attachFiles} {...rest} ref={ref}
      className={cx('acu-composer__attach', className)} data-state={composer.state} disabled={composer.state === 'disabled'}
      onClick={composeHandlers(onClick, composer.pickFiles)}>
      {children ?? <AttachIcon />}
    </PartButton>
  );
});
