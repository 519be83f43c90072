import { isMediaPart, isTextPart, type Artifact } from '@agent-chat/core';
import { formatValue } from './format-value.js';
import { safeMediaUrl } from './safe-url.js';

/** How an artifact's text is shown: as markdown, as code (with a copy button), or as plain text. */
export interface ArtifactFormat {
  kind: 'markdown' | 'code' | 'text';
  language?: string;
  contentType: string;
  extension: string;
}

function declaredType(artifact: Artifact): string | undefined {
  const metadata = artifact.metadata ?? {};
  const type = metadata.contentType ?? metadata.mimeType ?? metadata.mediaType;
  return typeof type === 'string' ? type.toLowerCase() : undefined;
}

/** The format of an artifact, from `metadata.contentType` (or `mimeType`) or else its name's extension. */
export function artifactFormat(artifact: Artifact): ArtifactFormat {
  const extension = /\.([a-z\d]+)$/i.exec(artifact.name ?? '')?.[1]?.toLowerCase() ?? '';
  const type = declaredType(artifact);
  if (type) {
    if (type.startsWith('text/markdown')) return { kind: 'markdown', contentType: type, extension: extension || 'md' };
    if (type.startsWith('text/plain')) return { kind: 'text', contentType: type, extension: extension || 'txt' };
    const language = /(?:x-|\/)([a-z\d+-]+)$/.exec(type)?.[1]?.replace(/^x-/, '');
    return { kind: 'code', language, contentType: type, extension: extension || language || 'txt' };
  }
  if (/^(md|markdown|mdx|)$/.test(extension)) return { kind: 'markdown', contentType: 'text/markdown', extension: extension || 'md' };
  if (/^(txt|text|log)$/.test(extension)) return { kind: 'text', contentType: 'text/plain', extension };
  // Any other extension names a language: show it as code, with a copy button.
  return { kind: 'code', language: extension, contentType: 'text/plain', extension };
}

/** What downloading an artifact saves: its text (text and data parts), or the URL of its only media. */
export function downloadPayload(artifact: Artifact, format: ArtifactFormat): { text: string; type: string; url?: string } {
  const pieces: string[] = [];
  let media: string | null = null;
  for (const part of artifact.parts) {
    if (isTextPart(part)) pieces.push(part.text);
    else if ('data' in part) pieces.push(formatValue(part.data, true));
    else if (isMediaPart(part)) media ??= safeMediaUrl(part.media.url);
  }
  if (pieces.length === 0 && media) return { text: '', type: format.contentType, url: media };
  return { text: pieces.join('\n\n'), type: `${format.contentType};charset=utf-8` };
}
