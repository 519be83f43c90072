import type { ChatMessage } from '@agent-chat/core';
import { Slot } from '../parts/slot.js';
import { forwardRef, type HTMLAttributes } from 'react';
import { cx } from '../util/class-names.js';
import type { AsChildProps } from '../parts/part-button.js';

/** Props of {@link MessageListRow}. */
export interface MessageListRowProps extends HTMLAttributes<HTMLElement>, AsChildProps {
  message: ChatMessage;
  /** The row continues its author's run (no author label above it). */
  continued?: boolean | undefined;
}

/**
 * One message's row: an `article` with the message's role, status (`data-state`) and id, announced while it streams,
 * focusable by a tap (which shows its actions on a touch screen).
 */
export const MessageListRow = forwardRef<HTMLElement, MessageListRowProps>(function MessageListRow({ message, continued, asChild, className, ...rest }, ref) {
  const Element = asChild ? Slot : 'article';
  return (
    <Element
      // Focusable as a feed's article is; a tap on it then shows its actions on a touch screen (no hover there).
      tabIndex={-1}
      aria-live={message.status === 'streaming' ? 'polite' : undefined}
      {...rest}
      ref={ref}
      className={cx('acu-message', className)}
      data-role={message.role}
      data-state={message.status}
      data-message-id={message.id}
      data-continued={continued || undefined}
    />
  );
});
