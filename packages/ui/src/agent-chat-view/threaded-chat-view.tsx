'use client';
import type { AgentChat } from '@agent-chat/core';
import type { ThreadListHandle } from '@agent-chat/core/threads';
import { useThreadList } from '@agent-chat/react';
import { Fragment, useEffect, useId, useState, type ReactNode } from 'react';
import { LabelsProvider, type AgentChatLabels } from '../labels/labels.js';
import { useThreadLabels } from '../thread-list/thread-labels.js';
import { ThreadList } from '../thread-list/thread-list.js';
import { markdownPart } from '../markdown/lazy-markdown.js';
import { virtualRowsPart } from '../message-list/message-rows.js';
import { messageSourcesPart } from '../message-list/row-parts.js';
import { toolActivityPart } from '../tools/lazy-tool-activity.js';
import { messageActionsPart } from './view-parts.js';

interface ThreadedChatViewProps {
  threads: ThreadListHandle;
  labels: Partial<AgentChatLabels> | undefined;
  /** Renders one conversation's view (AgentChatView without threads). */
  render: (chat: AgentChat) => ReactNode;
  /** The phone sheet's state when the app owns it (`threadsOpen`); else the view keeps its own. */
  open?: boolean | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
}

const NO_LABELS: Partial<AgentChatLabels> = {};

/** A thread that is not there: said calmly, with a way to a new chat. */
function ThreadMissing({ onBack }: { onBack: () => void }) {
  const labels = useThreadLabels();
  return (
    <div className="acu-threaded__missing" role="status">
      <p>{labels.threadNotFound}</p>
      <button type="button" onClick={onBack}>{labels.backToThreads}</button>
    </div>
  );
}

/** The conversations beside the active one's chat (a sheet on phones, opened by its toggle). */
function ThreadedLayout({ threads, render, open, onOpenChange }: ThreadedChatViewProps) {
  const labels = useThreadLabels();
  const { chat, activeId, status, notFound } = useThreadList(threads);
  const [ownSheet, setOwnSheet] = useState(false);
  // Controlled when the app gives `open`, as Radix's parts are; either way the change is reported.
  const sheet = open ?? ownSheet;
  const setSheet = (next: boolean) => {
    if (open === undefined) setOwnSheet(next);
    onOpenChange?.(next);
  };
  const listId = useId();
  // A switch may open a long conversation: its virtualised rows and their Markdown load now, so that it never renders
  // every row while the virtualiser's chunk loads.
  useEffect(() => {
    for (const part of [virtualRowsPart, markdownPart]) part.preload().catch(() => {}); // a part that cannot load keeps its plain fallback
  }, []);
  // A view always shows a conversation: a new one when none is active (and no unknown id was asked for).
  useEffect(() => {
    if (status !== 'loading' && !activeId && !notFound) void threads.create();
  }, [threads, status, activeId, notFound]);
  return (
    <div className="acu-threaded" data-sheet={sheet ? 'open' : 'closed'}>
      <button type="button" className="acu-threaded__toggle" aria-expanded={sheet} aria-controls={listId} onClick={() => setSheet(!sheet)}>
        {labels.showThreads}
      </button>
      <ThreadList id={listId} className="acu-threaded__list" threads={threads} onOpen={() => setSheet(false)} />
      <div className="acu-threaded__chat">
        {notFound ? <ThreadMissing onBack={() => void threads.create()} /> : chat ? <Fragment key={activeId}>{render(chat)}</Fragment> : null}
      </div>
    </div>
  );
}

/**
 * What a conversation's rows render, loaded while the thread list's first page paints (not while it is read: it would
 * wait): a switch right after the list shows finds it there (else the switch's own render starts these imports).
 * AgentChatView's first page calls it with this chunk loaded (it is here, not in the view's first chunk).
 */
export function preloadRowParts(): void {
  for (const part of [markdownPart, virtualRowsPart, messageActionsPart, toolActivityPart, messageSourcesPart]) part.preload().catch(() => {}); // a part that cannot load keeps its plain fallback
}

/** `AgentChatView` with `threads`: loaded on demand. */
export default function ThreadedChatView(props: ThreadedChatViewProps) {
  return (
    <LabelsProvider labels={props.labels ?? NO_LABELS}>
      <ThreadedLayout {...props} />
    </LabelsProvider>
  );
}
