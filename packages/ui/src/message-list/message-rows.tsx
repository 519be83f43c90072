import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { lazyPart } from '../util/lazy-part.js';
import { RowBlocks, useServerOrHydrating, type MessageRowsProps } from './row-blocks.js';
import { useRowLinks } from './row-links.js';
import { groupRows } from './row-groups.js';

/** Rows taken from which only the rows near the viewport are mounted (the virtualiser's chunk); fewer render all. */
export const VIRTUAL_FROM = 30;
// The virtualiser's chunk starts loading a little before it is needed.
const PRELOAD_FROM = 20;

/** The virtualiser (@tanstack/react-virtual) and the long list's rows: a chunk of its own. */
export const virtualRowsPart = /* @__PURE__ */ lazyPart(() => import('./virtual-rows.js'), (module) => module.VirtualRows, AllRows);
const VirtualRows = virtualRowsPart.Component;

/**
 * A short list: every row rendered, no virtualiser. It does not follow the list's end in its commit (the list's
 * ResizeObserver does, after layout). From {@link PRELOAD_FROM} messages on, it notes its rows' heights after each
 * commit (`drawnSizes`): when the list becomes virtual, the virtualiser starts from them. From guesses it mounted rows
 * far above the end (their guessed heights put them in view) — a long answer, thousands of formulas — rendered and
 * measured them, all in one task.
 */
function AllRows({ messages, rowsBefore, active, interrupts, clientToolCalls, shared, retryId, failure, drawnSizes }: MessageRowsProps) {
  const { links, places } = useRowLinks(messages, active, interrupts, clientToolCalls);
  const groups = useMemo(() => groupRows(messages), [messages]);
  const rows = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const drawn = rows.current!.children;
    if (messages.length >= PRELOAD_FROM && drawn.length === groups.length) groups.forEach((group, index) => drawnSizes.set(group.key, (drawn[index] as HTMLElement).offsetHeight));
  });
  // A feed owns articles: an empty conversation has none, so no feed.
  return (
    <div ref={rows} className="acu-message-list__rows" role={messages.length > 0 ? 'feed' : undefined} data-state="all">
      <RowBlocks messages={messages} groups={groups} rowsBefore={rowsBefore} links={links} places={places} shared={shared} retryId={retryId} failure={failure} active={active} />
    </div>
  );
}

/** Rows a long list shows while its virtualiser's chunk loads: the latest, where the list opens. */
export const FIRST_ROWS = 12;

/**
 * A long list while the virtualiser's chunk loads (a thread of 1,000 messages opened on a fresh page): its latest
 * {@link FIRST_ROWS} rows only, not the whole window, so that opening it renders and lays out what shows; the
 * virtualiser takes over when its chunk is in.
 */
function LatestRows(props: MessageRowsProps) {
  const { messages, rowsBefore } = props;
  const groups = useMemo(() => groupRows(messages), [messages]);
  const skipped = Math.max(0, groups.length - FIRST_ROWS);
  const from = groups[skipped]?.from ?? 0;
  const latest = useMemo(() => messages.slice(from), [messages, from]);
  return <AllRows {...props} messages={latest} rowsBefore={rowsBefore + skipped} />;
}

/**
 * The rows, as a feed. A short list renders them all; from {@link VIRTUAL_FROM} rows on, only those near the viewport
 * are mounted (the virtualiser, loaded on demand: the latest rows render meanwhile). The server and the hydrating
 * render show every row.
 */
export function MessageRows(props: Omit<MessageRowsProps, 'drawnSizes'>) {
  const [drawnSizes] = useState(() => new Map<string, number>());
  const serverHtml = useServerOrHydrating();
  const count = props.messages.length;
  const near = count >= PRELOAD_FROM;
  useEffect(() => {
    if (near) virtualRowsPart.preload().catch(() => {}); // a failed load leaves every row rendered
  }, [near]);
  if (serverHtml || count < VIRTUAL_FROM) return <AllRows {...props} drawnSizes={drawnSizes} />;
  return (
    <Suspense fallback={<LatestRows {...props} drawnSizes={drawnSizes} />}>
      <VirtualRows {...props} drawnSizes={drawnSizes} />
    </Suspense>
  );
}
