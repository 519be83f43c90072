// Browsers ignore ASCII whitespace and control characters inside a URL's scheme ("java\tscript:"), so strip them first.
const IGNORED = /[\u0000-\u0020\u007f-\u009f]/g;
const SCHEME = /^([a-z][a-z\d+.-]*):/i;
const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);
const MEDIA_SCHEMES = new Set(['http', 'https', 'blob']);
const SAFE_DATA_MEDIA = /^data:(image|audio|video)\/[a-z\d.+-]+[;,]/i;

/** A link target safe to render, or null: http(s), mailto and relative URLs pass; `javascript:`, `data:` and the rest do not. */
export function safeLinkUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const compact = url.replace(IGNORED, '');
  if (compact === '') return null;
  const scheme = SCHEME.exec(compact)?.[1]?.toLowerCase();
  if (scheme === undefined) return url.trim();
  return LINK_SCHEMES.has(scheme) ? url.trim() : null;
}

/** A media source safe to render, or null: http(s), blob and `data:` image/audio/video URLs. */
export function safeMediaUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const compact = url.replace(IGNORED, '');
  if (SAFE_DATA_MEDIA.test(compact)) return url.trim();
  const scheme = SCHEME.exec(compact)?.[1]?.toLowerCase();
  if (scheme === undefined) return compact === '' ? null : url.trim();
  return MEDIA_SCHEMES.has(scheme) ? url.trim() : null;
}
