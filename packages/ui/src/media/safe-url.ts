// Browsers ignore ASCII whitespace and control characters inside a URL's scheme ("java\tscript:"), so strip them first.
const IGNORED = /[\p{Cc} ]/gu;
const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** The trimmed URL when it is relative or starts with an `allowed` scheme; null for anything else or nothing. */
function safeUrl(url: unknown, allowed: RegExp): string | null {
  if (typeof url !== 'string') return null;
  const compact = url.replace(IGNORED, '');
  return compact !== '' && (!SCHEME.test(compact) || allowed.test(compact)) ? url.trim() : null;
}

/** A link target safe to render, or null: http(s), mailto and relative URLs pass; `javascript:`, `data:` and the rest do not. */
export function safeLinkUrl(url: unknown): string | null {
  return safeUrl(url, /^(https?|mailto):/i);
}

/** A media source safe to render, or null: http(s), blob and `data:` image/audio/video URLs. */
export function safeMediaUrl(url: unknown): string | null {
  return safeUrl(url, /^(https?:|blob:|data:(image|audio|video)\/[a-z\d.+-]+[;,])/i);
}
