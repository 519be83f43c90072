// Answer: the parts of an answer's content beside its text, one name each (`import { Answer } from '@agent-chat/ui'`,
// `<Answer.Sources message={…} />`), for the row components of your own. Only re-exports, apart from MessageList's
// namespace so that a list that does not show them does not ship them.
/** An answer's reasoning, folded once it is done; `data-state` `streaming` | `done`. */
export { ReasoningView as Reasoning, type ReasoningViewProps as ReasoningProps } from './reasoning-view.js';
/** The numbered sources under an answer that cites them; `data-state` the message's status. */
export { MessageSources as Sources } from './message-sources.js';
/** A compact line of tokens and timing under a finished answer (`showUsage`); no `data-state`. */
export { MessageUsage as Usage } from './message-usage.js';
/** Prompts as chips: `starters` before the first message, the agent's follow-ups after an answer; `data-kind` `starters` | `follow-ups`. */
export { SuggestionChips as Suggestions, type SuggestionChipsProps as SuggestionsProps } from './suggestion-chips.js';
