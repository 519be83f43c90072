import type { AgentChat, ChatState } from '@agent-chat/core';
import { useAgentChatSelector } from '@agent-chat/react';
import type { ChatMode } from './demo-location.js';
import type { TaskState } from '@agent-chat/agent-server';
import { canBranchFrom, turnNumberAt, type TimelineEntry } from './timeline.js';

const selectSnapshotId = (state: ChatState<TaskState>) => state.snapshotId;

interface SnapshotTimelineProps {
  chat: AgentChat<TaskState>;
  mode: ChatMode;
  timeline: TimelineEntry[];
  /** False while the protocol cannot continue from a snapshot: the Branch buttons are hidden. */
  branching?: boolean;
  onBranch: (entry: TimelineEntry) => void;
}

/** Every turn of the conversation with its snapshot id; "Branch here" forks the conversation at that turn. */
export function SnapshotTimeline({ chat, mode, timeline, branching = true, onBranch }: SnapshotTimelineProps) {
  const currentSnapshotId = useAgentChatSelector(chat, selectSnapshotId);
  const currentIndex = mode === 'server' ? timeline.findIndex((entry) => entry.snapshotId && entry.snapshotId === currentSnapshotId) : timeline.length - 1;
  return (
    <section className="panel timeline-panel" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Snapshot timeline</h2>
      {timeline.length === 0 ? (
        <p className="panel-meta">Each finished turn appears here with its snapshot; branch from any of them.</p>
      ) : (
        <ol className="timeline" aria-labelledby="timeline-heading">
          {timeline.map((entry, index) => {
            const turn = turnNumberAt(index);
            const current = index === currentIndex;
            return (
              <li key={entry.key} className="timeline-entry" data-finish-reason={entry.finishReason} aria-current={current ? 'step' : undefined}>
                <div className="timeline-line">
                  <span className="timeline-turn">Turn {turn}</span>
                  <span className="timeline-label">{entry.label}</span>
                </div>
                <div className="timeline-line timeline-meta">
                  <span className="timeline-finish">{entry.finishReason}</span>
                  {entry.snapshotId && (
                    <code className="timeline-snapshot" title={entry.snapshotId}>
                      {entry.snapshotId.slice(0, 8)}
                    </code>
                  )}
                  {current && <span className="timeline-current">current</span>}
                  {branching && canBranchFrom(entry, mode) && !current && (
                    <button type="button" className="acu-button button-small" onClick={() => onBranch(entry)} aria-label={`Branch here (turn ${turn}: ${entry.label})`}>
                      Branch here
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
