/**
 * `genkitRoutes`: one Web handler that gives a Genkit agent its three protocols on resumable turns, and its users'
 * threads, for the app that wants all of them at once (a Next.js catch-all route, `app.use('/api', toExpress(…))`):
 *
 *   <base>/agent    the Genkit agent route (`genkitTransport`), with `getSnapshot` and `abort`
 *   <base>/agui     AG-UI (`aguiTransport`), with `connect`
 *   <base>/ai-sdk   the AI SDK chat route (`aiSdkTransport`, `useChat`), with `chats/<id>` and `<id>/stream`
 *   <base>/threads  each user's threads (`httpThreadAdapter`); DELETE deletes the conversation whole
 *
 * and each protocol's `turns/<id>/stream` and `turns/<id>/cancel`. The three share the turns, the fork points and the
 * owners, so a session is one conversation, with one owner, whatever protocol continues it. Every route is the `user`'s
 * own (README: "Security").
 */
import { DEFAULT_BASE, routePath, THREADS_ROUTE, type RouteName } from '@agent-chat/core/contract';
import { memoryOwners } from '../access/conversation-owners.js';
import { guardRequests } from '../hygiene/request-guard.js';
import { requestUrl, takesLightRequests } from '../http/request-body.js';
import { memoryThreadIndex } from '../threads/memory-thread-index.js';
import type { ThreadIndex } from '../threads/thread-index.js';
import { threadsHandler } from '../threads/threads-handler.js';
import { resumableTurns, type ResumableTurns, type WebHandler } from '../turns/resumable-turns.js';
import { jsonResponse } from '../turns/turn-frames.js';
import { aguiHandler } from './agui/agui-route.js';
import { aiSdkHandler } from './ai-sdk/ai-sdk-route.js';
import { BranchIndex, type StartStore } from './fork-point.js';
import { genkitAgentHandler } from './genkit-route.js';
import type { DeletableSessionStore } from './memory-session-store.js';
import { snapshotReaderOf, type RunnableAction, type SnapshotReader } from './runtime.js';
import type { AccessOptions } from './session-access.js';
import type { SessionSizeCap } from './session-size.js';

/** What a Genkit agent of `ai.defineAgent(…)` offers: its `run` and the actions that read and stop its sessions. */
export interface GenkitAgentLike extends RunnableAction {
  getSnapshotDataAction: SnapshotReader;
  abortAgentAction?: RunnableAction;
}

export interface GenkitRoutesOptions extends Omit<AccessOptions, 'owners'> {
  agent: GenkitAgentLike;
  /**
   * The agent's session store (where a fork from the first turn stores its empty start), able to delete a session:
   * `memorySessionStore()`, or your store with `deleteSession(sessionId)` removing every snapshot of the session.
   */
  store: StartStore & DeletableSessionStore;
  /** Default `resumableTurns()` (in memory); `resumableTurns({ store: redisTurnStore({ url }) })` for more instances. */
  turns?: ResumableTurns;
  /** The users' threads and who owns each conversation (default `memoryThreadIndex()`; `redisThreadIndex({ client })` for more instances). */
  threads?: ThreadIndex;
  /** The path the routes are under (default `/api`). */
  base?: string;
  /** 413 before a turn that would make its session store more than `maxBytes`. */
  sessionSize?: SessionSizeCap;
  /** Told of a Genkit-route turn that threw. */
  onError?: (error: unknown) => void;
}

export interface GenkitRoutes extends WebHandler {
  /** The turns the routes run on (`routes.dispose()` disposes them). */
  turns: ResumableTurns;
  /** Deletes a conversation whole: its running and kept turns, its fork points, its snapshots, its thread and owner. */
  deleteConversation(id: string): Promise<void>;
  /** Disposes the routes' turns (`routes.turns.dispose()`): call it when the server stops. */
  dispose(): Promise<void>;
  /** `await using routes = genkitRoutes(…)`: {@link GenkitRoutes.dispose} when the block ends. */
  [Symbol.asyncDispose](): Promise<void>;
}

export function genkitRoutes(options: GenkitRoutesOptions): GenkitRoutes {
  const { agent, store, turns = resumableTurns(), threads = memoryThreadIndex({ owners: memoryOwners() }), base = DEFAULT_BASE, sessionSize, onError } = options;
  if (typeof store?.deleteSession !== 'function') {
    throw new TypeError('genkitRoutes needs a session store that can delete a session: `memorySessionStore()`, or your store with `deleteSession(sessionId)`.');
  }
  const at = (name: RouteName | typeof THREADS_ROUTE) => routePath(base, name);
  // The agent's snapshots read with its getSnapshotData method (no action run, no thrown NOT_FOUND per new id).
  const snapshots = snapshotReaderOf(agent);
  const branches = new BranchIndex();
  const { user, allowedHosts, crossSite, maxBodyBytes, maxJsonDepth, hints } = options;
  const guard = { ...(allowedHosts !== undefined && { allowedHosts }), ...(crossSite !== undefined && { crossSite }), ...(maxBodyBytes !== undefined && { maxBodyBytes }), ...(maxJsonDepth !== undefined && { maxJsonDepth }), ...(hints && { hints }) };
  const shared = { agent, turns, snapshots, user, owners: threads.owners, ...guard, ...(sessionSize && { sessionSize }) };
  const forget = async (id: string) => {
    await turns.forgetSession(id);
    branches.forget(id);
    await store.deleteSession(id);
  };
  // The routes of the wire contract (@agent-chat/core/contract), one handler each.
  const handlers = {
    agent: genkitAgentHandler({ ...shared, route: at('agent'), store, ...(agent.abortAgentAction && { abort: agent.abortAgentAction }), ...(onError && { onError }) }),
    agui: aguiHandler({ ...shared, route: at('agui'), store, branches }),
    'ai-sdk': aiSdkHandler({ ...shared, route: at('ai-sdk'), store, branches }),
    [THREADS_ROUTE]: threadsHandler({ index: threads, user, route: at(THREADS_ROUTE), deleteConversation: forget, ...guard }),
  } satisfies Record<RouteName | typeof THREADS_ROUTE, WebHandler>;
  const routes = Object.entries(handlers).map(([name, routeHandler]) => [at(name as keyof typeof handlers), routeHandler] as const);
  // The Node adapter may hand it light requests (http/request-body.ts): every route here reads them through that module.
  const handler: WebHandler = takesLightRequests(guardRequests(guard)(async (request) => {
    const path = requestUrl(request).pathname;
    const match = routes.find(([route]) => path === route || path.startsWith(`${route}/`));
    return match ? match[1](request) : jsonResponse(404, { status: 'NOT_FOUND', message: 'No such route.' });
  }));
  const deleteConversation = async (id: string) => {
    const owner = await threads.owners.ownerOf(id);
    await forget(id);
    if (owner !== null) await threads.remove(owner, id);
    await threads.owners.release(id);
  };
  const dispose = () => turns.dispose();
  return Object.assign(handler, { turns, deleteConversation, dispose, [Symbol.asyncDispose]: dispose });
}
