import type { ChatMessage } from '@agent-chat/core';
import { Slot } from '../parts/slot.js';
import { forwardRef, type HTMLAttributes } from 'react';
import { cx } from '../util/class-names.js';
import type { AsChildProps } from '../parts/part-button.js';
import { useMessageRow } from './message-context.js';

/** Props of {@link MessageListRow}. */
export interface MessageListRowProps extends HTMLAttributes<HTMLElement>, AsChildProps {
  /** The row's message; default: the row around it in a `MessageList` (its first message, its status, its place). */
  message?: ChatMessage | undefined;
  /** The row continues its author's run (no author label above it). */
  continued?: boolean | undefined;
}

/**
 * One row's `article` (a message, or in a `MessageList` a whole answer) with its role, status (`data-state`) and first
 * message's id, labelled by its heading, announced while it streams, focusable by a tap (which shows its actions on a
 * touch screen).
 */
export const MessageListRow = forwardRef<HTMLElement, MessageListRowProps>(function MessageListRow({ message, continued, asChild, className, ...rest }, ref) {
  const row = useMessageRow();
  const Element = asChild ? Slot : 'article';
  const first = message ?? row?.messages[0];
  const status = message ? message.status : row?.status;
  return (
    <Element
      // Focusable as a feed's article is; a tap on it then shows its actions on a touch screen (no hover there).
      tabIndex={-1}
      aria-live={status === 'streaming' ? 'polite' : undefined}
      aria-labelledby={message ? undefined : row?.headingId}
      aria-posinset={message ? undefined : row?.posinset}
      {...rest}
      ref={ref}
      className={cx('acu-message', className)}
      data-role={message ? message.role : row ? row.role : undefined}
      data-state={status}
      data-message-id={first?.id}
      data-continued={continued || undefined}
    />
  );
});
