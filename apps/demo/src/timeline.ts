import type { AgentChat, AgentResponse, ChatMessage, FinishReason, Message, SessionState, SnapshotInfo } from '@agent-chat/core';
import { textOf } from '@agent-chat/core';

/** One completed turn of the conversation, and where to branch from it. */
export interface TimelineEntry {
  key: string;
  label: string;
  finishReason: FinishReason | 'unknown';
  /** Server-managed: the turn's snapshot. */
  snapshotId: string | null;
  /** Messages in the conversation after this turn (for labelling the next one). */
  messageCount: number;
  /** Client-managed: the whole state after this turn, to branch from. */
  state: SessionState | null;
}

// Keys stay unique across reloads (client-managed timelines come back from sessionStorage with their keys).
const keyPrefix = `turn-${Math.random().toString(36).slice(2, 8)}`;
let keyCount = 0;
const nextKey = () => `${keyPrefix}-${++keyCount}`;

/** What the turn said: its user message, or that it answered a confirmation. */
function turnLabel(messages: readonly (Message | ChatMessage)[], fromIndex: number): string {
  for (let index = messages.length - 1; index >= fromIndex; index--) {
    const message = messages[index]!;
    if (message.role === 'user') return textOf(message.content) || '(attachment)';
  }
  return 'Answered the confirmation';
}

/** A timeline entry for a turn that just ended. */
export function entryFromResponse(response: AgentResponse, messages: readonly ChatMessage[], previous: TimelineEntry | undefined): TimelineEntry {
  // A regenerated, edited or retried turn may not add messages: its own user message carries its snapshot.
  const own = response.snapshotId ? messages.find((message) => message.role === 'user' && message.snapshotId === response.snapshotId) : undefined;
  return {
    key: nextKey(),
    label: own ? textOf(own.content) : turnLabel(messages, Math.min(previous?.messageCount ?? 0, Math.max(0, messages.length - 2))),
    finishReason: response.finishReason,
    snapshotId: response.snapshotId,
    messageCount: messages.length,
    state: response.state,
  };
}

/** Rebuilds the timeline of a restored session by walking its snapshots' parents. */
export async function timelineFromSnapshots(chat: AgentChat<unknown>, latest: SnapshotInfo, limit = 100): Promise<TimelineEntry[]> {
  const chain: SnapshotInfo[] = [latest];
  while (chain.length < limit && chain[0]!.parentId) chain.unshift(await chat.getSnapshot({ snapshotId: chain[0]!.parentId }));
  let previousCount = 0;
  return chain.map((info) => {
    const messages = info.state?.messages ?? [];
    const entry: TimelineEntry = {
      key: nextKey(),
      label: turnLabel(messages, previousCount),
      finishReason: info.finishReason ?? (info.status === 'completed' ? 'stop' : 'unknown'),
      snapshotId: info.snapshotId,
      messageCount: messages.length,
      state: null,
    };
    previousCount = messages.length;
    return entry;
  });
}

/** The number of a turn of the timeline: its place in it, 1-based. The snapshot timeline and the turn inspector both show it. */
export const turnNumberAt = (index: number) => index + 1;

/** The number the next turn gets: the turns finished so far, plus one. */
export const nextTurnNumber = (timeline: readonly TimelineEntry[]) => turnNumberAt(timeline.length);

/** Turns one can continue from: finished ones (a failed or stopped turn's snapshot is not a fork point). */
export function canBranchFrom(entry: TimelineEntry, mode: 'server' | 'client'): boolean {
  const finished = entry.finishReason === 'stop' || entry.finishReason === 'interrupted' || entry.finishReason === 'length';
  return finished && (mode === 'server' ? entry.snapshotId !== null : entry.state !== null);
}
