import { isSourcePart, type ChatMessage, type Source } from '@agent-chat/core';
import { useLabels } from '../labels/labels.js';
import { hostOf } from '../media/media-policy.js';
import { safeLinkUrl } from '../media/safe-url.js';

/** The sources a message cites, in order: the 1-based place of each is its citation number (`[1]` in the text). */
export function sourcesOf(message: ChatMessage): Source[] {
  const sources: Source[] = [];
  for (const part of message.content) if (isSourcePart(part)) sources.push(part.source);
  return sources;
}

/** One source: its number, where it is (the host of a web page, else its media type), and its title. */
function SourceChip({ source, number }: { source: Source; number: number }) {
  const href = safeLinkUrl(source.url);
  const host = href ? hostOf(href) : null;
  const title = source.title ?? source.documentId ?? source.url ?? '';
  const content = (
    <>
      <span className="acu-source__number" aria-hidden="true">{number}</span>
      {host ? <span className="acu-source__host">{host}</span> : null}
      <span className="acu-source__title">{title}</span>
    </>
  );
  return (
    <li className="acu-source" data-state={href ? 'link' : 'document'} value={number}>
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
