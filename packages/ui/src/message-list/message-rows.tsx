import { Suspense, useEffect, useLayoutEffect, useMemo } from 'react';
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

/** A short list: every row rendered, no virtualiser. */
function AllRows({ messages, rowsBefore, active, interrupts, clientToolCalls, shared, retryId, failure, onCommit }: MessageRowsProps) {
  const { links, places } = useRowLinks(messages, active, interrupts, clientToolCalls);
  const groups = useMemo(() => groupRows(messages), [messages]);
  useLayoutEffect(() => onCommit());
  // A feed owns articles: an empty conversation has none, so no feed.
  return (
    <div className="acu-message-list__rows" role={messages.length > 0 ? 'feed' : undefined} data-state="all">
      <RowBlocks messages={messages} groups={groups} rowsBefore={rowsBefore} links={links} places={places} shared={shared} retryId={retryId} failure={failure} active={active} />
    </div>
  );
}

/**
 * The rows, as a feed. A short list renders them all; from {@link VIRTUAL_FROM} rows on, only those near the viewport
 * are mounted (the virtualiser, loaded on demand: every row renders meanwhile). The server and the hydrating render
 * show every row.
 */
export function MessageRows(props: MessageRowsProps) {
  const serverHtml = useServerOrHydrating();
  const count = props.messages.length;
  const near = count >= PRELOAD_FROM;
  useEffect(() => {
    if (near) virtualRowsPart.preload().catch(() => {}); // a failed load leaves every row rendered
  }, [near]);
  if (serverHtml || count < VIRTUAL_FROM) return <AllRows {...props} />;
  return (
    <Suspense fallback={<AllRows {...props} />}>
      <VirtualRows {...props} />
    </Suspense>
  );
}
