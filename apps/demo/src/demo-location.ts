import { ROUTES, type RouteProtocol } from '@agent-chat/core/contract';

/** Where the demo's mode and server-managed session live: the page URL, so a reload continues the session. */
export type ChatMode = 'server' | 'client';

/** The wire protocol a server-managed chat speaks to the same Genkit agent: Genkit's own, AG-UI, or the AI SDK stream. */
export type Protocol = RouteProtocol;
const PROTOCOLS = Object.keys(ROUTES) as Protocol[];

interface DemoLocation {
  mode: ChatMode;
  /** Server-managed session to continue (`?session=<id>`). */
  sessionId: string | null;
  /** `?protocol=agui|ai-sdk`; Genkit's own when absent. */
  protocol?: Protocol;
}

export function readLocation(): DemoLocation {
  const params = new URLSearchParams(window.location.search);
  const mode: ChatMode = params.get('mode') === 'client' ? 'client' : 'server';
  const protocol = PROTOCOLS.find((name) => name === params.get('protocol')) ?? 'genkit';
  return { mode, sessionId: mode === 'server' ? params.get('session') : null, protocol };
}

export function writeLocation(next: DemoLocation): void {
  const url = new URL(window.location.href);
  if (next.mode === 'client') url.searchParams.set('mode', 'client');
  else url.searchParams.delete('mode');
  if (next.sessionId && next.mode === 'server') url.searchParams.set('session', next.sessionId);
  else url.searchParams.delete('session');
  if (next.protocol !== undefined) {
    if (next.protocol !== 'genkit' && next.mode === 'server') url.searchParams.set('protocol', next.protocol);
    else url.searchParams.delete('protocol');
  }
  if (url.href !== window.location.href) window.history.replaceState(null, '', url);
}
