import type { ChatMessage, ClientToolCall, ToolRequestPart } from '@agent-chat/core';
import { useSyncExternalStore, type RefObject } from 'react';
import { BLOCK_SIZE, RowBlock, type RowShared } from './message-row.js';
import type { useRowLinks } from './row-links.js';

/** Props of the list's rows. */
export interface MessageRowsProps {
  /** The scrolling list element. */
  scroller: RefObject<HTMLElement | null>;
  /** The messages taken (the latest pages of the conversation). */
  messages: readonly ChatMessage[];
  /** The conversation index of `messages[0]`. */
  start: number;
  /** Messages in the whole conversation. */
  total: number;
  /** A turn runs; the interrupts waiting and the client tool calls (for the tool rows). */
  active: boolean;
  interrupts: readonly ToolRequestPart[];
  clientToolCalls: Readonly<Record<string, ClientToolCall>>;
  shared: RowShared;
  retryId: string | undefined;
  /** The failed end of the conversation and why it failed (its row shows the turn's one error notice). */
  failure: { id: string; reason: string } | undefined;
  /** Called after each commit of the rows (rows mounted, measured or moved): the list follows its end from here. */
  onCommit: () => void;
}

const subscribeToNothing = () => () => {};

/**
 * True while rendering on the server and while hydrating what the server rendered; false in any render after that,
 * and in a client-only render. A hydrating render must equal the server's, so it cannot measure first.
 */
export function useServerOrHydrating(): boolean {
  return useSyncExternalStore(subscribeToNothing, () => false, () => true);
}

/** Every row taken, in memoized blocks aligned to conversation indexes (appending never reshuffles earlier blocks). */
export function RowBlocks({ messages, start, links, places, shared, retryId, failure }: Pick<MessageRowsProps, 'messages' | 'start' | 'shared' | 'retryId' | 'failure'> & ReturnType<typeof useRowLinks>) {
  const blocks = [];
  const end = start + messages.length;
  for (let block = Math.floor(start / BLOCK_SIZE) * BLOCK_SIZE; block < end; block += BLOCK_SIZE) {
    const from = Math.max(block, start) - start;
    const to = Math.min(block + BLOCK_SIZE, end) - start;
    blocks.push(<RowBlock key={block} messages={messages} from={from} to={to} links={links} places={places} shared={shared} retryId={retryId} failure={failure} />);
  }
  return blocks;
}

