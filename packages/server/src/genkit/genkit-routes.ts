/**
 * `genkitRoutes`: one Web handler that gives a Genkit agent its three protocols on resumable turns, for the app that
 * wants all of them at once (a Next.js catch-all route, `app.all('/api/*', toExpress(…))`):
 *
 *   <base>/agent    the Genkit agent route (`genkitTransport`), with `getSnapshot` and `abort`
 *   <base>/agui     AG-UI (`aguiTransport`), with `connect`
 *   <base>/ai-sdk   the AI SDK chat route (`aiSdkTransport`, `useChat`), with `chats/<id>` and `<id>/stream`
 *
 * and each one's `turns/<id>/stream` and `turns/<id>/cancel`. The three share the turns and the fork points, so a
 * session is one conversation whatever protocol continues it.
 */
import { resumableTurns, type ResumableTurns, type WebHandler } from '../turns/resumable-turns.js';
import { jsonResponse } from '../turns/turn-frames.js';
import { aguiHandler } from './agui/agui-route.js';
import { aiSdkHandler } from './ai-sdk/ai-sdk-route.js';
import { BranchIndex, type StartStore } from './fork-point.js';
import { genkitAgentHandler } from './genkit-route.js';
import type { RunnableAction, SnapshotReader } from './runtime.js';
import type { SessionSizeCap } from './session-size.js';

/** What a Genkit agent of `ai.defineAgent(…)` offers: its `run` and the actions that read and stop its sessions. */
export interface GenkitAgentLike extends RunnableAction {
  getSnapshotDataAction: SnapshotReader;
  abortAgentAction?: RunnableAction;
}

export interface GenkitRoutesOptions {
  agent: GenkitAgentLike;
  /** The agent's session store (where a fork from the first turn stores its empty start). */
  store: StartStore;
  /** Default `resumableTurns()` (in memory); `resumableTurns({ store: redisTurnStore({ url }) })` for more instances. */
  turns?: ResumableTurns;
  /** The path the three routes are under (default `/api`). */
  base?: string;
  /** 413 before a turn that would make its session store more than `maxBytes`. */
  sessionSize?: SessionSizeCap;
  /** Told of a Genkit-route turn that threw. */
  onError?: (error: unknown) => void;
}

export interface GenkitRoutes extends WebHandler {
  /** The turns the routes run on (close them with the server: `routes.turns.close()`). */
  turns: ResumableTurns;
}

export function genkitRoutes({ agent, store, turns = resumableTurns(), base = '/api', sessionSize, onError }: GenkitRoutesOptions): GenkitRoutes {
  const root = base.replace(/\/+$/, '');
  const snapshots = agent.getSnapshotDataAction;
  const branches = new BranchIndex();
  const shared = { agent, turns, snapshots, ...(sessionSize && { sessionSize }) };
  const routes: Array<[string, WebHandler]> = [
    [`${root}/agent`, genkitAgentHandler({ ...shared, route: `${root}/agent`, ...(agent.abortAgentAction && { abort: agent.abortAgentAction }), ...(onError && { onError }) })],
    [`${root}/agui`, aguiHandler({ ...shared, route: `${root}/agui`, store, branches })],
    [`${root}/ai-sdk`, aiSdkHandler({ ...shared, route: `${root}/ai-sdk`, store, branches })],
  ];
  const handler: WebHandler = async (request) => {
    const path = new URL(request.url).pathname;
    const match = routes.find(([route]) => path === route || path.startsWith(`${route}/`));
    return match ? match[1](request) : jsonResponse(404, { status: 'NOT_FOUND', message: 'No such route.' });
  };
  return Object.assign(handler, { turns });
}
