import type { AgentChat } from '@agent-chat/core';
import { useEffect, useState, type HTMLAttributes } from 'react';
import { cx } from './class-names.js';
import { createTimelineRecorder, type TimelineEntry } from './turn-timeline.js';
import { useChatView } from './use-chat-view.js';

/** Props of {@link TurnInspector}. */
export interface TurnInspectorProps extends HTMLAttributes<HTMLElement> {
  chat?: AgentChat<any>;
  /** The panel's accessible name. Default "Turn inspector". */
  label?: string;
}

function describe(entry: TimelineEntry): string {
  if (entry.chars !== undefined) return `+${entry.chars} chars`;
  return entry.detail;
}

/**
 * A developer panel: the current turn's timeline as the store saw it — text and reasoning deltas, tool calls, custom-state
 * changes (as patch paths), artifact versions, interrupts, errors, and the turn end with its snapshot. It listens to the
 * store and leaves the chat's own callbacks alone.
 */
export function TurnInspector({ chat, label = 'Turn inspector', className, ...rest }: TurnInspectorProps) {
  const view = useChatView(chat);
  const [recorder] = useState(() => createTimelineRecorder());
  // Every store update is recorded (the view itself re-renders at most once per frame and reads the result).
  useEffect(() => view.chat.subscribe((next, previous) => recorder.record(next, previous)), [view.chat, recorder]);
  const timeline = recorder.get();
  const running = view.isThinking;
  return (
    <section {...rest} className={cx('acu-inspector', className)} data-state={running ? 'running' : 'idle'} aria-label={label}>
      <header className="acu-inspector__header" data-state={running ? 'running' : 'idle'}>
        <span className="acu-inspector__turn">{timeline.turn > 0 ? `Turn ${timeline.turn}` : 'No turn yet'}</span>
        <span className="acu-inspector__status">{view.status}</span>
      </header>
      <ol className="acu-inspector__events">
        {timeline.entries.map((entry, index) => (
          <li key={index} className="acu-inspector__event" data-kind={entry.kind} data-state={entry.kind}>
            <span className="acu-inspector__time">+{Math.round(entry.at)} ms</span>
            <span className="acu-inspector__kind">
              {entry.kind}
              {entry.count > 1 ? ` ×${entry.count}` : ''}
            </span>
            <span className="acu-inspector__detail">{describe(entry)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
