import { isMediaPart, isTextPart, type Artifact } from '@agent-chat/core';
import { formatValue } from '../util/format-value.js';
import { safeMediaUrl } from '../media/safe-url.js';

/** The type of every artifact download: bytes to save, never a document to render. */
export const DOWNLOAD_TYPE = 'application/octet-stream';

/** How an artifact's text is shown: as markdown, as code (with a copy button), or as plain text. */
export interface ArtifactFormat {
  kind: 'markdown' | 'code' | 'text';
  language?: string;
  contentType: string;
  extension: string;
}

/** The format of an artifact, from `metadata.contentType` (or `mimeType`) or else its name's extension. */
export function artifactFormat(artifact: Artifact): ArtifactFormat {
  const metadata = artifact.metadata ?? {};
  const declared = metadata.contentType ?? metadata.mimeType ?? metadata.mediaType;
  const type = typeof declared === 'string' ? declared.toLowerCase() : '';
  const extension = /\.([a-z\d]+)$/i.exec(artifact.name ?? '')?.[1]?.toLowerCase() ?? '';
  // A declared type decides, else the extension (none: markdown); any other type or extension names a language.
  const kind = /^text\/markdown/.test(type) || (!type && /^(md|markdown|mdx|)$/.test(extension)) ? 'markdown'
    : /^text\/plain/.test(type) || (!type && /^(txt|text|log)$/.test(extension)) ? 'text'
    : 'code';
  const language = kind !== 'code' ? undefined : type ? /(?:x-|\/)([a-z\d+-]+)$/.exec(type)?.[1]?.replace(/^x-/, '') : extension;
  return {
    kind,
    language,
    contentType: type || (kind === 'markdown' ? 'text/markdown' : 'text/plain'),
    extension: extension || (kind === 'markdown' ? 'md' : language || 'txt'),
  };
}

/**
 * What downloading an artifact saves: its text (text and data parts), or the URL of its only media. The saved type is
 * always `application/octet-stream`: a download of HTML or SVG opened from its `blob:` URL would run in the app's origin.
 */
export function downloadPayload(artifact: Artifact): { text: string; type: string; url?: string } {
  const pieces: string[] = [];
  let media: string | null = null;
  for (const part of artifact.parts) {
    if (isTextPart(part)) pieces.push(part.text);
    else if ('data' in part) pieces.push(formatValue(part.data));
    else if (isMediaPart(part)) media ??= safeMediaUrl(part.media.url);
  }
  if (pieces.length === 0 && media) return { text: '', type: DOWNLOAD_TYPE, url: media };
  return { text: pieces.join('\n\n'), type: DOWNLOAD_TYPE };
}
