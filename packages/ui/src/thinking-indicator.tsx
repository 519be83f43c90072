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
  /** Text while a broken stream is being reattached (`state.connection === 'reconnecting'`). Default "Reconnecting…". */
  reconnectingLabel?: string;
}

/**
 * A polite status that reads "Thinking…" (or "Running <tool>…", or "Reconnecting…" while a resumable transport
 * reattaches a broken stream) exactly while `isThinking`. The live region stays mounted and empty when idle, so
 * screen readers announce it when it fills.
 */
export function ThinkingIndicator<S = unknown>({
  chat, label = 'Thinking…', showTool = true, reconnectingLabel = 'Reconnecting…', className, ...rest
}: ThinkingIndicatorProps<S>) {
  const { isThinking, messages, connection } = useChatView(chat);
  const reconnecting = isThinking && connection === 'reconnecting';
  const tool = useMemo(() => (isThinking && showTool ? runningToolName(messages) : null), [isThinking, showTool, messages]);
  const state = reconnecting ? 'reconnecting' : isThinking ? 'thinking' : 'idle';
  return (
    <div {...rest} role="status" className={cx('acu-thinking', className)} data-state={state}>
      {isThinking ? (
        <>
          <span className="acu-thinking__dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          <span className="acu-thinking__label">{reconnecting ? reconnectingLabel : tool ? `Running ${tool}…` : label}</span>
        </>
      ) : null}
    </div>
  );
}
