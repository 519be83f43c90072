import { useMemo, type HTMLAttributes } from 'react';
import { cx } from './class-names.js';
import { runningToolName } from './tool-links.js';
import { useChatView } from './use-chat-view.js';
import type { AgentChat } from '@agent-chat/core';

/** Props of {@link ThinkingIndicator}. */
export interface ThinkingIndicatorProps<S = unknown> extends HTMLAttributes<HTMLDivElement> {
  chat?: AgentChat<S>;
  /** Text while thinking. Default "Thinking…". */
  label?: string;
  /** Name the running tool ("Running search…"). Default true. */
  showTool?: boolean;
}

/**
 * A polite status that reads "Thinking…" (or "Running <tool>…") exactly while `isThinking`. The live region stays
 * mounted and empty when idle, so screen readers announce it when it fills.
 */
export function ThinkingIndicator<S = unknown>({ chat, label = 'Thinking…', showTool = true, className, ...rest }: ThinkingIndicatorProps<S>) {
  const { isThinking, messages } = useChatView(chat);
  const tool = useMemo(() => (isThinking && showTool ? runningToolName(messages) : null), [isThinking, showTool, messages]);
  return (
    <div {...rest} role="status" className={cx('acu-thinking', className)} data-state={isThinking ? 'thinking' : 'idle'}>
      {isThinking ? (
        <>
          <span className="acu-thinking__dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          <span className="acu-thinking__label">{tool ? `Running ${tool}…` : label}</span>
        </>
      ) : null}
    </div>
  );
}
