// Where a link really goes, told the same way on the server and in the browser: a URL is resolved as a browser
// resolves it against an http(s) page (`//host`, `\\host` and `/\host` all name a host), never trusted to look
// relative. A fixed base keeps the render pure: a path-only URL resolves to the base's own host, and is shown as local.
const BASE_HOST = 'relative.invalid';
const BASE = `https://${BASE_HOST}/`;
// Bidi controls (embeddings, overrides, isolates, marks): in agent text they can reorder what a label says.
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// Text that reads as a URL or a host name: a scheme, `//`, `www.`, or name.tld followed by an end, path, port or query.
const URL_LIKE = /^(?:[a-z][a-z\d+.-]*:|[/\\]{2}|www\.|(?:[\p{L}\p{N}-]+\.)+[\p{L}]{2,}(?:[/:?#]|$))/iu;

/** Where a URL goes: its absolute form and host, or `local` for a path on the page's own site; null if it cannot parse. */
export interface LinkTarget {
  /** The absolute URL (what the link opens), or the URL as given when it is a path on the page's own site. */
  href: string;
  /** The host the browser will contact (punycode for IDNs), null for a path on the page's own site or a `mailto:`. */
  host: string | null;
}

/** The target of a (safe) link URL, resolved as the browser will resolve it on an http(s) page. */
export function linkTarget(url: string): LinkTarget | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim(), BASE);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(parsed.protocol)) return { href: parsed.href, host: null };
  if (parsed.host === BASE_HOST) return { href: url.trim(), host: null };
  return { href: parsed.href, host: parsed.host };
}

/** The host a link's text names when it reads as a URL (`https://bank.example/login`, `bank.example`), else null. */
export function hostNamedBy(text: string): string | null {
  const trimmed = withoutBidiControls(text).trim();
  if (!URL_LIKE.test(trimmed) || /\s/.test(trimmed)) return null;
  const absolute = /^[a-z][a-z\d+.-]*:/i.test(trimmed) || /^[/\\]{2}/.test(trimmed) ? trimmed : `https://${trimmed}`;
  return linkTarget(absolute)?.host ?? null;
}

/** The text without bidi controls, which could reorder the host label shown after it. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
