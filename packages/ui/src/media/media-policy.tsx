import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
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

/**
 * The origins the user chose to load every image and media file from, for one conversation ("Always load from host in
 * this conversation"): one per chat (see `hostConsentFor`), which `MessageList` and `ArtifactPanel` provide.
 */
export interface HostConsent {
  has(origin: string): boolean;
  allow(origin: string): void;
  subscribe(listener: () => void): () => void;
  /** Changes at every `allow`. */
  version(): number;
}

export function createHostConsent(): HostConsent {
  const origins = new Set<string>();
  const listeners = new Set<() => void>();
  let version = 0;
  return {
    has: (origin) => origins.has(origin),
    allow(origin) {
      if (origins.has(origin)) return;
      origins.add(origin);
      version++;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}

/** The conversation's host consent (null: none kept; the gate then offers one URL only). */
export const HostConsentContext = createContext<HostConsent | null>(null);

const consents = new WeakMap<object, HostConsent>();

/**
 * The host consent of one conversation (its chat): the same for its messages and its artifact panel; another chat
 * starts with no host allowed.
 */
export function hostConsentFor(conversation: object): HostConsent {
  let consent = consents.get(conversation);
  if (!consent) consents.set(conversation, (consent = createHostConsent()));
  return consent;
}

const NO_SUBSCRIPTION = () => () => {};

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
  // Or its origin was chosen for the whole conversation (read as it changes: one click loads every image from there).
  const hosts = useContext(HostConsentContext);
  useSyncExternalStore(hosts?.subscribe ?? NO_SUBSCRIPTION, () => hosts?.version() ?? 0, () => 0);
  const origin = originOf(src);
  if (consented === src || loadsByItself(src, allowed) || (origin !== null && origin !== 'null' && hosts?.has(origin))) return children();
  const host = linkTarget(src)?.host ?? 'another site';
  return (
    <span className="acu-media-gate">
      <button type="button" className="acu-media-gate__load" onClick={() => setConsented(src)}>
        Load {kind} from {host}
      </button>
      {hosts && origin !== null && origin !== 'null' ? (
        <button type="button" className="acu-media-gate__host" onClick={() => hosts.allow(origin)}>
          Always load from {host} in this conversation
        </button>
      ) : null}
      {label ? <span className="acu-media-gate__label">{label}</span> : null}
    </span>
  );
}
