import { isMediaPart, isTextPart, type Artifact, type Part } from '@agent-chat/core';
import { memo, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { artifactFormat, downloadPayload, type ArtifactFormat } from './artifact-content.js';
import { CodeBlock } from '../markdown/code-block.js';
import { formatValue } from '../util/format-value.js';
import { useLabels } from '../labels/labels.js';
import { MarkdownText } from '../markdown/lazy-markdown.js';
import { MediaView } from '../media/media-view.js';

interface ArtifactViewProps {
  artifact: Artifact;
  /** Shown when the artifact has no name. */
  fallbackName: string;
  /** How long an update stays highlighted (`data-state="updated"`), in ms. */
  highlightMs: number;
  /** Announces an update, once per version. */
  onUpdate: (announcement: string) => void;
}

function renderPart(part: Part, index: number, format: ArtifactFormat): ReactNode {
  if (isTextPart(part)) {
    if (format.kind === 'markdown') return <MarkdownText key={index} className="acu-artifact__markdown" text={part.text} headingLevel={4} />;
    if (format.kind === 'code') return <CodeBlock key={index} code={part.text} language={format.language} />;
    return <pre key={index} className="acu-artifact__text">{part.text}</pre>;
  }
  if (isMediaPart(part)) return <MediaView key={index} className="acu-artifact__media" media={part.media} />;
  if ('data' in part) return <CodeBlock key={index} code={formatValue(part.data)} language="json" />;
  return null;
}

/** Whether a URL downloads in place: `blob:`, `data:` and the page's own origin; elsewhere a browser would navigate to it. */
function downloadsInPlace(url: string): boolean {
  if (/^(blob|data):/i.test(url)) return true;
  try {
    return new URL(url, document.baseURI).origin === location.origin;
  } catch {
    return false;
  }
}

/**
 * A download link for an artifact: a Blob URL of its content (revoked when it changes), or its media's URL. A remote
 * URL opens in a new tab (no opener, no referrer): a browser ignores `download` across origins and would otherwise
 * navigate the app to it.
 */
function ArtifactDownload({ artifact, format, filename }: { artifact: Artifact; format: ArtifactFormat; filename: string }) {
  const labels = useLabels();
  const [link, setLink] = useState<{ href: string; remote: boolean } | null>(null);
  useEffect(() => {
    const { text, type, url } = downloadPayload(artifact);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the href is a Blob URL this effect creates and revokes
    if (url) return setLink({ href: url, remote: !downloadsInPlace(url) });
    if (typeof URL.createObjectURL !== 'function') return setLink({ href: `data:${type},${encodeURIComponent(text)}`, remote: false });
    const blobUrl = URL.createObjectURL(new Blob([text], { type }));
    setLink({ href: blobUrl, remote: false });
    return () => URL.revokeObjectURL(blobUrl);
  }, [artifact, format]);
  if (!link) return null;
  return (
    <a className="acu-artifact__download" href={link.href} download={filename} target={link.remote ? '_blank' : undefined} rel="noopener noreferrer" referrerPolicy="no-referrer">
      {labels.download}{' '}
      <span className="acu-visually-hidden">{filename}</span>
    </a>
  );
}

/** One artifact: its name, version, content and download link; highlighted for a moment after an update. */
export const ArtifactView = memo(function ArtifactView({ artifact, fallbackName, highlightMs, onUpdate }: ArtifactViewProps) {
  const labels = useLabels();
  const id = useId();
  const name = artifact.name ?? fallbackName;
  const format = useMemo(() => artifactFormat(artifact), [artifact]);
  // A replay or a turn-end snapshot may deliver an equal copy: only a content change counts as an update.
  const signature = useMemo(() => JSON.stringify(artifact.parts), [artifact]);
  const seen = useRef(signature);
  const [version, setVersion] = useState(1);
  const [updated, setUpdated] = useState(false);
  // A layout effect: the new content is never painted without its highlight.
  useLayoutEffect(() => {
    if (signature === seen.current) return;
    seen.current = signature;
    setVersion(version + 1);
    onUpdate(labels.artifactUpdated(name, version + 1));
    setUpdated(true);
    const timer = setTimeout(() => setUpdated(false), highlightMs);
    return () => clearTimeout(timer);
  }, [signature, highlightMs]); // eslint-disable-line react-hooks/exhaustive-deps -- once per content change
  const state = updated ? 'updated' : 'idle';
  const filename = artifact.name ?? `${fallbackName.toLowerCase().replace(/\s+/g, '-')}.${format.extension}`;
  return (
    <article className="acu-artifact" data-state={state} data-kind={format.kind} aria-labelledby={`${id}-name`}>
      <header className="acu-artifact__header" data-state={state}>
        <h3 id={`${id}-name`} className="acu-artifact__name">{name}</h3>
        {version > 1 ? <span className="acu-artifact__version">{labels.artifactVersion(version)}</span> : null}
        {updated ? <span className="acu-artifact__badge">{labels.artifactUpdatedBadge}</span> : null}
        <ArtifactDownload artifact={artifact} format={format} filename={filename} />
      </header>
      <div className="acu-artifact__body" data-state={state}>
        {artifact.parts.map((part, index) => renderPart(part, index, format))}
      </div>
    </article>
  );
});
