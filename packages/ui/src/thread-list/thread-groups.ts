import type { ThreadSummary } from '@agent-chat/core/threads';
import type { ThreadListLabels } from './thread-labels.js';

/** One row of the thread list: a date heading or a thread. */
export type ThreadRow = { kind: 'heading'; key: string; label: string } | { kind: 'thread'; key: string; thread: ThreadSummary };

const DAY = 86_400_000;

/**
 * The threads as rows under date headings (Today, Yesterday, Previous 7 days, Older; Archived last), newest first
 * within each. Without `now` (before the page knows the time: renders stay pure) there are no date headings.
 */
export function threadRows(threads: readonly ThreadSummary[], now: number | null, labels: ThreadListLabels): ThreadRow[] {
  const groups: Array<{ label: string; threads: ThreadSummary[] }> = [];
  const groupOf = (label: string) => {
    let group = groups.find((candidate) => candidate.label === label);
    if (!group) groups.push((group = { label, threads: [] }));
    return group;
  };
  const today = now === null ? 0 : new Date(now).setHours(0, 0, 0, 0);
  const archived: ThreadSummary[] = [];
  for (const thread of threads) {
    if (thread.archived) archived.push(thread);
    else if (now === null) groupOf('').threads.push(thread);
    else if (thread.updatedAt >= today) groupOf(labels.threadGroupToday).threads.push(thread);
    else if (thread.updatedAt >= today - DAY) groupOf(labels.threadGroupYesterday).threads.push(thread);
    else if (thread.updatedAt >= today - 7 * DAY) groupOf(labels.threadGroupWeek).threads.push(thread);
    else groupOf(labels.threadGroupOlder).threads.push(thread);
  }
  if (archived.length) groups.push({ label: labels.threadGroupArchived, threads: archived });
  const rows: ThreadRow[] = [];
  for (const group of groups) {
    if (group.label) rows.push({ kind: 'heading', key: `heading:${group.label}`, label: group.label });
    for (const thread of group.threads) rows.push({ kind: 'thread', key: thread.id, thread });
  }
  return rows;
}
