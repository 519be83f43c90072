import type { MessageFeedback, MessageTiming, MessageUsage } from '../../model/message.js';

/** What the kit adds to a message beyond its content (the user's rating, the turn's usage and timing): kept in tree records. */
export interface MessageAnnotations {
  feedback?: MessageFeedback;
  usage?: MessageUsage;
  timing?: MessageTiming;
}

/** The annotations a message (or a record node) carries: only those it has. */
export function annotationsOf(from: MessageAnnotations): MessageAnnotations {
  const { feedback, usage, timing } = from;
  return { ...(feedback ? { feedback } : {}), ...(usage ? { usage } : {}), ...(timing ? { timing } : {}) };
}

/** The message with a record node's annotations put back (the message itself when the node has none). */
export function withAnnotations<M extends MessageAnnotations>(message: M, recorded: MessageAnnotations): M {
  const annotations = annotationsOf(recorded);
  return Object.keys(annotations).length > 0 ? { ...message, ...annotations } : message;
}
