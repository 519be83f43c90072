import { useMemo, type HTMLAttributes } from 'react';
import { cx } from './class-names.js';
import { useLabels, type AgentChatLabels } from './labels.js';
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

/** The label of each status of a detached run's snapshot (Genkit's lifecycle, plus `aborting` while a stop is pending). */
const DETACHED_LABELS: Record<string, Extract<keyof AgentChatLabels, `detached${string}`>> = {
  pending: 'detachedPending', aborting: 'detachedAborting', completed: 'detachedCompleted',
  failed: 'detachedFailed', aborted: 'detachedAborted', expired: 'detachedExpired',
};

/**
 * A polite status that reads "Thinking…" (or "Running <tool>…", or "Reconnecting…" while a resumable transport
 * reattaches a broken stream) exactly while `isThinking`; when idle after a detached turn, its background run's status
 * (`state.detached`, `data-state="detached-<status>"`). The live region stays mounted and empty when idle, so screen
 * readers announce it when it fills.
 */
export function ThinkingIndicator<S = unknown>({
  chat, label = 'Thinking…', showTool = true, reconnectingLabel = 'Reconnecting…', className, ...rest
}: ThinkingIndicatorProps<S>) {
  const { isThinking, messages, connection, detached } = useChatView(chat);
  const labels = useLabels();
  const reconnecting = isThinking && connection === 'reconnecting';
  const tool = useMemo(() => (isThinking && showTool ? runningToolName(messages) : null), [isThinking, showTool, messages]);
  const detachedLabel = !isThinking && detached && Object.hasOwn(DETACHED_LABELS, detached.status) ? DETACHED_LABELS[detached.status] : undefined;
  const state = reconnecting ? 'reconnecting' : isThinking ? 'thinking' : detachedLabel ? `detached-${detached!.status}` : 'idle';
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
      ) : detachedLabel ? (
        <span className="acu-thinking__label">{labels[detachedLabel]}</span>
      ) : null}
    </div>
  );
}
