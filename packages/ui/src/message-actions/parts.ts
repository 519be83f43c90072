// MessageActions: a message's actions as parts, one name each (`import { MessageActions } from '@agent-chat/ui'`,
// `<MessageActions.Root>`). Only re-exports: a server component can import the namespace and dot into it.
/** The group that holds the parts and their shared state; no `data-state`. */
export { MessageActions as Root, type MessageActionsProps as RootProps } from './message-actions.js';
/** Copies the answer's text; `data-state` `copied` until it loses focus, else `idle`. */
export { CopyAction as Copy } from './copy-action.js';
/** Edits a user message inline; no `data-state`. */
export { EditAction as Edit } from './edit-action.js';
/** Answers again; no `data-state`. */
export { RegenerateAction as Regenerate } from './regenerate-action.js';
/** Runs the failed or stopped last turn again; no `data-state`. */
export { RetryAction as Retry } from './retry-action.js';
/** Thumbs up / down with an optional comment; `data-state` the rating: `up` | `down` | `none`. */
export { FeedbackAction as Feedback, type FeedbackActionProps as FeedbackProps } from './feedback-action.js';
/** The version switcher `‹ 2 / 3 ›` and its parts. */
export * as BranchPicker from './branch-picker-parts.js';
