import { forwardRef } from 'react';
import { cx } from '../util/class-names.js';
import { StopIcon } from './composer-icons.js';
import { composeHandlers, PartButton, type PartButtonProps } from '../parts/part-button.js';
import { useComposerContext } from './composer-context.js';

/** Stops the running turn (`chat.stop`) and puts the focus back in the field; only while the agent thinks. */
export const ComposerStop = forwardRef<HTMLButtonElement, PartButtonProps>(function ComposerStop({ className, children, onClick, ...rest }, ref) {
  const composer = useComposerContext('Stop');
  if (composer.state !== 'thinking') return null;
  return (
    <PartButton aria-label={children === undefined ? composer.labels.stop : undefined} title={composer.labels.stop} {...rest} ref={ref}
      className={cx('acu-composer__stop', className)} data-state={composer.state} onClick={composeHandlers(onClick, composer.stop)}>
      {children ?? <StopIcon />}
    </PartButton>
  );
});
