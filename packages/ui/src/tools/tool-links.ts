import {
  isInterruptPart, isToolRequestPart, isToolResponsePart, type ChatMessage, type ClientToolCall, type Part, type ToolRequestPart, type ToolResponsePart,
} from '@agent-chat/core';

/** Marks a tool response shown on its request's row instead of its own. */
export const PAIRED = 'paired';

type ToolLink = ToolResponsePart | typeof PAIRED | null;

/** How one row's tool parts link to parts of other rows: per content index, the request's response, or PAIRED. */
export interface RowToolLinks {
  readonly entries: readonly ToolLink[];
  /** A turn runs: an unanswered request still counts as running. Only set on rows with an unanswered request. */
  readonly active: boolean;
  /** Some interrupt of this row still waits for an answer. */
  readonly waiting: boolean;
  /** Per content index, the chat's record of a client tool call (running, waiting, answered…); absent when none. */
  readonly calls?: readonly (ClientToolCall | undefined)[];
  /** Per content index, the pending interrupt that asks about this call (the chat's `interrupts` entry); absent when none. */
  readonly asked?: readonly (ToolRequestPart | undefined)[];
}

/** The links of a row without tool parts: one shared object, so such rows never re-render for tool reasons. */
const NO_LINKS: RowToolLinks = { entries: [], active: false, waiting: false };

/** The key pairing a tool request with its response (and with a pending interrupt). */
const keyOf = (call: { name: string; ref?: string }) => `${call.name}\u0000${call.ref ?? ''}`;

function sameLinks(a: RowToolLinks, b: RowToolLinks): boolean {
  if (a.active !== b.active || a.waiting !== b.waiting || a.entries.length !== b.entries.length) return false;
  if ((a.calls === undefined) !== (b.calls === undefined) || a.calls?.some((call, index) => call !== b.calls![index])) return false;
  if ((a.asked === undefined) !== (b.asked === undefined) || a.asked?.some((part, index) => part !== b.asked![index])) return false;
  return a.entries.every((entry, index) => entry === b.entries[index]);
}

/**
 * Pairs tool requests with their responses across the rows in view. Each row's result keeps its identity while its
 * links are unchanged (from `previous`), so memoized rows skip re-rendering. O(rows in view), never O(history).
 */
export function linkToolCalls(
  messages: readonly ChatMessage[],
  active: boolean,
  interrupts: readonly ToolRequestPart[],
  previous: ReadonlyMap<string, RowToolLinks>,
  clientCalls: Readonly<Record<string, ClientToolCall>> = {},
): Map<string, RowToolLinks> {
  const pending = new Map(interrupts.map((part) => [keyOf(part.toolRequest), part]));
  const responses = new Map<string, ToolResponsePart>();
  const requested = new Set<string>();
  for (const message of messages) {
    for (const part of message.content) {
      if (isToolResponsePart(part)) responses.set(keyOf(part.toolResponse), part);
      else if (isToolRequestPart(part)) requested.add(keyOf(part.toolRequest));
    }
  }
  const result = new Map<string, RowToolLinks>();
  for (const message of messages) {
    let entries: ToolLink[] | null = null;
    let unanswered = false;
    let waiting = false;
    let calls: (ClientToolCall | undefined)[] | undefined;
    let asked: (ToolRequestPart | undefined)[] | undefined;
    message.content.forEach((part, index) => {
      let entry: ToolLink = null;
      if (isToolRequestPart(part)) {
        const key = keyOf(part.toolRequest);
        const call = clientCalls[part.toolRequest.ref ?? part.toolRequest.name];
        if (call) (calls ??= new Array(message.content.length).fill(undefined))[index] = call;
        entry = responses.get(key) ?? null;
        if (!entry) {
          unanswered = true;
          const question = pending.get(key);
          if (question) {
            waiting = true;
            (asked ??= new Array(message.content.length).fill(undefined))[index] = question;
          }
        }
      } else if (!isToolResponsePart(part)) {
        return;
      } else if (requested.has(keyOf(part.toolResponse))) {
        entry = PAIRED;
      }
      entries ??= new Array(message.content.length).fill(null);
      entries[index] = entry;
    });
    const links: RowToolLinks = entries ? { entries, active: unanswered && active, waiting, ...(calls ? { calls } : {}), ...(asked ? { asked } : {}) } : NO_LINKS;
    const before = previous.get(message.id);
    result.set(message.id, before && sameLinks(before, links) ? before : links);
  }
  return result;
}

/**
 * The pending interrupts that no interrupt tool call in `messages` stands for (AG-UI sends its interrupts with the
 * run's end, apart from any message): the list asks them after its rows. Client tool calls are left to the chat.
 */
export function unlinkedInterrupts(
  messages: readonly ChatMessage[], interrupts: readonly ToolRequestPart[], clientCalls: Readonly<Record<string, ClientToolCall>>,
): ToolRequestPart[] {
  if (interrupts.length === 0) return [];
  const shown = new Set<string>();
  for (const message of messages) {
    for (const part of message.content) if (isToolRequestPart(part) && isInterruptPart(part)) shown.add(keyOf(part.toolRequest));
  }
  return interrupts.filter((part) => !shown.has(keyOf(part.toolRequest)) && !clientCalls[part.toolRequest.ref ?? part.toolRequest.name]);
}

// A boolean, not a type guard: a non-interrupt tool request is still a ToolRequestPart.
const waitsForHuman = (part: Part): boolean => isInterruptPart(part);

/** The name of the latest tool call of the current turn that has no response yet, or null. O(turn), not O(history). */
export function runningToolName(messages: readonly ChatMessage[]): string | null {
  const answered = new Set<string>();
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.role === 'user') break;
    for (let part = message.content.length - 1; part >= 0; part--) {
      const content = message.content[part]!;
      if (isToolResponsePart(content)) answered.add(content.toolResponse.ref ?? content.toolResponse.name);
      else if (isToolRequestPart(content) && !waitsForHuman(content)) {
        const { name, ref } = content.toolRequest;
        if (!answered.has(ref ?? name)) return name;
      }
    }
  }
  return null;
}
