import type { AgentChat, ChatMessage, MessageFeedback } from '@agent-chat/core';
import { forwardRef, useState, type HTMLAttributes, type ReactElement } from 'react';
import { hostOf, Slot } from '../parts/slot.js';
import type { AsChildProps } from '../parts/part-button.js';
import { cx } from '../util/class-names.js';
import { useLabels } from '../labels/labels.js';

/** Props of {@link MessageFeedbackButtons}. */
export interface MessageFeedbackProps {
  message: ChatMessage;
  /** The chat whose `setFeedback` the buttons call. */
  chat: Pick<AgentChat<unknown>, 'setFeedback'>;
}

/** {@link MessageFeedbackProps} with the group element's own props (`className`, `title`, …). */
export interface MessageFeedbackButtonsProps extends MessageFeedbackProps, Omit<HTMLAttributes<HTMLSpanElement>, 'children'>, AsChildProps {
  /** With `asChild`: your one element that holds the buttons. */
  children?: ReactElement | undefined;
}

const THUMB = 'M7 10v11H3V10h4zm2 11h8.3a2 2 0 0 0 2-1.6l1.5-7A2 2 0 0 0 18.8 10H14l.8-4.3a1.6 1.6 0 0 0-2.9-1.2L9 9.5V21z';

function Thumb({ down }: { down: boolean }) {
  return (
    <svg className="acu-feedback__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"
      style={down ? { transform: 'rotate(180deg)' } : undefined}>
      <path d={THUMB} fill="currentColor" />
    </svg>
  );
}

/**
 * Thumbs up / down on an answer (`chat.setFeedback`; pressing the chosen one again takes it back), and after a thumbs
 * down an optional comment. The rating shows from `message.feedback`, so it survives a reload with the chat's tree.
 */
export const MessageFeedbackButtons = forwardRef<HTMLSpanElement, MessageFeedbackButtonsProps>(function MessageFeedbackButtons(
  { message, chat, asChild, className, children, ...rest },
  ref,
) {
  const labels = useLabels();
  const [commenting, setCommenting] = useState(false);
  const [comment, setComment] = useState('');
  if (message.role !== 'model' || message.status === 'streaming') return null;
  const rating = message.feedback?.rating;
  const rate = (next: MessageFeedback['rating']) => {
    const takeBack = rating === next;
    chat.setFeedback(message.id, takeBack ? null : { rating: next });
    setCommenting(!takeBack && next === 'down');
  };
  const submit = () => {
    if (comment.trim()) chat.setFeedback(message.id, { rating: 'down', comment: comment.trim() });
    setCommenting(false);
  };
  const host = hostOf(asChild, children);
  const props = { ...rest, className: cx('acu-feedback', className), 'data-state': rating ?? 'none' };
  const body = (
    <>
      <button type="button" className="acu-button acu-feedback__button" data-action="rate-up" aria-label={labels.rateGood}
        aria-pressed={rating === 'up'} onClick={() => rate('up')}><Thumb down={false} /></button>
      <button type="button" className="acu-button acu-feedback__button" data-action="rate-down" aria-label={labels.rateBad}
        aria-pressed={rating === 'down'} onClick={() => rate('down')}><Thumb down /></button>
      {commenting ? (
        <form className="acu-feedback__form" onSubmit={(event) => (event.preventDefault(), submit())}>
          <input className="acu-feedback__comment" aria-label={labels.feedbackComment} placeholder={labels.feedbackCommentPlaceholder}
            value={comment} onChange={(event) => setComment(event.currentTarget.value)}
            onKeyDown={(event) => event.key === 'Escape' && setCommenting(false)} />
          <button type="submit" className="acu-button" data-action="send-feedback">{labels.sendFeedback}</button>
        </form>
      ) : null}
      {message.feedback?.comment ? <span className="acu-feedback__thanks" role="status">{labels.feedbackThanks}</span> : null}
    </>
  );
  return host ? <Slot {...props} ref={ref}>{host.wrap(body)}</Slot> : <span {...props} ref={ref}>{body}</span>;
});
