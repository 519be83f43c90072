import { useLabels, type AgentChatLabels } from '../labels/labels.js';
import type { ThreadListLabels } from '../labels/thread-list-labels.js';
import { NEW_CHAT_LABEL, THREADS_LABEL } from './first-page-labels.js';

export type { ThreadListLabels };


/** The thread list's English strings: kept apart, so that a chat without threads does not ship them. */
export const defaultThreadLabels: ThreadListLabels = {
  threads: THREADS_LABEL,
  newChat: NEW_CHAT_LABEL,
  untitledThread: NEW_CHAT_LABEL,
  threadGroupToday: 'Today',
  threadGroupYesterday: 'Yesterday',
  threadGroupWeek: 'Previous 7 days',
  threadGroupOlder: 'Older',
  threadGroupArchived: 'Archived',
  threadRunning: 'Answering…',
  threadUnread: 'New answer',
  threadNeedsYou: 'Needs you',
  renameThread: 'Rename',
  archiveThread: 'Archive',
  unarchiveThread: 'Unarchive',
  deleteThread: 'Delete',
  threadDeleted: (title) => `Deleted “${title}”.`,
  undoDelete: 'Undo',
  threadsFailed: (message) => `Your conversations could not be saved: ${message}`,
  dismiss: 'Dismiss',
  loadMoreThreads: 'Show older conversations',
  noThreads: 'No conversations yet.',
  threadNotFound: 'This conversation is not available.',
  backToThreads: 'Start a new chat',
  showThreads: THREADS_LABEL,
};

// Filled once per labels object: every row of a list shares it (each row filling its own was ~2 ms of a list's mount).
const filledFor = new WeakMap<AgentChatLabels, AgentChatLabels & ThreadListLabels>();

/** The labels with the thread list's defaults filled in (the same object while the labels stay the same). */
export function useThreadLabels(): AgentChatLabels & ThreadListLabels {
  const labels = useLabels();
  let filled = filledFor.get(labels);
  if (!filled) {
    filled = { ...defaultThreadLabels, ...labels };
    for (const key of Object.keys(defaultThreadLabels) as Array<keyof ThreadListLabels>) {
      if (labels[key] === undefined) Object.assign(filled, { [key]: defaultThreadLabels[key] });
    }
    filledFor.set(labels, filled);
  }
  return filled;
}
