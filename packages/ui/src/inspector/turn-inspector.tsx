import { useEffect, useState, useSyncExternalStore, type HTMLAttributes } from 'react';
import { cx } from '../util/class-names.js';
import { useLabels, type AgentChatLabels } from '../labels/labels.js';
import { createTimelineRecorder, type TimelineEntry } from './turn-timeline.js';
import { useChatView } from '../context/use-chat-view.js';
import type { AgentChat, ChatMessage } from '@agent-chat/core';
import { MessageUsage } from '../message-list/message-usage.js';

/** The last answer of the conversation, once it ended with usage or timing to show. */
function lastAnswer(messages: readonly ChatMessage[]): ChatMessage | undefined {
  let last: ChatMessage | undefined;
  for (let index = messages.length - 1; index >= 0 && !last; index--) if (messages[index]!.role === 'model') last = messages[index];
  return last && last.status !== 'streaming' && (last.usage || last.timing) ? last : undefined;
}

/** Props of {@link TurnInspector}. */
export interface TurnInspectorProps<S = unknown> extends HTMLAttributes<HTMLElement> {
  chat?: AgentChat<S>;
  /** The panel's accessible name. Default: the `turnInspector` label; its scrollable event list is named by `inspectorEvents`. */
  label?: string;
  /** Replaces some of its strings (`turnInspector`, `noTurnYet`, `turnNumber`, `inspectorEvents`). */
  labels?: Partial<AgentChatLabels>;
  /**
   * The number of a turn starting now, when the app numbers turns itself (its list of finished turns plus one), so
   * that both agree after a reload or a branch. Default: counted from 1 since mount, a reset or a branch.
   */
  turnNumber?: () => number;
}

function describe(entry: TimelineEntry): string {
  if (entry.chars !== undefined) return `+${entry.chars} chars`;
  return entry.detail;
}

/**
 * A developer panel: the current turn's timeline as the chat reduced it — every event (`chat.onEvent`: deltas, tool calls,
 * custom-state patches as sent, each artifact version, interrupts, errors, passthrough frames) and the turn end
 * (`state.turnEnd`) with its snapshot. A branch, reset or restore starts it over. The chat's own callbacks stay untouched.
 */
export function TurnInspector<S = unknown>({ chat, label: ownLabel, labels: own, turnNumber, className, ...rest }: TurnInspectorProps<S>) {
  const labels = useLabels(own);
  const label = ownLabel ?? labels.turnInspector;
  const view = useChatView(chat);
  const [recorder] = useState(() => createTimelineRecorder());
  useEffect(() => recorder.numberTurns(turnNumber), [recorder, turnNumber]);
  useEffect(() => recorder.connect(view.chat), [view.chat, recorder]);
  const timeline = useSyncExternalStore(recorder.subscribe, recorder.get, recorder.get);
  const running = view.isThinking;
  const answer = lastAnswer(view.messages);
  return (
    <section {...rest} className={cx('acu-inspector', className)} data-state={running ? 'running' : 'idle'} aria-label={label}>
      <header className="acu-inspector__header" data-state={running ? 'running' : 'idle'}>
        <span className="acu-inspector__turn">{timeline.turn > 0 ? labels.turnNumber(timeline.turn) : labels.noTurnYet}</span>
        <span className="acu-inspector__status">{view.status}</span>
      </header>
      {/* The scroll region: focusable and named, so keyboard users can scroll it. */}
      <ol className="acu-inspector__events" tabIndex={0} aria-label={labels.inspectorEvents(label)}>
        {timeline.entries.map((entry, index) => (
          <li key={index} className="acu-inspector__event" data-kind={entry.kind}>
            <span className="acu-inspector__time">+{Math.round(entry.at)} ms</span>
            <span className="acu-inspector__kind">
              {entry.kind}
              {entry.count > 1 ? ` ×${entry.count}` : ''}
            </span>
            <span className="acu-inspector__detail">{describe(entry)}</span>
          </li>
        ))}
      </ol>
      {answer ? (
        <div className="acu-inspector__usage">
          <span className="acu-inspector__kind">usage</span>
          <MessageUsage message={answer} />
        </div>
      ) : null}
    </section>
  );
}
