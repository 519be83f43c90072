import { isSourcePart, type ChatMessage, type Source } from '@agent-chat/core';
import { useLabels } from '../labels/labels.js';
import { linkTarget, withoutBidiControls } from '../media/link-host.js';
import { safeLinkUrl } from '../media/safe-url.js';

/** The sources a message cites, in order: the 1-based place of each is its citation number (`[1]` in the text). */
export function sourcesOf(message: ChatMessage): Source[] {
  const sources: Source[] = [];
  for (const part of message.content) if (isSourcePart(part)) sources.push(part.source);
  return sources;
}

/** One source: its number, where it is (the host of a web page, else its media type), and its title. */
function SourceChip({ source, number }: { source: Source; number: number }) {
  const safe = safeLinkUrl(source.url);
  // Resolved as the browser will (`//host` names a host); the host shown is the one the link opens.
  const target = safe === null ? null : linkTarget(safe);
  const href = target?.href ?? null;
  const host = target?.host ?? null;
  const title = withoutBidiControls(source.title ?? source.documentId ?? source.url ?? '');
  const content = (
    <>
      <span className="acu-source__number" aria-hidden="true">{number}</span>
      {host ? <bdi className="acu-source__host">{host}</bdi> : null}
      <bdi className="acu-source__title">{title}</bdi>
    </>
  );
  return (
    <li className="acu-source" data-kind={href ? 'link' : 'document'} value={number}>
      {/* Opens in a new tab without the page's referrer, like every link in agent text; nothing is fetched to show it. */}
      {href
        ? <a className="acu-source__link" href={href} target="_blank" rel="noopener noreferrer" title={source.url}>{content}</a>
        : <span className="acu-source__link" title={source.mediaType}>{content}</span>}
    </li>
  );
}

/** The numbered source chips under an answer; nothing when it cites none. */
export function MessageSources({ message }: { message: ChatMessage }) {
  const labels = useLabels();
  const sources = sourcesOf(message);
  if (sources.length === 0) return null;
  return (
    <ol className="acu-sources" aria-label={labels.sources} data-state={message.status}>
      {sources.map((source, index) => <SourceChip key={index} source={source} number={index + 1} />)}
    </ol>
  );
}
