import type { ChatState } from '@agent-chat/core';
import { useAgentChatSelector } from '@agent-chat/react';
import { AgentChatView, ArtifactPanel, useFocusComposer } from '@agent-chat/ui';
import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { readLocation, writeLocation, type ChatMode, type Protocol } from './demo-location.js';
import { createDemoSession, rememberedServerSession, type DemoSession } from './demo-session.js';
import { DEMO_VIEW } from './demo-view.js';
import { applyTheme, nextTheme, readTheme, THEME_NAMES, themeIcon, type DemoTheme } from './demo-theme.js';
import { DeveloperTools } from './developer-tools.js';
import { HeaderMenu, ThemeMenuItem } from './header-menu.js';
import { Icon } from './icons.js';
import { TaskListPanel } from './task-list-panel.js';
import type { TaskState } from '@agent-chat/agent-server';
import type { TimelineEntry } from './timeline.js';

/** A side panel shown in place of the conversation on a narrow screen. */
type Sheet = 'tasks' | 'artifacts' | null;

const DEVTOOLS_KEY = 'agent-chat-demo:devtools';

const selectArtifactCount = (state: ChatState<TaskState>) => state.artifacts.length;
const selectOpenTasks = (state: ChatState<TaskState>) => state.custom?.tasks?.filter((task) => !task.done).length ?? 0;

function readDevTools(): boolean {
  try {
    return sessionStorage.getItem(DEVTOOLS_KEY) === 'open';
  } catch {
    return false;
  }
}

/** Hands the view's composer focus function to the page, for the controls outside the view (New chat, Branch here). */
function ComposerFocusBridge({ targetRef }: { targetRef: RefObject<(() => void) | null> }) {
  const focusComposer = useFocusComposer();
  useEffect(() => {
    targetRef.current = focusComposer;
  }, [targetRef, focusComposer]);
  return null;
}

/**
 * The demo: the conversation is the page (the kit's AgentChatView in a centred column); the task list is a side
 * panel on the left and the artifacts one on the right (on a narrow screen, each replaces the conversation until
 * "Back to chat"); the developer tools (connection, Save recording, turn inspector, snapshot timeline) stay collapsed
 * behind their toggle.
 */
export function App() {
  const [session, setSession] = useState<DemoSession>(() => {
    const location = readLocation();
    return createDemoSession(location.mode, location.sessionId, location.protocol);
  });
  const [protocol, setProtocol] = useState<Protocol>(() => session.protocol);
  const [sheet, setSheet] = useState<Sheet>(null);
  const [devTools, setDevTools] = useState(readDevTools);
  const [theme, setTheme] = useState<DemoTheme>(readTheme);
  const view = useSyncExternalStore(session.subscribe, session.getView);
  const artifactCount = useAgentChatSelector(session.chat, selectArtifactCount);
  const openTasks = useAgentChatSelector(session.chat, selectOpenTasks);
  const focusComposerRef = useRef<(() => void) | null>(null);
  const sheetBack = useRef<HTMLButtonElement>(null);
  useEffect(() => session.restore(), [session]);
  // Leaving the page (reload, close, navigation) detaches: the turn runs on, and the next page load reattaches to it.
  useEffect(() => {
    const detach = () => void session.chat.detach();
    window.addEventListener('pagehide', detach);
    return () => window.removeEventListener('pagehide', detach);
  }, [session]);
  useEffect(() => applyTheme(theme), [theme]);
  useEffect(() => {
    try {
      sessionStorage.setItem(DEVTOOLS_KEY, devTools ? 'open' : 'closed');
    } catch {
      // Without storage the toggle still works for this page.
    }
  }, [devTools]);
  // An opened sheet takes focus (its Back button), as a new view would.
  useEffect(() => {
    if (sheet) sheetBack.current?.focus();
  }, [sheet]);

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
  const newChat = () => {
    session.newChat();
    setSheet(null);
    focusComposerRef.current?.();
  };
  const branch = (entry: TimelineEntry) => {
    session.branchFrom(entry);
    focusComposerRef.current?.();
  };
  const toggleSheet = (next: Exclude<Sheet, null>) => setSheet((current) => (current === next ? null : next));
  const closeSheet = () => {
    setSheet(null);
    focusComposerRef.current?.();
  };
  const shownSheet = sheet ?? (devTools ? 'devtools' : 'none');

  return (
    <div className="app" data-mode={session.mode} data-sheet={shownSheet} data-devtools={devTools ? 'open' : 'closed'}>
      <header className="app-header">
        <div className="app-brand">
          <span className="app-logo" aria-hidden="true" />
          <h1>Task assistant</h1>
          <span className="app-badge">agent-chat-kit demo</span>
        </div>
        <div className="app-toolbar" role="group" aria-label="Chat controls">
          {/* On a phone: the conversations, a new chat, and a menu for the rest; wider, every control in a row. */}
          <a className="toolbar-button phone-only" href="/c/">
            <Icon name="threads" />
            <span className="toolbar-text">Conversations</span>
          </a>
          <button type="button" className="toolbar-button" onClick={newChat}>
            <Icon name="plus" />
            <span className="toolbar-text">New chat</span>
          </button>
          <button type="button" className="toolbar-button sheet-toggle wide-only" aria-expanded={sheet === 'tasks'} aria-controls="tasks-sheet" onClick={() => toggleSheet('tasks')}>
            <Icon name="tasks" />
            <span className="toolbar-text">Tasks</span>
            {openTasks > 0 && <span className="toolbar-count">{openTasks}</span>}
          </button>
          <button type="button" className="toolbar-button sheet-toggle wide-only" aria-expanded={sheet === 'artifacts'} aria-controls="side-sheet" onClick={() => toggleSheet('artifacts')}>
            <Icon name="file" />
            <span className="toolbar-text">Artifacts</span>
            {artifactCount > 0 && <span className="toolbar-count">{artifactCount}</span>}
          </button>
          <a className="toolbar-button wide-only" href="/c/">
            <Icon name="threads" />
            <span className="toolbar-text">Conversations</span>
          </a>
          <button type="button" className="toolbar-button wide-only" aria-expanded={devTools} aria-controls="devtools" onClick={() => setDevTools(!devTools)}>
            <Icon name="code" />
            <span className="toolbar-text">Developer tools</span>
          </button>
          <button type="button" className="toolbar-button wide-only" onClick={() => setTheme(nextTheme(theme))}>
            <Icon name={themeIcon(theme)} />
            <span className="toolbar-text">
              <span className="visually-hidden">Theme: </span>
              {THEME_NAMES[theme]}
            </span>
          </button>
          <div className="phone-only">
            <HeaderMenu label="More">
              <button type="button" className="menu-item" aria-expanded={sheet === 'tasks'} aria-controls="tasks-sheet" data-menu-close onClick={() => toggleSheet('tasks')}>
                <Icon name="tasks" />
                Tasks
                {openTasks > 0 && <span className="toolbar-count">{openTasks}</span>}
              </button>
              <button type="button" className="menu-item" aria-expanded={sheet === 'artifacts'} aria-controls="side-sheet" data-menu-close onClick={() => toggleSheet('artifacts')}>
                <Icon name="file" />
                Artifacts
                {artifactCount > 0 && <span className="toolbar-count">{artifactCount}</span>}
              </button>
              <button type="button" className="menu-item" aria-expanded={devTools} aria-controls="devtools" data-menu-close onClick={() => setDevTools(!devTools)}>
                <Icon name="code" />
                Developer tools
              </button>
              <ThemeMenuItem theme={theme} onChange={setTheme} />
            </HeaderMenu>
          </div>
        </div>
      </header>
      <div className="app-body">
        {/* Focusable: the panel scrolls, and keyboard users must be able to scroll it. */}
        <aside id="tasks-sheet" className="app-tasks" aria-label="Task list" tabIndex={0}>
          {sheet === 'tasks' && <SheetBar buttonRef={sheetBack} onClose={closeSheet} />}
          <TaskListPanel chat={session.chat} />
        </aside>
        <main className="app-main" aria-labelledby="conversation-heading">
          <h2 id="conversation-heading" className="visually-hidden">
            Conversation
          </h2>
          {/* Always mounted, so screen readers announce what appears in it. */}
          <p className="app-notice" role="status">
            {view.restoring ? 'Restoring the session…' : view.notice}
          </p>
          <AgentChatView
            // A new chat (mode switch) gets fresh components.
            key={session.mode}
            chat={session.chat}
            className="demo-chat"
            {...DEMO_VIEW}
          >
            <ComposerFocusBridge targetRef={focusComposerRef} />
          </AgentChatView>
        </main>
        <aside id="side-sheet" className="app-side" aria-label="Artifacts and developer tools" data-artifacts={artifactCount > 0 ? 'filled' : 'empty'}>
          {sheet === 'artifacts' && <SheetBar buttonRef={sheetBack} onClose={closeSheet} />}
          {shownSheet === 'devtools' && <SheetBar onClose={() => setDevTools(false)} className="devtools-back" />}
          <ArtifactPanel key={`artifacts-${session.mode}`} chat={session.chat} className="panel app-artifacts" empty="The agent's files appear here — try “report”." />
          <section id="devtools" className="app-devtools" aria-label="Developer tools" hidden={!devTools}>
            <DeveloperTools session={session} protocol={protocol} timeline={view.timeline} onSwitchMode={switchMode} onSwitchProtocol={switchProtocol} onBranch={branch} />
          </section>
        </aside>
      </div>
    </div>
  );
}

/** The top of a side panel shown in place of the conversation (narrow screens only). */
function SheetBar({ onClose, buttonRef, className }: { onClose: () => void; buttonRef?: RefObject<HTMLButtonElement | null>; className?: string }) {
  return (
    <div className={`sheet-bar ${className ?? ''}`}>
      <button ref={buttonRef} type="button" className="toolbar-button" onClick={onClose}>
        <Icon name="back" />
        <span>Back to chat</span>
      </button>
    </div>
  );
}
