// InterruptPrompt: an interrupt's question answered inline, as parts, one name each (`import { InterruptPrompt } from
// '@agent-chat/ui'`, `<InterruptPrompt.Root>`). Only re-exports: a server component can import the namespace and dot into it.
// No part has a `data-state` (they show only while the question waits); the destructive ones have `data-variant="danger"`.
/** The form that holds the question's state and answers it. */
export { InterruptPrompt as Root, type InterruptPromptProps as RootProps } from './interrupt-prompt.js';
/** The agent's title, else the tool's name. */
export { InterruptPromptTitle as Title, type InterruptPromptTextProps as TextProps } from './interrupt-prompt-title.js';
/** What the agent asks. */
export { InterruptPromptDescription as Description } from './interrupt-prompt-description.js';
/** The text field, when the agent asks for text (its error note: `.acu-interrupt__missing`, and `aria-invalid` on the field). */
export { InterruptPromptAnswer as Answer, type InterruptAnswerInputProps as AnswerProps } from './interrupt-prompt-answer.js';
/** The answer buttons' group. */
export { InterruptPromptActions as Actions, type InterruptPromptActionsProps as ActionsProps } from './interrupt-prompt-actions.js';
/** Confirm (inside Actions): answers yes. */
export { InterruptPromptConfirm as Confirm } from './interrupt-prompt-actions.js';
/** Deny (inside Actions): answers no. */
export { InterruptPromptDeny as Deny } from './interrupt-prompt-actions.js';
