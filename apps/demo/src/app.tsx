import type { ChatState } from '@agent-chat/core';
import { useAgentChatSelector } from '@agent-chat/react';
import { AgentChatView, ArtifactPanel } from '@agent-chat/ui';
import { TurnInspector } from '@agent-chat/ui/inspector';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { readLocation, writeLocation, type ChatMode, type Protocol } from './demo-location.js';
import { createDemoSession, rememberedServerSession, type DemoSession } from './demo-session.js';
import { SaveRecordingButton } from './save-recording-button.js';
import { SnapshotTimeline } from './snapshot-timeline.js';
import { Suggestions } from './suggestions.js';
import { TaskListPanel } from './task-list-panel.js';
import type { TaskState } from './task-state.js';

const selectSessionId = (state: ChatState<TaskState>) => state.sessionId;

/**
 * The demo: a header with the mode switch; the task list and snapshot timeline on the left; the kit's AgentChatView
 * (messages, thinking indicator, composer with Stop, interrupt dialog) in the middle; its ArtifactPanel and
 * TurnInspector on the right.
 */
export function App() {
  const [session, setSession] = useState<DemoSession>(() => {
    const location = readLocation();
    return createDemoSession(location.mode, location.sessionId, location.protocol);
  });
  const [protocol, setProtocol] = useState<Protocol>(() => session.protocol);
  const view = useSyncExternalStore(session.subscribe, session.getView);
  useEffect(() => session.restore(), [session]);
  // Leaving the page (reload, close, navigation) detaches: the turn runs on, and the next page load reattaches to it.
  useEffect(() => {
    const detach = () => void session.chat.detach();
    window.addEventListener('pagehide', detach);
    return () => window.removeEventListener('pagehide', detach);
  }, [session]);

  const switchMode = (mode: ChatMode) => {
    void session.chat.stop();
    const sessionId = mode === 'server' ? rememberedServerSession(null) : null;
    writeLocation({ mode, sessionId, protocol });
    const next = createDemoSession(mode, sessionId, protocol);
    setSession(next);
    setProtocol(next.protocol);
  };

  const switchProtocol = (next: Protocol) => {
    session.setProtocol(next);
    setProtocol(session.protocol);
  };

  return (
    <div className="app" data-mode={session.mode}>
      <header className="app-header">
        <h1>agent-chat-kit demo</h1>
        <p className="app-tagline">A task-list assistant on a Genkit agent server, streamed into React.</p>
        <div className="app-controls">
          <SessionBadge session={session} />
          <label className="mode-switch">
            <input
              type="checkbox"
              role="switch"
              checked={session.mode === 'client'}
              onChange={(event) => switchMode(event.currentTarget.checked ? 'client' : 'server')}
              aria-describedby="mode-description"
            />
            Client-managed state
          </label>
          <span id="mode-description" className="visually-hidden">
            When on, the whole session state is kept in this browser tab and sent with every turn to /api/agent-client.
          </span>
          {session.mode === 'server' && (
            <label className="protocol-switch">
              Protocol{' '}
              <select value={protocol} onChange={(event) => switchProtocol(event.currentTarget.value as Protocol)} aria-describedby="protocol-description">
                <option value="genkit">Genkit</option>
                <option value="agui">AG-UI</option>
                <option value="ai-sdk">AI SDK stream</option>
              </select>
            </label>
          )}
          <span id="protocol-description" className="visually-hidden">
            The same Genkit agent and session, spoken to over Genkit's own protocol (/api/agent), AG-UI (/api/agui) or the
            AI SDK UI message stream (/api/ai-sdk). Branching from the timeline needs Genkit's own protocol.
          </span>
          <button type="button" className="button" onClick={() => session.newChat()}>
            New chat
          </button>
        </div>
      </header>
      {/* Always mounted, so screen readers announce what appears in it. */}
      <p className="app-notice" role="status">
        {view.restoring ? 'Restoring the session…' : view.notice}
      </p>
      <aside className="app-side" aria-label="Tasks and snapshot timeline">
        <TaskListPanel chat={session.chat} />
        <SnapshotTimeline
          chat={session.chat}
          mode={session.mode}
          timeline={view.timeline}
          // Only Genkit's own protocol sends a snapshot id to continue from.
          branching={session.mode === 'client' || protocol === 'genkit'}
          onBranch={(entry) => session.branchFrom(entry)}
        />
      </aside>
      <main className="app-main" aria-labelledby="conversation-heading">
        <h2 id="conversation-heading" className="visually-hidden">
          Conversation
        </h2>
        <AgentChatView
          // A new chat (mode switch) gets fresh components.
          key={session.mode}
          chat={session.chat}
          className="demo-chat"
          artifacts="never"
          placeholder="Message the task assistant (Enter sends, Shift+Enter adds a line)"
          // Message actions on every protocol: the AG-UI and AI SDK routes run a turn from the point its history names.
          empty={<Suggestions chat={session.chat} />}
        />
      </main>
      <aside className="app-outputs" aria-label="Artifacts and turn inspector">
        <ArtifactPanel key={`artifacts-${session.mode}`} chat={session.chat} className="panel" empty="The agent's files appear here — try “report”." />
        {/* Focusable: it scrolls, and keyboard users must be able to scroll it. */}
        <TurnInspector key={`inspector-${session.mode}`} chat={session.chat} turnNumber={session.nextTurnNumber} className="panel demo-inspector" />
        <SaveRecordingButton session={session} />
      </aside>
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
