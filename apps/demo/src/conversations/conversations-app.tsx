import { useThreadList } from '@agent-chat/react';
import { AgentChatView, ArtifactPanel } from '@agent-chat/ui';
import { useEffect, useId, useState } from 'react';
import type { Protocol } from '../demo-location.js';
import { applyTheme, nextTheme, readTheme, type DemoTheme } from '../demo-theme.js';
import { Icon } from '../icons.js';
import { TaskListPanel } from '../task-list-panel.js';
import { conversationHref, readConversationsLocation, SINGLE_CHAT_PATH, writeConversationsLocation, type ThreadStore } from './conversations-location.js';
import { demoUser } from './demo-user.js';
import { createDemoThreadList } from './demo-thread-list.js';
import './conversations.css';

type SideTab = 'tasks' | 'artifacts';
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

/**
 * The demo's conversations page, its default (`/`, then `/c/:id`): the thread list on the left (a sheet on phones), the active conversation
 * in the middle, its task list and artifacts as tabs on the right; the protocol and the thread store are chosen in the
 * header, and every conversation has its address.
 */
export function ConversationsApp() {
  const [initial] = useState(readConversationsLocation);
  const [protocol, setProtocol] = useState<Protocol>(initial.protocol);
  const [store, setStore] = useState<ThreadStore>(initial.store);
  const [tab, setTab] = useState<SideTab>('tasks');
  const [sheet, setSheet] = useState(false);
  const [theme, setTheme] = useState<DemoTheme>(readTheme);
  const { list, reopen } = useDemoThreads(protocol, store);
  const { chat } = useThreadList(list);
  const tabsId = useId();
  useEffect(() => applyTheme(theme), [theme]);

  const choose = (nextProtocol: Protocol, nextStore: ThreadStore) => {
    reopen(nextProtocol, nextStore);
    setProtocol(nextProtocol);
    setStore(nextStore);
  };
  const tabButton = (id: SideTab, label: string) => (
    <button type="button" role="tab" id={`${tabsId}-${id}`} aria-selected={tab === id} aria-controls={`${tabsId}-${id}-panel`} className="conversations-tab" onClick={() => setTab(id)}>
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
        <div className="app-toolbar" role="group" aria-label="Conversation settings">
          <label className="protocol-switch">
            <span className="toolbar-text">Protocol</span>
            <select value={protocol} onChange={(event) => choose(event.target.value as Protocol, store)}>
              {(Object.keys(PROTOCOL_NAMES) as Protocol[]).map((name) => <option key={name} value={name}>{PROTOCOL_NAMES[name]}</option>)}
            </select>
          </label>
          <label className="protocol-switch">
            <span className="toolbar-text">Kept in</span>
            <select value={store} onChange={(event) => choose(protocol, event.target.value as ThreadStore)}>
              {(Object.keys(STORE_NAMES) as ThreadStore[]).map((name) => <option key={name} value={name}>{STORE_NAMES[name]}</option>)}
            </select>
          </label>
          <button type="button" className="toolbar-button sheet-toggle" aria-expanded={sheet} aria-controls="side-sheet" onClick={() => setSheet(!sheet)}>
            <Icon name="tasks" />
            <span className="toolbar-text">Tasks and files</span>
          </button>
          <a className="toolbar-button" href={SINGLE_CHAT_PATH}>
            <Icon name="back" />
            <span className="toolbar-text">Single chat</span>
          </a>
          <button type="button" className="toolbar-button" onClick={() => setTheme(nextTheme(theme))}>
            <Icon name={theme === 'dark' ? 'moon' : theme === 'light' ? 'sun' : 'system'} />
            <span className="toolbar-text">
              <span className="visually-hidden">Theme: </span>
              {theme === 'system' ? 'System' : theme === 'light' ? 'Light' : 'Dark'}
            </span>
          </button>
        </div>
      </header>
      <div className="app-body">
        <main className="app-main" aria-label="Conversations">
          <AgentChatView threads={list} className="demo-chat" artifacts="never" placeholder="Message the task assistant" showUsage />
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
          </div>
          <div role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`} className="conversations-panel">
            {chat && (tab === 'tasks'
              ? <TaskListPanel key={list.getState().activeId} chat={chat} />
              : <ArtifactPanel key={list.getState().activeId} chat={chat} className="panel app-artifacts" empty="The agent's files appear here — try “report”." />)}
          </div>
        </aside>
      </div>
    </div>
  );
}
