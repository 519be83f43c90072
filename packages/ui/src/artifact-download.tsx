import type { Artifact } from '@agent-chat/core';
import { useEffect, useMemo, useState } from 'react';
import { downloadPayload, type ArtifactFormat } from './artifact-content.js';

interface ArtifactDownloadProps {
  artifact: Artifact;
  format: ArtifactFormat;
  filename: string;
}

/** A download link for an artifact: a Blob URL of its content (revoked when it changes), or its media's URL. */
export function ArtifactDownload({ artifact, format, filename }: ArtifactDownloadProps) {
  const payload = useMemo(() => downloadPayload(artifact, format), [artifact, format]);
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    if (payload.url) return setHref(payload.url);
    if (typeof URL.createObjectURL !== 'function') {
      return setHref(`data:${payload.type},${encodeURIComponent(payload.text)}`);
    }
    const url = URL.createObjectURL(new Blob([payload.text], { type: payload.type }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [payload]);
  if (!href) return null;
  return (
    <a className="acu-artifact__download" data-state="ready" href={href} download={filename}>
      Download{' '}
      <span className="acu-visually-hidden">{filename}</span>
    </a>
  );
}
