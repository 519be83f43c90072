import type { ThreadSummary } from '@agent-chat/core/threads';
import { useId, useState, type KeyboardEvent } from 'react';
import { cx } from '../util/class-names.js';
import { useThreadLabels } from './thread-labels.js';

/** Props of one thread's row. */
export interface ThreadListRowProps {
  thread: ThreadSummary;
  active: boolean;
  running: boolean;
  /** Its answer ended while another thread was shown (background runs): the mark's words (unread, or needs you). */
  mark?: string | undefined;
  /** The row the arrow keys are on: the only one reached by Tab. */
  focusable: boolean;
  renaming: boolean;
  onOpen(): void;
  onRename(title: string | null): void;
  onStartRename(): void;
  onArchive(): void;
  onRemove(): void;
  onKeyDown(event: KeyboardEvent<HTMLButtonElement>): void;
}

/** One conversation: opens on click or Enter; F2 renames inline, Delete removes (both also as buttons). */
export function ThreadListRow(props: ThreadListRowProps) {
  const { thread, active, running, mark, focusable, renaming } = props;
  const labels = useThreadLabels();
  const title = thread.title || labels.untitledThread;
  const [draft, setDraft] = useState(title);
  const previewId = useId();
  if (renaming) {
    const finish = (value: string | null) => props.onRename(value === null || !value.trim() ? null : value);
    return (
      <div className="acu-thread-row" data-state="renaming">
        <input
          className="acu-thread-rename"
          aria-label={labels.renameThread}
          value={draft}
          autoFocus
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onBlur={() => finish(draft)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') finish(draft);
            if (event.key === 'Escape') finish(null);
          }}
        />
      </div>
    );
  }
  return (
    <div className={cx('acu-thread-row', active && 'acu-thread-row-active')} data-state={active ? 'active' : 'inactive'} data-running={running || undefined}>
      <button
        type="button"
        className="acu-thread-open"
        data-thread-id={thread.id}
        aria-current={active ? 'page' : undefined}
        aria-keyshortcuts="F2 Delete"
        aria-describedby={thread.preview ? previewId : undefined}
        tabIndex={focusable ? 0 : -1}
        onClick={props.onOpen}
        onKeyDown={props.onKeyDown}
      >
        <span className="acu-thread-title">{title}</span>
        {running && <span className="acu-thread-running" role="img" aria-label={labels.threadRunning} />}
        {!running && mark && <span className="acu-thread-unread" role="img" aria-label={mark} />}
      </button>
      {thread.preview && <span id={previewId} className="acu-thread-preview">{thread.preview}</span>}
      {/* Said politely when a background answer ends ("Shopping: New answer"). */}
      <span className="acu-visually-hidden" aria-live="polite">{!running && mark ? `${title}: ${mark}` : ''}</span>
      <span className="acu-thread-actions">
        <button type="button" tabIndex={-1} aria-label={`${labels.renameThread}: ${title}`} onClick={props.onStartRename}>✎</button>
        <button type="button" tabIndex={-1} aria-label={`${thread.archived ? labels.unarchiveThread : labels.archiveThread}: ${title}`} onClick={props.onArchive}>{thread.archived ? '⤒' : '⤓'}</button>
        <button type="button" tabIndex={-1} aria-label={`${labels.deleteThread}: ${title}`} onClick={props.onRemove}>×</button>
      </span>
    </div>
  );
}
