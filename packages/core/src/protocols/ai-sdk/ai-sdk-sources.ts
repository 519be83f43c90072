import type { SourcePart } from '../../model/part.js';
import { isRecord, stringOr } from '../../util/guards.js';

/**
 * A `source-url {sourceId, url, title?}` or `source-document {sourceId, mediaType, title, filename?}` chunk (or UI
 * message part) as a source part: a document's `sourceId` is its `documentId`; `sourceId` and `filename` stay in the
 * part's metadata, so the part goes back to the route as it came. Undefined when it is neither.
 */
export function aiSdkSourcePart(chunk: Record<string, unknown>): SourcePart | undefined {
  const sourceId = stringOr(chunk.sourceId);
  const title = stringOr(chunk.title);
  const metadata = { ...(sourceId !== undefined ? { sourceId } : {}) };
  if (chunk.type === 'source-url') {
    const url = stringOr(chunk.url);
    if (url === undefined) return undefined;
    return { source: { url, ...(title ? { title } : {}) }, metadata };
  }
  if (chunk.type !== 'source-document') return undefined;
  const mediaType = stringOr(chunk.mediaType);
  const filename = stringOr(chunk.filename);
  return {
    source: { ...(sourceId !== undefined ? { documentId: sourceId } : {}), ...(title ? { title } : {}), ...(mediaType ? { mediaType } : {}) },
    metadata: { ...metadata, ...(filename ? { filename } : {}) },
  };
}

/** A source part as the UI message part the AI SDK has for it (`source-url` when it has a URL, else `source-document`). */
export function aiSdkSourceUiPart(part: SourcePart): { type: string } & Record<string, unknown> {
  const { url, title, documentId, mediaType } = part.source;
  const metadata = isRecord(part.metadata) ? part.metadata : {};
  const sourceId = stringOr(metadata.sourceId) ?? documentId ?? url ?? title ?? 'source';
  if (url !== undefined) return { type: 'source-url', sourceId, url, ...(title !== undefined ? { title } : {}) };
  const filename = stringOr(metadata.filename);
  return { type: 'source-document', sourceId, mediaType: mediaType ?? 'text/plain', title: title ?? documentId ?? sourceId, ...(filename ? { filename } : {}) };
}
