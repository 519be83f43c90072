import type { ChatMessage } from '@agent-chat/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { BLOCK_SIZE, RowBlock, RowSlot, type RowShared } from './message-row.js';
import type { RowToolLinks } from './tool-links.js';

interface MessageRowsProps {
  /** The scrolling list element. */
  scroller: RefObject<HTMLElement | null>;
  /** The messages taken (the latest pages of the conversation). */
  messages: readonly ChatMessage[];
  /** The conversation index of `messages[0]`. */
  start: number;
  /** Messages in the whole conversation. */
  total: number;
  links: ReadonlyMap<string, RowToolLinks>;
  heads: ReadonlySet<string>;
  shared: RowShared;
  retryId: string | undefined;
}

// A first guess of a row's height, until it is measured; rows below and above the viewport keep their guess.
const ESTIMATED_ROW_PX = 96;
// Rows mounted beyond each edge of the viewport, so a fast scroll or a keyboard page-down finds them ready.
const OVERSCAN = 6;

/**
 * The rows, as a feed. Where the list has a size (a laid-out page) only the rows near the viewport are mounted, each
 * measured as it renders and grows (@tanstack/react-virtual), with padding standing in for the rest; without layout
 * (server rendering, jsdom) every row taken is rendered, in memoized blocks.
 */
export function MessageRows({ scroller, messages, start, total, links, heads, shared, retryId }: MessageRowsProps) {
  const rows = useRef<HTMLDivElement>(null);
  // Where the rows begin inside the scrolling element (below "Show earlier messages").
  const [margin, setMargin] = useState(0);
  const current = useRef(messages);
  // eslint-disable-next-line react-hooks/refs -- the virtualizer reads keys while this render computes its range
  current.current = messages;
  const firstId = messages[0]?.id;
  // Stable per history and window start, so the virtualizer keeps its measurements (keyed by message id) across tokens.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- firstId marks another history or window
  const getItemKey = useCallback((index: number) => current.current[index]?.id ?? index, [firstId]);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey,
    overscan: OVERSCAN,
    scrollMargin: margin,
  });
  useLayoutEffect(() => {
    const list = scroller.current;
    const element = rows.current;
    if (!list || !element) return;
    const offset = Math.round(element.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop);
    if (offset !== margin) setMargin(offset);
  });

  const laidOut = (virtualizer.scrollRect?.height ?? 0) > 0;
  if (!laidOut) {
    const blocks = [];
    // Blocks are aligned to conversation indexes, so appending messages never reshuffles the earlier blocks.
    const end = start + messages.length;
    for (let block = Math.floor(start / BLOCK_SIZE) * BLOCK_SIZE; block < end; block += BLOCK_SIZE) {
      const from = Math.max(block, start) - start;
      const to = Math.min(block + BLOCK_SIZE, end) - start;
      blocks.push(<RowBlock key={block} messages={messages} from={from} to={to} links={links} heads={heads} shared={shared} retryId={retryId} />);
    }
    return <div ref={rows} className="acu-message-list__rows" role="feed" data-state="all">{blocks}</div>;
  }

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const before = first ? first.start - margin : 0;
  const after = last ? virtualizer.getTotalSize() - (last.end - margin) : 0;
  return (
    <div ref={rows} className="acu-message-list__rows" role="feed" data-state="virtual" style={{ paddingTop: before, paddingBottom: after }}>
      {items.map((item) => {
        const message = messages[item.index]!;
        return (
          <div key={item.key} ref={virtualizer.measureElement} data-index={item.index} className="acu-message-list__row">
            <RowSlot message={message} links={links.get(message.id)!} head={heads.has(message.id)} shared={shared}
              canRetry={message.id === retryId} posinset={start + item.index + 1} setsize={total} />
          </div>
        );
      })}
    </div>
  );
}
