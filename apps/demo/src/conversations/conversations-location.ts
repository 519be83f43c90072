import { ROUTES } from '@agent-chat/core/contract';
import type { Protocol } from '../demo-location.js';

/** Where the thread list keeps its threads: this browser's IndexedDB, or the agent server's `/api/threads`. */
export type ThreadStore = 'local' | 'server';

/** The conversations page's address: `/c/<thread id>?protocol=agui|ai-sdk&store=server`. */
export interface ConversationsLocation {
  /** The thread in the path (`/c/:id`), null on `/c/`. */
  threadId: string | null;
  protocol: Protocol;
  store: ThreadStore;
}

const PROTOCOLS = Object.keys(ROUTES) as Protocol[];
const PREFIX = '/c/';

/** The single chat's page (the demo's page before conversations): `/chat`, with its query (`?protocol=…&session=…`). */
export const SINGLE_CHAT_PATH = '/chat';

/** True on the single chat's page; every other address is the conversations page (`/`, `/c/`, `/c/:id`). */
export const isSingleChatPath = (path: string) => path === SINGLE_CHAT_PATH || path === `${SINGLE_CHAT_PATH}/`;

export function readConversationsLocation(): ConversationsLocation {
  const params = new URLSearchParams(window.location.search);
  const rest = window.location.pathname.startsWith(PREFIX) ? window.location.pathname.slice(PREFIX.length) : '';
  return {
    threadId: rest ? decodeURIComponent(rest) : null,
    protocol: PROTOCOLS.find((name) => name === params.get('protocol')) ?? 'genkit',
    store: params.get('store') === 'server' ? 'server' : 'local',
  };
}

/** The address of a thread (the query, protocol and store, kept). */
export function conversationHref(threadId: string | null, protocol: Protocol, store: ThreadStore): string {
  const params = new URLSearchParams();
  if (protocol !== 'genkit') params.set('protocol', protocol);
  if (store !== 'local') params.set('store', store);
  const query = params.toString();
  return `${PREFIX}${threadId ? encodeURIComponent(threadId) : ''}${query ? `?${query}` : ''}`;
}

/** Shows `href` in the address bar: a new history entry when the thread changes, so Back returns to the one before. */
export function writeConversationsLocation(href: string, replace: boolean): void {
  if (href === `${window.location.pathname}${window.location.search}`) return;
  if (replace) window.history.replaceState(null, '', href);
  else window.history.pushState(null, '', href);
}
