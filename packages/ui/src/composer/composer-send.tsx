import { forwardRef } from 'react';
import { cx } from '../util/class-names.js';
import { SendIcon } from './composer-icons.js';
import { composeHandlers, PartButton, type PartButtonProps } from '../parts/part-button.js';
import { useComposerContext } from './composer-context.js';

/** Sends the text and files; disabled while there is nothing to send, replaced by Stop while the agent thinks. */
export const ComposerSend = forwardRef<HTMLButtonElement, PartButtonProps>(function ComposerSend({ asChild, className, children, onClick, ...rest }, ref) {
  const composer = useComposerContext('Send');
  if (composer.state === 'thinking') return null;
  return (
    <PartButton aria-label={children === undefined ? composer.labels.send : undefined} title={composer.labels.send} {...rest} ref={ref} asChild={asChild}
      // A button submits the form; an element of the app's (asChild) sends on its click.
      type={asChild ? undefined : 'submit'}
      className={cx('acu-composer__send', className)} data-state={composer.state} disabled={!composer.canSend}
      aria-disabled={asChild && !composer.canSend ? true : undefined}
      onClick={asChild ? composeHandlers(onClick, (event) => (event.preventDefault(), composer.submit())) : onClick}>
      {children ?? <SendIcon />}
    </PartButton>
  );
});
