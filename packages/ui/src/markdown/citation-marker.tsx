import type { Source } from '@agent-chat/core';
import { createContext, useContext } from 'react';
import { useLabels } from '../labels/labels.js';
import { safeLinkUrl } from '../media/safe-url.js';
import { linkTarget, withoutBidiControls } from '../media/link-host.js';

/** The sources of the message whose text is rendered: `[n]` in it cites the n-th. */
export const CitationSourcesContext = createContext<readonly Source[]>([]);

/** Renders of citation markers (read by the cost tests; not part of the package's entry). */
export const citationRenderStats = { renders: 0 };

/** `[n]` in an answer that cites sources: a superscript number linking to source n (its title as the name), else `[n]`. */
export function CitationMarker({ number }: { number: number }) {
  citationRenderStats.renders++; // eslint-disable-line react-hooks/immutability -- a test counter, as markdownRenderStats
  const labels = useLabels();
  const source = useContext(CitationSourcesContext)[number - 1];
  if (!source) return <>[{number}]</>;
  const safe = safeLinkUrl(source.url);
  // Resolved as the browser will (`//host` names a host): the host it opens is part of its name and tooltip.
  const target = safe === null ? null : linkTarget(safe);
  const href = target?.href ?? null;
  const title = withoutBidiControls(source.title ?? source.documentId ?? '');
  const place = target?.host ?? (href ? null : source.url ?? null);
  const name = labels.citation(number, [title, place && `(${place})`].filter(Boolean).join(' ') || href || '');
  return (
    <sup className="acu-citation" data-kind={href ? 'link' : 'document'}>
      {href
        ? <a href={href} target="_blank" rel="noopener noreferrer" aria-label={name} title={name}>{number}</a>
        : <span aria-label={name} title={name}>{number}</span>}
    </sup>
  );
}
