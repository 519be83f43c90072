import type { ChatMessage, ClientToolCall, ToolRequestPart } from '@agent-chat/core';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { rowPlaces, type RowPlaces } from './message-row.js';
import { linkToolCalls, type RowToolLinks } from '../tools/tool-links.js';

/**
 * The tool links and author places of the rows `linked`. The last committed ones lend their unchanged objects, so a
 * memoized row re-renders only when its own links or its answer changed.
 */
export function useRowLinks(
  linked: readonly ChatMessage[], active: boolean, interrupts: readonly ToolRequestPart[], clientToolCalls: Readonly<Record<string, ClientToolCall>>,
): { links: ReadonlyMap<string, RowToolLinks>; places: RowPlaces } {
  const previousLinks = useRef<ReadonlyMap<string, RowToolLinks>>(new Map());
  const previousPlaces = useRef<RowPlaces | undefined>(undefined);
  // The refs are caches of the last commit, read to keep identities only.
  /* eslint-disable react-hooks/refs */
  const links = useMemo(() => linkToolCalls(linked, active, interrupts, previousLinks.current, clientToolCalls), [linked, active, interrupts, clientToolCalls]);
  const places = useMemo(() => rowPlaces(linked, links, previousPlaces.current), [linked, links]);
  /* eslint-enable react-hooks/refs */
  useLayoutEffect(() => {
    previousLinks.current = links;
    previousPlaces.current = places;
  });
  return { links, places };
}
