import { createContext, useContext, useState, type ReactNode } from 'react';
import { linkTarget } from './link-host.js';

/**
 * Origins whose images load by themselves (`https://cdn.example.com`; `*` for any). Others wait for a click: an
 * image URL in agent text could carry data out of the page. The page's own origin, `data:` and `blob:` always load.
 */
export const AllowedImageOriginsContext = createContext<readonly string[]>([]);

function originOf(url: string): string | null {
  try {
    return new URL(url, typeof document === 'undefined' ? undefined : document.baseURI).origin;
  } catch {
    return null;
  }
}

/** Whether a (safe) media URL may load without a click under `allowed` origins. */
export function loadsByItself(src: string, allowed: readonly string[]): boolean {
  if (/^(data|blob):/i.test(src)) return true;
  const origin = originOf(src);
  if (origin === null) return false;
  if (typeof location !== 'undefined' && origin === location.origin) return true;
  return allowed.some((entry) => entry === '*' || originOf(entry) === origin);
}

interface RemoteMediaGateProps {
  src: string;
  /** What the media is, for the button: "image", "video", "audio". */
  kind: string;
  /** Shown next to the button (an image's alt text). */
  label?: string;
  children: () => ReactNode;
}

/** Renders `children()` (the element that fetches `src`) when its origin is allowed or this URL was clicked, else a click-to-load button. */
export function RemoteMediaGate({ src, kind, label, children }: RemoteMediaGateProps) {
  const allowed = useContext(AllowedImageOriginsContext);
  // A consent covers this exact URL: any other `src` later in this place (an artifact update, a final message) asks again.
  const [consented, setConsented] = useState<string | null>(null);
  if (consented === src || loadsByItself(src, allowed)) return children();
  const host = linkTarget(src)?.host ?? 'another site';
  return (
    <span className="acu-media-gate" data-state="blocked">
      <button type="button" className="acu-media-gate__load" onClick={() => setConsented(src)}>
        Load {kind} from {host}
      </button>
      {label ? <span className="acu-media-gate__label">{label}</span> : null}
    </span>
  );
}
