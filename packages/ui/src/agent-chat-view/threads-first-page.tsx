import type { ThreadListHandle } from '@agent-chat/core/threads';
import { useState, useSyncExternalStore } from 'react';
import { useLabels } from '../labels/labels.js';
import { cx } from '../util/class-names.js';
import { NEW_CHAT_LABEL, THREADS_LABEL } from '../thread-list/first-page-labels.js';
import { FIRST_ROWS, ROW_PX } from '../thread-list/thread-list-size.js';

/**
 * `AgentChatView threads` while its layout's chunk loads: the list's first page as `ThreadList` first renders it (the
 * same rows, before the date headings), each row opening its thread. The list paints as soon as its first page is
 * read, with what is loaded; rename, keyboard, archived threads, virtualising and the chat come with the chunk. Kept
 * small: every `AgentChatView` ships it.
 */
export function ThreadsFirstPage({ threads }: { threads: ThreadListHandle }) {
  const labels = useLabels();
  const state = useSyncExternalStore(threads.subscribe, threads.getState, threads.getState);
  const [sheet, setSheet] = useState(false);
  const rows = state.threads.filter((thread) => !thread.archived).slice(0, FIRST_ROWS);
  return (
    <div className="acu-threaded" data-sheet={sheet ? 'open' : 'closed'} data-state="loading">
      <button type="button" className="acu-threaded__toggle" aria-expanded={sheet} onClick={() => setSheet(!sheet)}>
        {labels.showThreads ?? THREADS_LABEL}
      </button>
      <nav className="acu-thread-list acu-threaded__list" aria-label={labels.threads ?? THREADS_LABEL} aria-busy="true">
        <button type="button" className="acu-thread-new" onClick={() => void threads.create()}>{labels.newChat ?? NEW_CHAT_LABEL}</button>
        <div className="acu-thread-scroller">
          <ul className="acu-thread-rows" style={{ height: rows.length * ROW_PX }}>
            {rows.map((thread, index) => {
              const active = thread.id === state.activeId;
              return (
                <li key={thread.id} className="acu-thread-slot" style={{ transform: `translateY(${index * ROW_PX}px)` }}>
                  <div className={cx('acu-thread-row', active && 'acu-thread-row-active')} data-state={active ? 'active' : 'inactive'}>
                    <button type="button" className="acu-thread-open" data-thread-id={thread.id} aria-current={active ? 'page' : undefined} onClick={() => void threads.switchTo(thread.id)}>
                      <span className="acu-thread-title">{thread.title || (labels.untitledThread ?? NEW_CHAT_LABEL)}</span>
                    </button>
                    {thread.preview && <span className="acu-thread-preview">{thread.preview}</span>}
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      </nav>
      <div className="acu-threaded__chat" />
    </div>
  );
}
