import { DEFAULT_BASE, routePath, THREADS_ROUTE } from '@agent-chat/core/contract';
import { createThreadList, httpThreadAdapter, localThreadAdapter, type ThreadListHandle } from '@agent-chat/core/threads';
import type { Protocol } from '../demo-location.js';
import { createDemoChat } from '../demo-chat.js';
import { transportFor } from '../demo-session.js';
import type { TaskState } from '@agent-chat/agent-server';
import type { ThreadStore } from './conversations-location.js';

/**
 * The demo's conversations of one user: kept in this browser (IndexedDB) or by the agent server (`/api/threads`, the
 * user named by `x-agent-user`); each a chat over `protocol` whose session id is the thread's id. `initialId`: the
 * thread the address names, shown first.
 */
export function createDemoThreadList(protocol: Protocol, store: ThreadStore, user: string, initialId: string | null): ThreadListHandle<TaskState> {
  const adapter = store === 'server'
    ? httpThreadAdapter({ url: routePath(DEFAULT_BASE, THREADS_ROUTE), headers: { 'x-agent-user': user } })
    : localThreadAdapter({ name: `demo-${user}` });
  // `?background=<n>`: up to n threads answer on while another one is shown (marked unread when they end).
  const background = Number(new URLSearchParams(window.location.search).get('background'));
  return createThreadList<TaskState>({
    adapter,
    ...(initialId ? { initialId } : {}),
    ...(background > 0 ? { backgroundRuns: background } : {}),
    // Each thread's chat is a demo chat as the single chat's is: its version tree, the browser's tools, resumable turns.
    createChat: (id) => createDemoChat({ transport: transportFor('server', protocol), sessionId: id }),
  });
}
