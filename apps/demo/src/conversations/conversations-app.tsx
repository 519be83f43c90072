import { useThreadList } from '@agent-chat/react';
import { AgentChatView, ArtifactPanel, useFocusComposer } from '@agent-chat/ui';
import { TurnInspector } from '@agent-chat/ui/inspector';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { Protocol } from '../demo-location.js';
import { applyTheme, readTheme, type DemoTheme } from '../demo-theme.js';
import { HeaderMenu, ThemeMenuItem } from '../header-menu.js';
import { Icon } from '../icons.js';
import { TaskListPanel } from '../task-list-panel.js';
import { DEMO_VIEW } from '../demo-view.js';
import { conversationHref, readConversationsLocation, SINGLE_CHAT_PATH, writeConversationsLocation, type ThreadStore } from './conversations-location.js';
import { demoUser } from './demo-user.js';
import { createDemoThreadList } from './demo-thread-list.js';
import './conversations.css';

type SideTab = 'tasks' | 'artifacts' | 'devtools';
const PROTOCOL_NAMES: Record<Protocol, string> = { genkit: 'Genkit', agui: 'AG-UI', 'ai-sdk': 'AI SDK' };
const STORE_NAMES: Record<ThreadStore, string> = { local: 'This browser', server: 'Agent server' };

/** The thread list of a protocol and store, opened on the thread the address names; the address follows the active one. */
function useDemoThreads(protocol: Protocol, store: ThreadStore) {
  const [list, setList] = useState(() => createDemoThreadList(protocol, store, demoUser(), readConversationsLocation().threadId));
  useEffect(() => {
    let shown: string | null = null;
    const unsubscribe = list.subscribe((state) => {
      if (!state.activeId || state.activeId === shown) return;
      // The first thread shown replaces the address (a reload, a link); each switch after it is a history entry.
      writeConversationsLocation(conversationHref(state.activeId, protocol, store), shown === null);
      shown = state.activeId;
    });
    // Leaving the page detaches a running turn: it finishes on the server, and the thread rejoins it when shown again.
    const detach = () => void list.chat()?.detach();
    window.addEventListener('pagehide', detach);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', detach);
    };
  }, [list, protocol, store]);
  const reopen = (nextProtocol: Protocol, nextStore: ThreadStore) => {
    list.dispose();
    // The same conversation over another protocol; another store has other threads.
    const keep = nextStore === store ? list.getState().activeId : null;
    writeConversationsLocation(conversationHref(keep, nextProtocol, nextStore), true);
    setList(createDemoThreadList(nextProtocol, nextStore, demoUser(), keep));
  };
  return { list, reopen };
}

/** Gives the composer focus when its thread's view mounts after the header's New chat (as the single chat's does). */
function FocusComposerWhenAsked({ askedRef }: { askedRef: RefObject<boolean> }) {
  const focusComposer = useFocusComposer();
  useEffect(() => {
    if (!askedRef.current) return;
    askedRef.current = false;
    focusComposer();
  }, [askedRef, focusComposer]);
  return null;
}

/**
 * The demo's conversations page, its default (`/`, then `/c/:id`): the thread list on the left (a sheet on phones),
 * the active conversation in the middle, its task list and artifacts (and the developer tools, when on) as tabs on the
 * right. The header holds the product's name, on phones the conversations and a new chat, and a menu for the rest:
 * the protocol, the thread store, the developer tools, the theme, the single chat. Every conversation has its address.
 */
export function ConversationsApp() {
  const [initial] = useState(readConversationsLocation);
  const [protocol, setProtocol] = useState<Protocol>(initial.protocol);
  const [store, setStore] = useState<ThreadStore>(initial.store);
  const [tab, setTab] = useState<SideTab>('tasks');
  const [sheet, setSheet] = useState(false);
  const [threadsOpen, setThreadsOpen] = useState(false);
  const [devTools, setDevTools] = useState(false);
  const [theme, setTheme] = useState<DemoTheme>(readTheme);
  const { list, reopen } = useDemoThreads(protocol, store);
  const { chat } = useThreadList(list);
  const tabsId = useId();
  const focusAskedRef = useRef(false);
  useEffect(() => applyTheme(theme), [theme]);

  const choose = (nextProtocol: Protocol, nextStore: ThreadStore) => {
    reopen(nextProtocol, nextStore);
    setProtocol(nextProtocol);
    setStore(nextStore);
  };
  const newChat = () => {
    setThreadsOpen(false);
    setSheet(false);
    focusAskedRef.current = true;
    void list.create();
  };
  const toggleDevTools = () => {
    const next = !devTools;
    setDevTools(next);
    setTab(next ? 'devtools' : 'tasks');
    // On a narrow screen the side panel is a sheet: the developer tools open in it.
    if (next) setSheet(true);
  };
  const shownTab: SideTab = tab === 'devtools' && !devTools ? 'tasks' : tab;
  const tabButton = (id: SideTab, label: string) => (
    <button type="button" role="tab" id={`${tabsId}-${id}`} aria-selected={shownTab === id} aria-controls={`${tabsId}-${id}-panel`} className="conversations-tab" onClick={() => setTab(id)}>
      {label}
    </button>
  );

  return (
    <div className="app conversations" data-sheet={sheet ? 'artifacts' : 'none'}>
      <header className="app-header">
        <div className="app-brand">
          <span className="app-logo" aria-hidden="true" />
          <h1>Task assistant</h1>
          <span className="app-badge">conversations</span>
        </div>
        <div className="app-toolbar" role="group" aria-label="Conversation controls">
          <button type="button" className="toolbar-button phone-only" aria-expanded={threadsOpen} onClick={() => setThreadsOpen(!threadsOpen)}>
            <Icon name="threads" />
            <span className="toolbar-text">Conversations</span>
          </button>
          <button type="button" className="toolbar-button phone-only" onClick={newChat}>
            <Icon name="plus" />
            <span className="toolbar-text">New chat</span>
          </button>
          <HeaderMenu label="More">
                <button type="button" className="menu-item narrow-only" aria-expanded={sheet} aria-controls="side-sheet" data-menu-close onClick={() => setSheet(!sheet)}>
                  <Icon name="tasks" />
                  Tasks and files
                </button>
                <label className="menu-field">
                  Protocol
                  <select value={protocol} onChange={(event) => choose(event.target.value as Protocol, store)}>
                    {(Object.keys(PROTOCOL_NAMES) as Protocol[]).map((name) => <option key={name} value={name}>{PROTOCOL_NAMES[name]}</option>)}
                  </select>
                </label>
                <label className="menu-field">
                  Kept in
                  <select value={store} onChange={(event) => choose(protocol, event.target.value as ThreadStore)}>
                    {(Object.keys(STORE_NAMES) as ThreadStore[]).map((name) => <option key={name} value={name}>{STORE_NAMES[name]}</option>)}
                  </select>
                </label>
                <button type="button" className="menu-item" aria-pressed={devTools} data-menu-close onClick={toggleDevTools}>
                  <Icon name="code" />
                  Developer tools
                </button>
                <ThemeMenuItem theme={theme} onChange={setTheme} />
                <a className="menu-item" href={SINGLE_CHAT_PATH}>
                  <Icon name="back" />
                  Single chat
                </a>
          </HeaderMenu>
        </div>
      </header>
      <div className="app-body">
        <main className="app-main" aria-label="Conversations">
          <AgentChatView threads={list} threadsOpen={threadsOpen} onThreadsOpenChange={setThreadsOpen} className="demo-chat" {...DEMO_VIEW}>
            <FocusComposerWhenAsked askedRef={focusAskedRef} />
          </AgentChatView>
        </main>
        <aside id="side-sheet" className="app-side" aria-label="Tasks and files">
          {sheet && (
            <div className="sheet-bar">
              <button type="button" className="toolbar-button" onClick={() => setSheet(false)}>
                <Icon name="back" />
                <span>Back to chat</span>
              </button>
            </div>
          )}
          <div role="tablist" aria-label="Tasks and files" className="conversations-tabs">
            {tabButton('tasks', 'Tasks')}
            {tabButton('artifacts', 'Artifacts')}
            {devTools && tabButton('devtools', 'Developer tools')}
          </div>
          <div role="tabpanel" id={`${tabsId}-${shownTab}-panel`} aria-labelledby={`${tabsId}-${shownTab}`} className="conversations-panel">
            {chat && (shownTab === 'tasks'
              ? <TaskListPanel key={list.getState().activeId} chat={chat} />
              : shownTab === 'artifacts'
                ? <ArtifactPanel key={list.getState().activeId} chat={chat} className="panel app-artifacts" empty="The agent's files appear here — try “report”." />
                : <TurnInspector key={list.getState().activeId} chat={chat} className="panel" />)}
          </div>
        </aside>
      </div>
    </div>
  );
}
