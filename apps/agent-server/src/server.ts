/**
 * The HTTP server: node:http on 127.0.0.1, serving @agent-chat/server's `genkitRoutes` for the demo's task agent.
 *
 *   /api/agent, /api/agui, /api/ai-sdk, /api/threads   genkitRoutes (@agent-chat/server/genkit): the agent over Genkit's
 *                                 own protocol, AG-UI and the AI SDK UI message stream on resumable turns, each user's
 *                                 threads (see docs/WIRE-CONTRACT.md and the package's README for every route under them)
 *   POST /api/agent-client        the same agent without a store (client-managed state): genkitAgentHandler
 *   GET  /api/health              {ok, agent, model, store}
 *
 * Turns run into @agent-chat/server's replay buffers (resumableTurns), shared over Redis when `redisUrl` is set.
 * Every request first passes the package's request checks (Host/Origin allowlist 403, body size 413 and depth 400,
 * cross-site 403/415), whose answers name this app's environment variables; turns that continue a session pass its
 * stored-size cap (413). What stays here is the demo's: its agent and model, its stores, its log lines and its CLI.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTaskAgents, DEFAULT_DATA_DIR, type TaskAgentOptions } from './agent/agent.js';
import { sendGenkitLogsTo } from './agent/genkit-logger.js';
import { genkitLogger, type RunnableAction } from './agent/genkit-runtime.js';
import { DEFAULT_MAX_SESSION_BYTES, sessionSizeCap } from './hygiene/session-size.js';
import { removeStaleTempFiles } from './storage/stale-temp-files.js';
import { threadIndexFor } from './threads/thread-index-for.js';
import { currentTurn, genkitAgentHandler, genkitRoutes, type GenkitAgentLike } from '@agent-chat/server/genkit';
import {
  DEFAULT_BASE, DEFAULT_LOG_LINES_PER_MINUTE, DEFAULT_USER_HEADER, guardRequests, ROUTE_NAMES, ROUTES, routePath, jsonResponse, memoryTurnStore, rateLimitedLog, redisTurnStore, resumableTurns, toNodeListener,
  userFromHeader, type BodyLimits, type TurnBufferOptions, type UserOption, type WebHandler,
} from '@agent-chat/server';
import { createClient } from 'redis';

/** The body caps of every request. */
export type RequestLimits = Pick<BodyLimits, 'maxBodyBytes' | 'maxJsonDepth'>;

/** The request checks' answers name the options and the environment variables that change them. */
const HINTS = { allowedHosts: 'option allowedHosts / ALLOWED_HOSTS', maxBodyBytes: 'option maxBodyBytes / AGENT_MAX_BODY_BYTES', maxJsonDepth: 'option maxJsonDepth / AGENT_MAX_JSON_DEPTH' };
/** The agent with client-managed state: a route of this app only (the package's routes keep sessions on the server). */
const CLIENT_ROUTE = `${DEFAULT_BASE}/agent-client`;

export interface AgentServerOptions extends Omit<TaskAgentOptions, 'shutdownSignal' | 'storeLog' | 'redis'>, RequestLimits {
  /** Port on 127.0.0.1 (default 3400; 0 picks a free one). */
  port?: number;
  host?: string;
  /** Receives one line per turn (default: stdout). */
  log?: (line: string) => void;
  /** Receives Genkit's logs, server errors and unreadable store files (default: stderr); rate-limited. */
  errorLog?: (line: string) => void;
  /** Error lines (and failed-turn lines) written per minute before the rest are only counted (default 20). */
  logLinesPerMinute?: number;
  /** Host names accepted in `Host` and `Origin`, any port (default localhost, 127.0.0.1, [::1]). */
  allowedHosts?: readonly string[];
  /** Turns outlive a request whose client did not send `x-agent-resumable` (default true; false: closing it stops the turn). */
  keepTurnsOnDisconnect?: boolean;
  /** How long a running turn nobody reads goes on before it is stopped, in ms (default 10 minutes). */
  maxDetachedMs?: number;
  /** How long an ended turn stays replayable, in ms (default 60 000). */
  turnRetentionMs?: number;
  /** Largest replay buffer of one turn, in bytes (default 8 MiB). */
  maxTurnBufferBytes?: number;
  /** `redis://…`: sessions and running turns' buffers are shared through Redis with every instance using it. */
  redisUrl?: string;
  /**
   * The header that names the user of every request (default `x-agent-user`): a stand-in for real auth — any client can
   * send any name. Every conversation, turn and thread belongs to the user who started it; without the header: 401.
   */
  userHeader?: string;
  /** The app's auth instead of the header (`user(request)` → the user, or null for 401). */
  user?: UserOption;
}

export interface AgentServer {
  /** Base URL, e.g. `http://127.0.0.1:3400` (the agent is at `${url}/api/agent`). */
  url: string;
  agentUrl: string;
  /** The same agent over AG-UI: `${url}/api/agui` (for `aguiTransport({url})`). */
  aguiUrl: string;
  /** The same agent as an AI SDK chat route: `${url}/api/ai-sdk` (for `aiSdkTransport({api})`). */
  aiSdkUrl: string;
  port: number;
  dispose(): Promise<void>;
}

interface TurnOutcome {
  sessionId?: string;
  snapshotId?: string;
  finishReason?: string;
  error?: { status?: string; message?: string };
}


export async function startAgentServer(options: AgentServerOptions = {}): Promise<AgentServer> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const limit = { maxLines: options.logLinesPerMinute ?? DEFAULT_LOG_LINES_PER_MINUTE, name: 'agent-server' };
  const errorLog = rateLimitedLog(options.errorLog ?? ((line: string) => process.stderr.write(`${line}\n`)), limit);
  const failedTurnLog = rateLimitedLog(log, limit);
  sendGenkitLogsTo(errorLog);
  if (options.store !== 'memory') {
    const stale = await removeStaleTempFiles(options.dataDir ?? DEFAULT_DATA_DIR);
    if (stale.files > 0) log(`[agent-server] removed ${stale.files} stale .tmp files (${stale.bytes} bytes) left by an interrupted write`);
  }
  const shutdown = new AbortController();
  let redis: ReturnType<typeof createClient> | undefined;
  if (options.redisUrl) {
    redis = createClient({ url: options.redisUrl });
    redis.on('error', (error: Error) => errorLog(`[agent-server] redis: ${error.message}`));
    await redis.connect();
  }
  const { agent, clientAgent, store, modelName } = createTaskAgents({ ...options, shutdownSignal: shutdown.signal, storeLog: errorLog, ...(redis && { redis }) });
  const maxSessionBytes = options.maxSessionBytes ?? DEFAULT_MAX_SESSION_BYTES;
  const active = new Set<Promise<unknown>>();
  // The route each request came in on, for the turn's log line (one agent serves every route of genkitRoutes).
  const routeOfRequest = new AsyncLocalStorage<string>();

  /** Wraps an agent so every turn is tracked (for a clean close) and logged as one line. */
  const logged = (action: RunnableAction): RunnableAction => ({
    async run(input, runOptions) {
      const started = performance.now();
      const turn = currentTurn();
      const route = routeOfRequest.getStore() ?? '-';
      const line = (outcome: TurnOutcome) => {
        const session = outcome.sessionId ?? turn?.requestedSessionId ?? '-';
        const stopped = turn?.signal.aborted ? ` (${typeof turn.signal.reason === 'string' ? turn.signal.reason : 'stopped'})` : '';
        const finish = `${outcome.finishReason ?? 'error'}${stopped}`;
        const error = outcome.error ? ` error=${JSON.stringify(`${outcome.error.status ?? ''} ${outcome.error.message ?? ''}`.trim())}` : '';
        // Failed turns are what a stream of bad requests produces: their lines are rate-limited.
        (outcome.error ? failedTurnLog : log)(`POST ${route} session=${session} finishReason=${finish} ${Math.round(performance.now() - started)}ms${error}`);
      };
      const running = action.run(input, runOptions);
      active.add(running);
      try {
        const response = await running;
        line((response.result ?? {}) as TurnOutcome);
        return response;
      } catch (error) {
        const { status, message } = error as { status?: string; message?: string };
        line({ error: { ...(status && { status }), ...(message && { message }) } });
        throw error;
      } finally {
        active.delete(running);
      }
    },
  });

  const bufferOptions: TurnBufferOptions = {
    ...(options.turnRetentionMs !== undefined && { retentionMs: options.turnRetentionMs }),
    ...(options.maxTurnBufferBytes !== undefined && { maxTurnBytes: options.maxTurnBufferBytes }),
  };
  const turnStore = redis
    ? redisTurnStore({ client: redis, ...bufferOptions, onError: (error) => errorLog(`[agent-server] redis: ${String(error)}`) })
    : memoryTurnStore(bufferOptions);
  await turnStore.ready();
  const turns = resumableTurns({
    store: turnStore,
    ...(options.keepTurnsOnDisconnect !== undefined && { keepTurnsOnDisconnect: options.keepTurnsOnDisconnect }),
    ...(options.maxDetachedMs !== undefined && { maxDetachedMs: options.maxDetachedMs }),
  });
  // Genkit's own log line for a failed request (its logger goes to the rate-limited error log).
  const logTurnError = (error: unknown) => genkitLogger.error(`Request failed with error: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);

  // Every route is the user's: the conversations, their turns and threads belong to whoever started them (404 to anyone
  // else, 401 without a user). The user is the header the demo sends (its per-browser id), a stand-in for real auth.
  const user = options.user ?? userFromHeader(options.userHeader ?? DEFAULT_USER_HEADER);
  const threads = threadIndexFor({ ...options, ...(redis && { redis }) });
  const guard = {
    hints: HINTS,
    ...(options.allowedHosts && { allowedHosts: options.allowedHosts }),
    ...(options.maxBodyBytes !== undefined && { maxBodyBytes: options.maxBodyBytes }),
    ...(options.maxJsonDepth !== undefined && { maxJsonDepth: options.maxJsonDepth }),
  };
  const loggedAgent: GenkitAgentLike = { ...logged(agent), getSnapshotDataAction: agent.getSnapshotDataAction, abortAgentAction: agent.abortAgentAction };
  // The package's routes: the three protocols, their turns, getSnapshot / abort / connect / chats, the threads (whose
  // DELETE deletes the conversation whole); the session cap is checked before each turn.
  const routes = genkitRoutes({ ...guard, agent: loggedAgent, store, turns, threads, user, sessionSize: sessionSizeCap(store, maxSessionBytes), onError: logTurnError });
  const clientRoute = genkitAgentHandler({ ...guard, route: CLIENT_ROUTE, agent: logged(clientAgent), turns, user, owners: threads.owners, onError: logTurnError });
  const health = () => jsonResponse(200, { ok: true, agent: agent.__action.name, model: modelName, store: redis ? 'redis' : options.store ?? 'file' });
  const logRoutes = [CLIENT_ROUTE, ...ROUTE_NAMES.map((name) => routePath(DEFAULT_BASE, name))];

  const app: WebHandler = guardRequests(guard)(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === `${DEFAULT_BASE}/health` && request.method === 'GET') return health();
    const route = logRoutes.find((prefix) => path === prefix || path.startsWith(`${prefix}/`)) ?? path;
    try {
      return await routeOfRequest.run(route, () => (route === CLIENT_ROUTE ? clientRoute(request) : routes(request)));
    } catch (error) {
      errorLog(`[agent-server] ${request.method} ${path} failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
      throw error;
    }
  });

  const server: Server = createServer(toNodeListener(app));
  server.listen(options.port ?? 3400, options.host ?? '127.0.0.1');
  await Promise.race([once(server, 'listening'), once(server, 'error').then(([error]) => Promise.reject(error))]);
  const { port, address } = server.address() as AddressInfo;
  const url = `http://${address}:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url,
    agentUrl: `${url}${routePath(DEFAULT_BASE, ROUTES.genkit)}`,
    aguiUrl: `${url}${routePath(DEFAULT_BASE, ROUTES.agui)}`,
    aiSdkUrl: `${url}${routePath(DEFAULT_BASE, ROUTES['ai-sdk'])}`,
    port,
    dispose() {
      closing ??= (async () => {
        shutdown.abort();
        const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
        server.closeAllConnections();
        // Let stopped turns save their snapshots before the data folder may go away.
        await Promise.allSettled([...active]);
        await closed;
        await turns.dispose();
        await redis?.quit().catch(() => {});
      })();
      return closing;
    },
  };
}
