// MessageList: the conversation as parts, one name each (`import { MessageList } from '@agent-chat/ui'`,
// `<MessageList.Root>`). Only re-exports: a server component can import the namespace and dot into it.
/** The list and its state; `data-state` `empty` | `idle` | `streaming` | `error`. */
export { MessageList as Root, type MessageListProps as RootProps } from './message-list.js';
/** A row's `article` for the row components of your own (`components`); `data-state` the message's status. */
export { MessageListRow as Row, type MessageListRowProps as RowProps } from './message-list-row.js';
/** An answer's reasoning, folded once it is done; `data-state` `streaming` | `done`. */
export { ReasoningView as Reasoning, type ReasoningViewProps as ReasoningProps } from './reasoning-view.js';
/** The numbered sources under an answer that cites them; `data-state` the message's status. */
export { MessageSources as Sources } from './message-sources.js';
/** A compact line of tokens and timing under a finished answer (`showUsage`); no `data-state`. */
export { MessageUsage as Usage } from './message-usage.js';
/** Prompts as chips: `starters` before the first message, the agent's follow-ups after an answer; `data-kind` `starters` | `follow-ups`. */
export { SuggestionChips as Suggestions, type SuggestionChipsProps as SuggestionsProps } from './suggestion-chips.js';
