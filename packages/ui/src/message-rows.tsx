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
  /** Called after each commit of the rows (rows mounted, measured or moved): the list follows its end from here. */
  onCommit: () => void;
}

// A first guess of a row's height, until it is measured; rows below and above the viewport keep their guess.
const ESTIMATED_ROW_PX = 96;
// Rows mounted beyond each edge of the viewport, so a fast scroll or a keyboard page-down finds them ready.
const OVERSCAN = 6;

/**
 * The rows, as a feed. Where the list has a size (a laid-out page) only the rows near the viewport are mounted, each
 * measured as it renders and grows (@tanstack/react-virtual), with padding standing in for the rest; without layout
 * (server rendering, a list of no height, jsdom) every row taken is rendered, in memoized blocks.
 */
export function MessageRows({ scroller, messages, start, total, links, heads, shared, retryId, onCommit }: MessageRowsProps) {
  const rows = useRef<HTMLDivElement>(null);
  // Where the rows begin inside the scrolling element (below "Show earlier messages").
  const [margin, setMargin] = useState(0);
  const current = useRef(messages);
  // The virtualizer reads keys while this render computes its range.
  current.current = messages;
  const firstId = messages[0]?.id;
  // Stable per history and window start, so the virtualizer keeps its measurements (keyed by message id) across tokens.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- firstId marks another history or window
  const getItemKey = useCallback((index: number) => current.current[index]?.id ?? index, [firstId]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders this component itself; nothing here memoizes its functions
  const virtualizer = useVirtualizer({
    count: messages.length,
    // The list's own ref is attached after this component's layout effects run (children first): find it from ours.
    getScrollElement: () => scroller.current ?? rows.current?.closest<HTMLElement>('.acu-message-list') ?? null,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey,
    overscan: OVERSCAN,
    scrollMargin: margin,
    // A list opens at its end: the first rows mounted are the latest ones.
    initialOffset: () => messages.length * ESTIMATED_ROW_PX,
  });
  // The virtualizer reads the list's size in its own layout effect; a size it does not act on (none) must still show the rows.
  const [sized, setSized] = useState(false);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- after every commit: any render can move the rows or the end; the guards end the updates
  useLayoutEffect(() => {
    if (!sized && virtualizer.scrollRect) setSized(true);
    const list = scroller.current;
    const element = rows.current;
    if (!list || !element) return;
    // The conversation's length on the mounted articles, set here so that a new message re-renders no row.
    if (element.dataset.state === 'virtual') {
      for (const article of element.querySelectorAll(':scope > .acu-message-list__row > article')) article.setAttribute('aria-setsize', String(total));
    }
    const offset = Math.round(element.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop);
    if (offset !== margin) setMargin(offset);
    onCommit();
  });

  // A feed owns articles: an empty conversation has none, so no feed.
  const role = messages.length > 0 ? 'feed' : undefined;
  const rect = sized ? virtualizer.scrollRect : null;
  // In the browser the list's size is read right after it mounts, before the first paint: no row is rendered twice.
  if (rect === null && typeof document !== 'undefined') return <div ref={rows} className="acu-message-list__rows" role={role} data-state="measuring" />;
  if (!rect || rect.height === 0) {
    const blocks = [];
    // Blocks are aligned to conversation indexes, so appending messages never reshuffles the earlier blocks.
    const end = start + messages.length;
    for (let block = Math.floor(start / BLOCK_SIZE) * BLOCK_SIZE; block < end; block += BLOCK_SIZE) {
      const from = Math.max(block, start) - start;
      const to = Math.min(block + BLOCK_SIZE, end) - start;
      blocks.push(<RowBlock key={block} messages={messages} from={from} to={to} links={links} heads={heads} shared={shared} retryId={retryId} />);
    }
    return <div ref={rows} className="acu-message-list__rows" role={role} data-state="all">{blocks}</div>;
  }

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const before = first ? first.start - margin : 0;
  const after = last ? virtualizer.getTotalSize() - (last.end - margin) : 0;
  return (
    <div ref={rows} className="acu-message-list__rows" role={role} data-state="virtual" style={{ paddingTop: before, paddingBottom: after }}>
      {items.map((item) => {
        const message = messages[item.index]!;
        return (
          <div key={item.key} ref={virtualizer.measureElement} data-index={item.index} className="acu-message-list__row">
            <RowSlot message={message} links={links.get(message.id)!} head={heads.has(message.id)} shared={shared}
              canRetry={message.id === retryId} posinset={start + item.index + 1} />
          </div>
        );
      })}
    </div>
  );
}
