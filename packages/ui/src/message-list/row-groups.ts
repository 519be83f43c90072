import type { ChatMessage, Role } from '@agent-chat/core';

/** Who speaks: the agent's model and tool messages are one author. */
export const speakerOf = (role: Role): Exclude<Role, 'tool'> => (role === 'tool' ? 'model' : role);

/**
 * One row of the feed (one `article`): a user's or a system message, or one answer — every model and tool message
 * between two messages of another author (tool calls, their results, reasoning, text), as the reader sees it.
 */
export interface RowGroup {
  /** The first message's id: the row's key, kept while the answer grows. */
  key: string;
  /** The group's messages are `messages[from]` up to, not including, `messages[to]`. */
  from: number;
  to: number;
}

/** The rows of `messages`, in order. O(messages), no message copied. */
export function groupRows(messages: readonly ChatMessage[]): RowGroup[] {
  const groups: RowGroup[] = [];
  let open: RowGroup | undefined;
  messages.forEach((message, index) => {
    if (open && speakerOf(message.role) === 'model' && speakerOf(messages[open.from]!.role) === 'model') {
      open.to = index + 1;
      return;
    }
    open = { key: message.id, from: index, to: index + 1 };
    groups.push(open);
  });
  return groups;
}

/** How many rows `messages[0..end)` makes (an answer cut at `end` counts once). */
export function countRows(messages: readonly ChatMessage[], end: number): number {
  let count = 0;
  for (let index = 0; index < end; index++) {
    const speaker = speakerOf(messages[index]!.role);
    if (speaker !== 'model' || index === 0 || speakerOf(messages[index - 1]!.role) !== 'model') count++;
  }
  return count;
}
