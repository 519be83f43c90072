import type { ChatMessage, ClientToolCall, ToolRequestPart } from '@agent-chat/core';
import { useSyncExternalStore, type RefObject } from 'react';
import type { RowShared } from './message-row.js';
import { BLOCK_SIZE, RowBlock } from './row-group.js';
import type { RowGroup } from './row-groups.js';
import type { useRowLinks } from './row-links.js';

/** Props of the list's rows. */
export interface MessageRowsProps {
  /** The scrolling list element. */
  scroller: RefObject<HTMLElement | null>;
  /** The messages taken (the latest pages of the conversation). */
  messages: readonly ChatMessage[];
  /** Rows (articles: a message, or a whole answer) of the conversation before the window's first. */
  rowsBefore: number;
  /** A turn runs; the interrupts waiting and the client tool calls (for the tool rows). */
  active: boolean;
  interrupts: readonly ToolRequestPart[];
  clientToolCalls: Readonly<Record<string, ClientToolCall>>;
  shared: RowShared;
  retryId: string | undefined;
  /** The failed end of the conversation and why it failed (its row shows the turn's one error notice). */
  failure: { id: string; reason: string } | undefined;
  /**
   * Follows the list's end now (the virtualised rows call it after each commit, rows mounted, measured or moved: the
   * virtualiser works from the position it leaves). Every rendered row's growth is followed by the list's
   * ResizeObserver after layout instead, with no layout forced in the commit.
   */
  onCommit: () => void;
  /** Whether the list follows its end (the reader has not scrolled up): then the end, not a row, is what stays in place. */
  following: () => boolean;
  /**
   * The rows' heights (px, by row key) as the list drew them before it was virtualised (every row rendered): the
   * virtualiser starts from them, not from a guess.
   */
  drawnSizes: Map<string, number>;
}

const subscribeToNothing = () => () => {};

/**
 * True while rendering on the server and while hydrating what the server rendered; false in any render after that,
 * and in a client-only render. A hydrating render must equal the server's, so it cannot measure first.
 */
export function useServerOrHydrating(): boolean {
  return useSyncExternalStore(subscribeToNothing, () => false, () => true);
}

type RowBlocksProps = Pick<MessageRowsProps, 'messages' | 'rowsBefore' | 'shared' | 'retryId' | 'failure' | 'active'> & ReturnType<typeof useRowLinks> & {
  groups: readonly RowGroup[];
};

/** Every row taken, in memoized blocks aligned to conversation rows (appending never reshuffles earlier blocks). */
export function RowBlocks({ groups, rowsBefore, ...rest }: RowBlocksProps) {
  const blocks = [];
  const end = rowsBefore + groups.length;
  for (let block = Math.floor(rowsBefore / BLOCK_SIZE) * BLOCK_SIZE; block < end; block += BLOCK_SIZE) {
    const from = Math.max(block, rowsBefore) - rowsBefore;
    const to = Math.min(block + BLOCK_SIZE, end) - rowsBefore;
    blocks.push(<RowBlock key={block} {...rest} groups={groups} from={from} to={to} />);
  }
  return blocks;
}

