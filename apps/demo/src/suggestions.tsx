import type { AgentChat } from '@agent-chat/core';
import type { TaskState } from './task-state.js';

/** What the scripted agent understands, as one-click prompts (shown while the conversation is empty). */
const SUGGESTIONS = ['add Buy milk', 'complete 1', 'report', 'clear', 'tell me a long story', 'fail'] as const;

export function Suggestions({ chat }: { chat: AgentChat<TaskState> }) {
  return (
    <div className="suggestions">
      <p>Ask the task assistant something, or try one of these:</p>
      <ul className="suggestion-list" aria-label="Suggested messages">
        {SUGGESTIONS.map((text) => (
          <li key={text}>
            <button type="button" className="button button-small" onClick={() => void chat.send(text)}>
              {text}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
