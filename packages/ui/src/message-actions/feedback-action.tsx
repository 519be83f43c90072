import { forwardRef, useContext } from 'react';
import { MessageFeedbackButtons, type MessageFeedbackButtonsProps } from './message-feedback.js';
import { appliesTo, MessageActionsContext } from './message-actions-context.js';

/** Props of {@link FeedbackAction}: inside `MessageActions` the message and chat come from it. */
export type FeedbackActionProps = Omit<MessageFeedbackButtonsProps, 'message' | 'chat'> & Partial<Pick<MessageFeedbackButtonsProps, 'message' | 'chat'>>;

/** Thumbs up / down with an optional comment (`chat.setFeedback`) on a finished answer with text. */
export const FeedbackAction = forwardRef<HTMLSpanElement, FeedbackActionProps>(function FeedbackAction({ message, chat, ...rest }, ref) {
  const context = useContext(MessageActionsContext);
  if (message && chat) return <MessageFeedbackButtons {...rest} ref={ref} message={message} chat={chat} />;
  if (!context) throw new Error("<MessageActions.Feedback> needs `message` and `chat`, or to be inside <MessageActions.Root>");
  if (!appliesTo.feedback(context)) return null;
  return <MessageFeedbackButtons {...rest} ref={ref} message={message ?? context.message} chat={chat ?? context.chat} />;
});
