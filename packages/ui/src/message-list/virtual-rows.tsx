import type { ChatMessage } from '@agent-chat/core';
import { defaultRangeExtractor, elementScroll, observeElementOffset, observeElementRect, Virtualizer, type Range, type VirtualItem, type VirtualizerOptions } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useReducer, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { RowGroupSlot } from './row-group.js';
import { groupRows, type RowGroup } from './row-groups.js';
import { RowBlocks, useServerOrHydrating, type MessageRowsProps } from './row-blocks.js';
import { useRowLinks } from './row-links.js';

// A first guess of a row's height, until it is measured; rows below and above the viewport keep their guess.
const ESTIMATED_ROW_PX = 96;
// Rows mounted beyond each edge of the viewport, so a fast scroll or a keyboard page-down finds them ready.
const OVERSCAN = 6;
// Rows the mounted ones may still reach past the viewport's edges and stay as they are: a scroll, or rows measured
// smaller than their guess, re-render the list only once fewer than this many rows are ready beyond an edge.
const SLACK = 2;
// Rows above the first mounted one whose tool links are worked out too: an author label depends on the rows above.
const CONTEXT_ROWS = 24;
const NO_MESSAGES: readonly ChatMessage[] = [];
const NO_GROUPS: readonly RowGroup[] = [];

type ListVirtualizer = Virtualizer<HTMLElement, HTMLDivElement>;
/** How each virtualizer hears of its list's scroll position (what its scroll events call); see `follow` in useListVirtualizer. */
const offsetReports = new WeakMap<ListVirtualizer, (offset: number, isScrolling: boolean) => void>();

/**
 * The rows to mount: the ones drawn last while they still cover the viewport with {@link SLACK} rows to spare beyond
 * each edge (or up to the list's end), else the viewport and up to {@link OVERSCAN} rows each side. Without it every
 * row the viewport moved by was a render: a scroll of one row, or the first rows measured after a thread opens (its
 * rows measure smaller than their guess, so more fit) re-rendered the whole list in a scroll handler.
 */
function keptRange(range: Range, drawn: readonly [number, number] | undefined, virtualizer: ListVirtualizer): number[] {
  if (drawn) {
    const [first, last] = drawn;
    if (last < range.count && first <= Math.max(0, range.startIndex - SLACK) && last >= Math.min(range.count - 1, range.endIndex + SLACK)) {
      return Array.from({ length: last - first + 1 }, (_, index) => first + index);
    }
  }
  return nearRows(range, virtualizer);
}

/**
 * The rows in the viewport and up to {@link OVERSCAN} rows each side, those that lie within one viewport's height of
 * its edge: a row beyond that is mounted when the reader scrolls to it. A tall row next to the viewport (an answer of
 * thousands of formulas, 25,000 px) is not rendered and laid out in advance, as one long task, because its end is near.
 */
function nearRows(range: Range, virtualizer: ListVirtualizer): number[] {
  const items = virtualizer.measurementsCache;
  const top = virtualizer.scrollOffset ?? 0;
  const height = virtualizer.scrollRect?.height ?? 0;
  if (items.length < range.count || height <= 0) return defaultRangeExtractor(range);
  let first = range.startIndex;
  while (first > 0 && range.startIndex - first < range.overscan && items[first - 1]!.start >= top - height) first--;
  let last = range.endIndex;
  while (last < range.count - 1 && last - range.endIndex < range.overscan && items[last + 1]!.end <= top + 2 * height) last++;
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** The rows' height before any is measured: as the list drew them before it was virtualised, else guessed. */
function guessedHeight(groups: readonly RowGroup[], drawnSizes: ReadonlyMap<string, number>): number {
  let height = 0;
  for (const group of groups) height += drawnSizes.get(group.key) ?? ESTIMATED_ROW_PX;
  return height;
}

/** The rows' padding: the space above the first mounted row and below the last one. */
function paddings(virtualizer: ListVirtualizer, items: ReadonlyArray<VirtualItem>, margin: number): [before: number, after: number] {
  const first = items[0];
  const last = items[items.length - 1];
  return [first ? first.start - margin : 0, last ? virtualizer.getTotalSize() - (last.end - margin) : 0];
}

/**
 * What a render of the rows reads from the virtualizer (whether the list has a size, the rows mounted, their padding):
 * equal signatures render the same DOM. The last row growing changes none of it (the padding below it stays 0).
 */
function rendered(virtualizer: ListVirtualizer): string {
  const items = virtualizer.getVirtualItems();
  const margin = virtualizer.options.scrollMargin;
  return `${(virtualizer.scrollRect?.height ?? 0) > 0}:${items[0]?.key}:${items[items.length - 1]?.key}:${paddings(virtualizer, items, margin).join(':')}`;
}

/**
 * `useVirtualizer` (@tanstack/react-virtual), except that a change the rows would render the same way re-renders
 * nothing: the streaming answer, the last row, is measured again at every commit (its ResizeObserver), and with the
 * plain hook each measurement was a second render of the list in the same frame. `drawn` is the signature of what the
 * last render drew.
 */
function useListVirtualizer(
  options: Omit<VirtualizerOptions<HTMLElement, HTMLDivElement>, 'observeElementRect' | 'observeElementOffset' | 'scrollToFn' | 'onChange'>,
  drawn: RefObject<string>,
  end: RefObject<Pick<MessageRowsProps, 'following' | 'onCommit'>>,
): [ListVirtualizer, () => void] {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const resolved: VirtualizerOptions<HTMLElement, HTMLDivElement> = {
    observeElementRect,
    observeElementOffset: (instance, report) => {
      offsetReports.set(instance, report);
      return observeElementOffset(instance, report);
    },
    scrollToFn: elementScroll,
    ...options,
    onChange: (instance, sync) => {
      if (rendered(instance) === drawn.current) return;
      if (sync) flushSync(rerender);
      else rerender();
    },
  };
  // The list follows its end (`onCommit`), and the virtualizer learns where that put it now, not at the scroll event of
  // the next frame: until then it worked out its rows, and its corrections, from the old position (rows measured at
  // their size there, with the reader at the end: the rows around an old place, far up, were mounted and measured, a
  // cascade of renders in one task).
  const follow = (instance: ListVirtualizer) => {
    end.current.onCommit();
    const element = instance.scrollElement;
    const report = offsetReports.get(instance);
    if (element && report && element.scrollTop !== instance.scrollOffset) report(element.scrollTop, false);
  };
  const [virtualizer] = useState(() => {
    const created = new Virtualizer(resolved);
    // A row above the viewport measured at another size keeps what the reader sees in place, moving the scroll position
    // by the difference. Done here, not by the virtualizer's rule, which differs in three ways:
    // - A row that grows at its end moves nothing above it: the last row (the streaming answer) growing must not scroll
    //   the list (the plain rule, "it starts above the viewport's top", moved the scroll position at every token while
    //   the reader was at the end, a scroll event each time).
    // - While the list follows its end, the end is what stays in place: the list goes (back) to it. A row above shrinking
    //   moved the position up, away from the end, which read as the reader scrolling up: the list stopped following.
    // - From where the list is now: the plain rule moves it from the position the last scroll event reported, and
    //   `follow` or `jump` may have scrolled since (to the end, thousands of px down, rows mounted or measured there):
    //   it scrolled the reader back up to that old place.
    created.shouldAdjustScrollPositionOnItemSizeChange = (item, delta, instance) => {
      const element = instance.scrollElement;
      if (!element || item.index >= instance.options.count - 1) return false;
      if (end.current.following()) {
        follow(instance);
        return false;
      }
      const top = element.scrollTop;
      if (item.start < top) element.scrollTop = top + delta;
      return false;
    };
    return created;
  });
  virtualizer.setOptions(resolved);
  useLayoutEffect(() => virtualizer._didMount(), [virtualizer]);
  useLayoutEffect(() => virtualizer._willUpdate());
  return [virtualizer, () => follow(virtualizer)];
}
/**
 * A long list's rows (a chunk of its own, loaded by `MessageRows`). Where the list has a size (a laid-out page) only
 * the rows near the viewport are mounted, each measured as it renders and grows (@tanstack/react-virtual), with padding
 * standing in for the rest; without layout (a list of no height, jsdom) every row taken is rendered, in memoized blocks.
 */
export function VirtualRows({ scroller, messages, rowsBefore, active, interrupts, clientToolCalls, shared, retryId, failure, onCommit, following, drawnSizes }: MessageRowsProps) {
  const rows = useRef<HTMLDivElement>(null);
  // Where the rows begin inside the scrolling element (below "Show earlier messages").
  const [margin, setMargin] = useState(0);
  // One virtual item per row of the feed: a message, or a whole answer.
  const groups = useMemo(() => (messages.length ? groupRows(messages) : NO_GROUPS), [messages]);
  const total = rowsBefore + groups.length;
  const current = useRef(groups);
  // The virtualizer reads keys while this render computes its range.
  // eslint-disable-next-line react-hooks/refs -- the virtualizer is a mutable object outside React; it reads this ref in this render
  current.current = groups;
  const firstId = messages[0]?.id;
  // Stable per history and window start, so the virtualizer keeps its measurements (keyed by the row's first message id) across tokens.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- firstId marks another history or window
  const getItemKey = useCallback((index: number) => current.current[index]?.key ?? index, [firstId]);
  const drawn = useRef('');
  // The first and the last row index the last render mounted.
  const drawnRange = useRef<readonly [number, number] | undefined>(undefined);
  // The mounted rows and the length their aria-setsize was last set for.
  const setSizes = useRef('');
  // What a row measured at another size reads and calls (see useListVirtualizer): the latest props.
  const end = useRef({ following, onCommit });
  // eslint-disable-next-line react-hooks/refs -- read by the virtualizer's measurements, outside React, after this render
  end.current = { following, onCommit };
  const [virtualizer, follow] = useListVirtualizer({
    count: groups.length,
    // The list's own ref is attached after this component's layout effects run (children first): find it from ours.
    getScrollElement: () => scroller.current ?? rows.current?.closest<HTMLElement>('.acu-message-list') ?? null,
    // A row's height as the list drew it before it was virtualised, else a guess.
    estimateSize: (index) => drawnSizes.get(current.current[index]?.key ?? '') ?? ESTIMATED_ROW_PX,
    getItemKey,
    overscan: OVERSCAN,
    scrollMargin: margin,
    // A list opens at its end: the first rows mounted are the latest ones.
    initialOffset: () => guessedHeight(current.current, drawnSizes),
    rangeExtractor: (range) => keptRange(range, drawnRange.current, virtualizer),
  }, drawn, end);
  // The virtualizer reads the list's size in its own layout effect; a size it does not act on (none) must still show the rows.
  const [sized, setSized] = useState(false);
  // Not on the server, nor while hydrating its rows: the first client render must equal the server's ("all").
  const serverHtml = useServerOrHydrating();
  const measuring = !sized && !serverHtml;
  const virtual = sized && (virtualizer.scrollRect?.height ?? 0) > 0;
  const items = virtual ? virtualizer.getVirtualItems() : [];
  // eslint-disable-next-line react-hooks/refs -- what this render draws, for the virtualizer's change handler (useListVirtualizer)
  drawn.current = rendered(virtualizer);
  // eslint-disable-next-line react-hooks/refs -- the rows this render mounts, for the range extractor's next computation
  drawnRange.current = items.length ? [items[0]!.index, items[items.length - 1]!.index] : undefined;
  // Tool links and author labels for the rows from a little above the mounted ones to the end (a call's result comes
  // after it), not for the whole history: at the end of a long conversation a token costs the same as in a short one.
  const firstMounted = items[0] ? groups[items[0].index]!.from : messages.length;
  const from = measuring ? messages.length : virtual ? Math.max(0, firstMounted - CONTEXT_ROWS) : 0;
  const linked = useMemo(() => (from === 0 ? messages : from >= messages.length ? NO_MESSAGES : messages.slice(from)), [messages, from]);
  const { links, places } = useRowLinks(linked, active, interrupts, clientToolCalls);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- after every commit: any render can move the rows or the end; the guards end the updates
  useLayoutEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- measured after layout, before paint: the rows render again at their size
    if (!sized && virtualizer.scrollRect) setSized(true);
    const list = scroller.current;
    const element = rows.current;
    if (!list || !element) return;
    // The conversation's length on the mounted articles, set here so that a new message re-renders no row; only when
    // the length or the mounted rows changed (not at every token).
    const mounted = element.dataset.state === 'virtual' ? `${total}:${items[0]?.key}:${items[items.length - 1]?.key}` : '';
    if (mounted && mounted !== setSizes.current) {
      for (const article of element.querySelectorAll(':scope > .acu-message-list__row > article')) article.setAttribute('aria-setsize', String(total));
    }
    setSizes.current = mounted;
    const offset = Math.round(element.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop);
    if (offset !== margin) setMargin(offset);
    follow();
  });

  // A feed owns articles: an empty conversation has none, so no feed.
  const role = messages.length > 0 ? 'feed' : undefined;
  // In the browser the list's size is read right after it mounts, before the first paint: no row is rendered twice.
  // It stands as tall as the rows' first guess, so that the virtualizer's first scroll, to the list's end
  // (`initialOffset`), has room to land there before it reads the position back: the first rows mounted are then the
  // latest ones. On an empty div the scroll stayed at the top: the first rows were mounted, measured and dropped.
  if (measuring) return <div ref={rows} className="acu-message-list__rows" role={role} data-state="measuring" style={{ height: guessedHeight(groups, drawnSizes) }} />;
  if (!virtual) {
    return (
      <div ref={rows} className="acu-message-list__rows" role={role} data-state="all">
        <RowBlocks messages={messages} groups={groups} rowsBefore={rowsBefore} links={links} places={places} shared={shared} retryId={retryId} failure={failure} active={active} />
      </div>
    );
  }

  const [before, after] = paddings(virtualizer, items, margin);
  return (
    <div ref={rows} className="acu-message-list__rows" role={role} data-state="virtual" style={{ paddingTop: before, paddingBottom: after }}>
      {items.map((item) => (
        <div key={item.key} ref={virtualizer.measureElement} data-index={item.index} className="acu-message-list__row">
          <RowGroupSlot messages={messages} group={groups[item.index]!} links={links} places={places} shared={shared} retryId={retryId} failure={failure}
            isLast={item.index === groups.length - 1} active={active} posinset={rowsBefore + item.index + 1} />
        </div>
      ))}
    </div>
  );
}
