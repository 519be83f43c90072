import { isToolRequestPart, isToolResponsePart, type ChatMessage, type ToolResponse } from '@agent-chat/core';

/** Marks a tool response shown on its request's row instead of its own. */
export const PAIRED = 'paired';

/** How one row's tool parts link to parts of other rows: per content index, the request's response, or PAIRED. */
export interface RowToolLinks {
  readonly entries: ReadonlyArray<ToolResponse | typeof PAIRED | null>;
  /** A turn runs: an unanswered request still counts as running. Only set on rows with an unanswered request. */
  readonly active: boolean;
  /** Some interrupt of this row still waits for an answer. */
  readonly waiting: boolean;
}

/** The links of a row without tool parts: one shared object, so such rows never re-render for tool reasons. */
export const NO_LINKS: RowToolLinks = { entries: [], active: false, waiting: false };

/** The key pairing a tool request with its response (and with a pending interrupt). */
export const keyOf = (call: { name: string; ref?: string }) => `${call.name}\u0000${call.ref ?? ''}`;

function sameLinks(a: RowToolLinks, b: RowToolLinks): boolean {
  if (a.active !== b.active || a.waiting !== b.waiting || a.entries.length !== b.entries.length) return false;
  return a.entries.every((entry, index) => entry === b.entries[index]);
}

/**
 * Pairs tool requests with their responses across the rows in view. Each row's result keeps its identity while its
 * links are unchanged (from `previous`), so memoized rows skip re-rendering. O(rows in view), never O(history).
 */
export function linkToolCalls(
  messages: readonly ChatMessage[],
  active: boolean,
  pendingInterrupts: ReadonlySet<string>,
  previous: ReadonlyMap<string, RowToolLinks>,
): Map<string, RowToolLinks> {
  const responses = new Map<string, ToolResponse>();
  const requested = new Set<string>();
  for (const message of messages) {
    for (const part of message.content) {
      if (isToolResponsePart(part)) responses.set(keyOf(part.toolResponse), part.toolResponse);
      else if (isToolRequestPart(part)) requested.add(keyOf(part.toolRequest));
    }
  }
  const result = new Map<string, RowToolLinks>();
  for (const message of messages) {
    let entries: Array<ToolResponse | typeof PAIRED | null> | null = null;
    let unanswered = false;
    let waiting = false;
    message.content.forEach((part, index) => {
      let entry: ToolResponse | typeof PAIRED | null = null;
      if (isToolRequestPart(part)) {
        entry = responses.get(keyOf(part.toolRequest)) ?? null;
        if (!entry) unanswered = true;
        if (!entry && pendingInterrupts.has(keyOf(part.toolRequest))) waiting = true;
      } else if (isToolResponsePart(part) && requested.has(keyOf(part.toolResponse))) {
        entry = PAIRED;
      } else if (!isToolResponsePart(part)) {
        return;
      }
      entries ??= new Array(message.content.length).fill(null);
      entries[index] = entry;
    });
    if (!entries) {
      result.set(message.id, NO_LINKS);
      continue;
    }
    const links: RowToolLinks = { entries, active: unanswered && active, waiting };
    const before = previous.get(message.id);
    result.set(message.id, before && sameLinks(before, links) ? before : links);
  }
  return result;
}
