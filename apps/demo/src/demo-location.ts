/** Where the demo's mode and server-managed session live: the page URL, so a reload continues the session. */
export type ChatMode = 'server' | 'client';

export interface DemoLocation {
  mode: ChatMode;
  /** Server-managed session to continue (`?session=<id>`). */
  sessionId: string | null;
}

export function readLocation(): DemoLocation {
  const params = new URLSearchParams(window.location.search);
  const mode: ChatMode = params.get('mode') === 'client' ? 'client' : 'server';
  return { mode, sessionId: mode === 'server' ? params.get('session') : null };
}

export function writeLocation(next: DemoLocation): void {
  const url = new URL(window.location.href);
  if (next.mode === 'client') url.searchParams.set('mode', 'client');
  else url.searchParams.delete('mode');
  if (next.sessionId && next.mode === 'server') url.searchParams.set('session', next.sessionId);
  else url.searchParams.delete('session');
  if (url.href !== window.location.href) window.history.replaceState(null, '', url);
}
