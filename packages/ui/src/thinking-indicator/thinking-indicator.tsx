import { isTextPart, type AgentChat, type ChatMessage } from '@agent-chat/core';
import { useMemo, type HTMLAttributes } from 'react';
import { cx } from '../util/class-names.js';
import { useLabels, type AgentChatLabels } from '../labels/labels.js';
import { readableToolName } from '../util/readable-name.js';
import { runningToolName } from '../tools/tool-links.js';
import { useChatView } from '../context/use-chat-view.js';

/** Props of {@link ThinkingIndicator}. */
export interface ThinkingIndicatorProps<S = unknown> extends HTMLAttributes<HTMLDivElement> {
  chat?: AgentChat<S>;
  /** Text while thinking. Default: the `thinking` label, "Thinking…". */
  label?: string;
  /** Name the running tool ("Running search flights…"). Default true. */
  showTool?: boolean;
  /** Text while a broken stream is being reattached (`state.connection === 'reconnecting'`). Default: the `reconnecting` label. */
  reconnectingLabel?: string;
  /** Replaces some of its strings (`thinking`, `reconnecting`, `runningTool`). */
  labels?: Partial<AgentChatLabels>;
}

/** The answer is streaming its text: the text itself shows progress, so the indicator steps aside. */
function isWriting(messages: readonly ChatMessage[]): boolean {
  const last = messages[messages.length - 1];
  if (!last || last.role !== 'model' || last.status !== 'streaming') return false;
  const part = last.content[last.content.length - 1];
  return part !== undefined && isTextPart(part) && part.text.trim() !== '';
}

/** The label of each status of a detached run's snapshot (Genkit's lifecycle, plus `aborting` while a stop is pending). */
const DETACHED_LABELS: Record<string, Extract<keyof AgentChatLabels, `detached${string}`>> = {
  pending: 'detachedPending', aborting: 'detachedAborting', completed: 'detachedCompleted',
  failed: 'detachedFailed', aborted: 'detachedAborted', expired: 'detachedExpired',
};

/**
 * A polite status that reads "Thinking…" (or "Running <tool>…", or "Reconnecting…" while a resumable transport
 * reattaches a broken stream) while the agent works and nothing else shows it: once the answer's text streams it
 * empties (`data-state="writing"`); when idle after a detached turn, its background run's status (`state.detached`,
 * `data-state="detached-<status>"`). The live region stays mounted and empty when idle, so screen readers announce
 * it when it fills.
 */
export function ThinkingIndicator<S = unknown>({
  chat, label, showTool = true, reconnectingLabel, labels: own, className, ...rest
}: ThinkingIndicatorProps<S>) {
  const labels = useLabels(own);
  const { isThinking, messages, connection, detached } = useChatView(chat);
  const reconnecting = isThinking && connection === 'reconnecting';
  const tool = useMemo(() => (isThinking && showTool ? runningToolName(messages) : null), [isThinking, showTool, messages]);
  const writing = isThinking && !reconnecting && tool === null && isWriting(messages);
  const detachedLabel = !isThinking && detached && Object.hasOwn(DETACHED_LABELS, detached.status) ? DETACHED_LABELS[detached.status] : undefined;
  const state = reconnecting ? 'reconnecting' : writing ? 'writing' : isThinking ? 'thinking' : detachedLabel ? `detached-${detached!.status}` : 'idle';
  const text = reconnecting
    ? (reconnectingLabel ?? labels.reconnecting)
    : tool
      ? labels.runningTool(readableToolName(tool).toLowerCase())
      : (label ?? labels.thinking);
  return (
    <div {...rest} role="status" className={cx('acu-thinking', className)} data-state={state}>
      {state === 'thinking' || state === 'reconnecting' ? (
        <>
          <span className="acu-thinking__dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          <span className="acu-thinking__label">{text}</span>
        </>
      ) : detachedLabel ? (
        <span className="acu-thinking__label">{labels[detachedLabel]}</span>
      ) : null}
    </div>
  );
}
