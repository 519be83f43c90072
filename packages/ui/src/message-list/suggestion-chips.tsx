import type { AgentChat, ChatState } from '@agent-chat/core';
import { useAgentChatSelector } from '@agent-chat/react';
import type { HTMLAttributes } from 'react';
import { cx } from '../util/class-names.js';
import { useLabels } from '../labels/labels.js';
import { useChatOf } from '../context/use-chat-view.js';

/** Props of {@link SuggestionChips}. */
export interface SuggestionChipsProps<S = unknown> extends HTMLAttributes<HTMLDivElement> {
  chat?: AgentChat<S>;
  /** Prompts offered before the first message. */
  starters?: readonly string[] | undefined;
}

const STARTERS = 'starters';

/** What to offer: the starters before the first message, the agent's follow-ups once a turn ended well, else nothing. */
function offered(state: ChatState<unknown>): readonly string[] | typeof STARTERS | undefined {
  if (state.messages.length === 0) return STARTERS;
  return state.status === 'ready' && state.interrupts.length === 0 ? state.suggestions : undefined;
}

/**
 * Prompt chips: starter prompts (a prop) before the first message, then the follow-ups the agent suggested with its
 * last answer (`state.suggestions`). A click sends the prompt. Reads one slice of the state: no render per token.
 */
export function SuggestionChips<S = unknown>({ chat: own, starters, className, ...rest }: SuggestionChipsProps<S>) {
  const labels = useLabels();
  const chat = useChatOf(own, 'SuggestionChips');
  const choice = useAgentChatSelector(chat, offered);
  const prompts = choice === STARTERS ? starters : choice;
  if (!prompts || prompts.length === 0) return null;
  return (
    <div {...rest} className={cx('acu-suggestions', className)} role="group" aria-label={labels.suggestions}
      data-kind={choice === STARTERS ? 'starters' : 'follow-ups'}>
      {prompts.map((prompt) => (
        <button key={prompt} type="button" className="acu-suggestion" onClick={() => void chat.send(prompt)}>{prompt}</button>
      ))}
    </div>
  );
}
