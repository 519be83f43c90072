'use client';
import type { ThreadListHandle } from '@agent-chat/core/threads';
import { useThreadList } from '@agent-chat/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type HTMLAttributes, type KeyboardEvent, type ReactElement } from 'react';
import { cx } from '../util/class-names.js';
import { hostOf, Slot } from '../parts/slot.js';
import type { AsChildProps } from '../parts/part-button.js';
import { useThreadLabels } from './thread-labels.js';
import { threadRows } from './thread-groups.js';
import { ThreadListRow } from './thread-list-row.js';
import { FIRST_ROWS, ROW_PX } from './thread-list-size.js';

/** Props of {@link ThreadList}. */
export interface ThreadListProps<S = unknown> extends Omit<HTMLAttributes<HTMLElement>, 'children'>, AsChildProps {
  /** The conversations (`createThreadList` from `@agent-chat/core/threads`). */
  threads: ThreadListHandle<S>;
  /** With `asChild`: your one element (a `<nav>`) that holds the list. */
  children?: ReactElement | undefined;
  /** The time the date groups are counted from (default: the browser's clock, read after mounting). */
  now?: number;
  /** Called after a thread is opened or created (an app's router updates its URL here). */
  onOpen?: (id: string) => void;
}


/**
 * `ThreadList.Root`: the conversations: a New chat button, the threads grouped by date (archived last), the running ones marked. Arrow
 * keys move between threads, Enter opens, F2 renames inline, Delete removes with a few seconds to undo. Virtualised.
 * `data-state`: the list's status (`loading` | `ready` | `error`); a row's: `active` | `inactive` | `renaming`.
 */
export function ThreadList<S>({ threads: list, now: fixedNow, onOpen, asChild, className, children, ...rest }: ThreadListProps<S>) {
  const labels = useThreadLabels();
  const state = useThreadList(list);
  const [now, setNow] = useState<number | null>(fixedNow ?? null);
  useEffect(() => setNow(fixedNow ?? Date.now()), [fixedNow, state.threads]);
  const rows = useMemo(() => threadRows(state.threads, now, labels), [state.threads, now, labels]);
  const threadIds = useMemo(() => rows.flatMap((row) => (row.kind === 'thread' ? [row.key] : [])), [rows]);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders this component itself; nothing here memoizes its functions
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_PX, getItemKey: (index) => rows[index]!.key, overscan: 8 });
  const virtualRows = virtualizer.getVirtualItems();
  const shown = virtualRows.length ? virtualRows : rows.slice(0, FIRST_ROWS).map((_, index) => ({ index, start: index * ROW_PX, key: rows[index]!.key }));
  const current = focusId && threadIds.includes(focusId) ? focusId : state.activeId && threadIds.includes(state.activeId) ? state.activeId : threadIds[0] ?? null;

  const open = async (id: string) => {
    if (await list.switchTo(id)) onOpen?.(id);
  };
  const focusThread = (id: string) => {
    setFocusId(id);
    const index = rows.findIndex((row) => row.key === id);
    virtualizer.scrollToIndex(index);
    // Matched by its dataset, not by a selector: no CSS.escape (which jsdom does not have).
    requestAnimationFrame(() => [...(scroller.current?.querySelectorAll<HTMLElement>('[data-thread-id]') ?? [])].find((row) => row.dataset.threadId === id)?.focus());
  };
  const onKeyDown = (id: string) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = threadIds.indexOf(id);
    const move = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: threadIds.length - 1 }[event.key];
    if (move !== undefined) {
      event.preventDefault();
      const target = threadIds[Math.max(0, Math.min(threadIds.length - 1, move))];
      if (target) focusThread(target);
    } else if (event.key === 'F2') {
      event.preventDefault();
      setRenaming(id);
    } else if (event.key === 'Delete') {
      event.preventDefault();
      const next = threadIds[at + 1] ?? threadIds[at - 1];
      void list.remove(id);
      if (next) focusThread(next);
    }
  };
  const lastRemoved = state.removed.at(-1);

  const host = hostOf(asChild, children);
  const props = { 'aria-label': labels.threads, ...rest, className: cx('acu-thread-list', className), 'data-state': state.status };
  const body = (
    <>
      <button type="button" className="acu-thread-new" onClick={() => void list.create().then((id) => onOpen?.(id))}>{labels.newChat}</button>
      {state.error && (
        <div className="acu-thread-error" role="alert">
          {labels.threadsFailed(state.error.message)}
          <button type="button" onClick={list.clearError}>{labels.dismiss}</button>
        </div>
      )}
      <div ref={scroller} className="acu-thread-scroller">
        {rows.length === 0 && state.status !== 'loading' && <p className="acu-thread-empty">{labels.noThreads}</p>}
        <ul className="acu-thread-rows" style={{ height: virtualizer.getTotalSize() || rows.length * ROW_PX }}>
          {shown.map(({ index, start, key }) => {
            const row = rows[index]!;
            return (
              <li key={key} className="acu-thread-slot" style={{ transform: `translateY(${start}px)` }} data-index={index} ref={virtualRows.length ? virtualizer.measureElement : undefined}>
                {row.kind === 'heading' ? (
                  <h2 className="acu-thread-group">{row.label}</h2>
                ) : (
                  <ThreadListRow
                    thread={row.thread}
                    active={row.key === state.activeId}
                    running={state.running.includes(row.key)}
                    mark={state.unread.includes(row.key) ? (state.needsYou.includes(row.key) ? labels.threadNeedsYou : labels.threadUnread) : undefined}
                    focusable={row.key === current}
                    renaming={renaming === row.key}
                    onOpen={() => void open(row.key)}
                    onStartRename={() => setRenaming(row.key)}
                    onRename={(title) => {
                      setRenaming(null);
                      if (title !== null) void list.rename(row.key, title);
                      focusThread(row.key);
                    }}
                    onArchive={() => void (row.thread.archived ? list.unarchive(row.key) : list.archive(row.key))}
                    onRemove={() => void list.remove(row.key)}
                    onKeyDown={onKeyDown(row.key)}
                  />
                )}
              </li>
            );
          })}
        </ul>
        {state.hasMore && <button type="button" className="acu-thread-more" onClick={() => void list.loadMore()}>{labels.loadMoreThreads}</button>}
      </div>
      <div className="acu-thread-undo" role="status">
        {lastRemoved && (
          <>
            {labels.threadDeleted(lastRemoved.title || labels.untitledThread)}
            <button type="button" onClick={() => list.undoRemove(lastRemoved.id)}>{labels.undoDelete}</button>
          </>
        )}
      </div>
    </>
  );
  return host ? <Slot {...props}>{host.wrap(body)}</Slot> : <nav {...props}>{body}</nav>;
}
