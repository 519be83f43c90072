import { useAgentChatContext } from '@agent-chat/react';
import { useFocusComposer } from '@agent-chat/ui';

/** What the scripted agent understands, as one-click prompts (shown while the conversation is empty). */
const SUGGESTIONS = [
  { text: 'add Buy milk', hint: 'Add a task to the list' },
  { text: 'report', hint: 'Write a report artifact' },
  { text: 'clear', hint: 'Clear the list, after asking you' },
  { text: 'tell me a long story', hint: 'Stream a long answer' },
  { text: 'what time is it?', hint: 'The agent asks this browser’s clock' },
  { text: 'fail', hint: 'See how a failed turn looks' },
  { text: 'explain how it works', hint: 'Reasoning, code, math, sources' },
] as const;

/**
 * The empty conversation: a greeting and the prompts to start from; a chosen prompt is sent to the view's chat (the
 * single chat's, or the shown thread's), and focus goes to the composer.
 */
export function Suggestions() {
  const chat = useAgentChatContext();
  const focusComposer = useFocusComposer();
  return (
    <div className="suggestions">
      <p className="suggestions-title">What should we get done?</p>
      <p className="suggestions-lead">Ask the task assistant anything, or start from one of these.</p>
      <ul className="suggestion-list" aria-label="Suggested messages">
        {SUGGESTIONS.map(({ text, hint }) => (
          <li key={text}>
            <button
              type="button"
              className="suggestion"
              onClick={() => {
                void chat.send(text);
                focusComposer();
              }}
            >
              <span className="suggestion-text">{text}</span>
              <span className="suggestion-hint">{hint}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
