import type { ChatState } from '@agent-chat/core';
import { useAgentChatSelector } from '@agent-chat/react';
import { TurnInspector } from '@agent-chat/ui/inspector';
import type { ChatMode, Protocol } from './demo-location.js';
import type { DemoSession } from './demo-session.js';
import { ReplayRecordingInput, SaveRecordingButton } from './save-recording-button.js';
import { SnapshotTimeline } from './snapshot-timeline.js';
import type { TaskState } from '@agent-chat/agent-server';
import type { TimelineEntry } from './timeline.js';

const selectSessionId = (state: ChatState<TaskState>) => state.sessionId;

interface DeveloperToolsProps {
  session: DemoSession;
  protocol: Protocol;
  timeline: TimelineEntry[];
  onSwitchMode: (mode: ChatMode) => void;
  onSwitchProtocol: (protocol: Protocol) => void;
  onBranch: (entry: TimelineEntry) => void;
}

/**
 * What a developer looks at, not a user: how the chat is connected (state kept on the server or in the tab, the
 * protocol), Save recording and Replay a recording, the turn inspector and the snapshot timeline.
 */
export function DeveloperTools({ session, protocol, timeline, onSwitchMode, onSwitchProtocol, onBranch }: DeveloperToolsProps) {
  return (
    <div className="devtools">
      <section className="panel devtools-connection" aria-labelledby="connection-heading">
        <h2 id="connection-heading">Connection</h2>
        <SessionBadge session={session} />
        <label className="mode-switch">
          <input
            type="checkbox"
            role="switch"
            checked={session.mode === 'client'}
            onChange={(event) => onSwitchMode(event.currentTarget.checked ? 'client' : 'server')}
            aria-describedby="mode-description"
          />
          Client-managed state
        </label>
        <p id="mode-description" className="panel-meta">
          When on, the whole session state is kept in this browser tab and sent with every turn to /api/agent-client.
        </p>
        {session.mode === 'server' && (
          <label className="protocol-switch">
            Protocol
            <select value={protocol} onChange={(event) => onSwitchProtocol(event.currentTarget.value as Protocol)} aria-describedby="protocol-description">
              <option value="genkit">Genkit</option>
              <option value="agui">AG-UI</option>
              <option value="ai-sdk">AI SDK stream</option>
            </select>
          </label>
        )}
        <p id="protocol-description" className="panel-meta" hidden={session.mode !== 'server'}>
          The same Genkit agent and session over Genkit's own protocol (/api/agent), AG-UI (/api/agui) or the AI SDK UI
          message stream (/api/ai-sdk). Branching from the timeline needs Genkit's own protocol.
        </p>
        <SaveRecordingButton session={session} />
        <ReplayRecordingInput session={session} />
      </section>
      {/* Focusable: it scrolls, and keyboard users must be able to scroll it. */}
      <TurnInspector key={`inspector-${session.mode}`} chat={session.chat} turnNumber={session.nextTurnNumber} className="devtools-inspector" />
      <SnapshotTimeline
        chat={session.chat}
        mode={session.mode}
        timeline={timeline}
        // Only Genkit's own protocol sends a snapshot id to continue from.
        branching={session.mode === 'client' || protocol === 'genkit'}
        onBranch={onBranch}
      />
    </div>
  );
}

function SessionBadge({ session }: { session: DemoSession }) {
  const sessionId = useAgentChatSelector(session.chat, selectSessionId);
  if (session.mode === 'client') return <p className="session-badge">State kept in this browser</p>;
  return (
    <p className="session-badge">
      {sessionId ? (
        <>
          Session <code title={sessionId}>{sessionId.slice(0, 8)}</code>
        </>
      ) : (
        'New session'
      )}
    </p>
  );
}
