/**
 * The HTTP server: @genkit-ai/express on 127.0.0.1.
 *
 *   POST /api/agent               the task agent (server-managed sessions, SSE turn stream)
 *   POST /api/agent/getSnapshot   {data:{snapshotId}|{sessionId}} → {result: SessionSnapshot} (404 NOT_FOUND)
 *   POST /api/agent/abort         {data:{snapshotId}} → {result:{snapshotId, status}}
 *   POST /api/agent-client        the same agent without a store (client-managed state)
 *   POST /api/agui                the same agent over AG-UI 1.0 (RunAgentInput in, SSE events out; @agent-chat/server/genkit)
 *   POST /api/ai-sdk              the same agent as an AI SDK chat route (UI message stream v1; @agent-chat/server/genkit)
 *   GET  /api/health              {ok, agent, model, store}
 *   GET  <route>/turns/:id/stream reattach to a turn; POST <route>/turns/:id/cancel stops it (@agent-chat/server)
 *   GET  /api/ai-sdk/:chatId/stream  useChat's resumeStream; GET /api/ai-sdk/chats/:chatId the stored chat
 *   POST /api/agui/connect        restore an AG-UI thread (MESSAGES_SNAPSHOT, STATE_SNAPSHOT, …)
 *   /api/threads                  each user's conversations (threads/threads-route.ts), in the sessions' store
 *
 * Turns run into @agent-chat/server's replay buffers (resumableTurns), shared over Redis when `redisUrl` is set.
 *
 * Every request first passes the Host/Origin allowlist (403), then the shared JSON body parser with its size and
 * depth caps (413 / 400); turns that continue a session pass its stored-size cap (413).
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { ErrorRequestHandler } from 'express';
import { createTaskAgents, DEFAULT_DATA_DIR, type TaskAgentOptions } from './agent/agent.js';
import { sendGenkitLogsTo } from './agent/genkit-logger.js';
import { genkitLogger, type RunnableAction } from './agent/genkit-runtime.js';
import { jsonBodyParser, requestLimitErrors, type RequestLimits } from './hygiene/request-limits.js';
import { DEFAULT_MAX_SESSION_BYTES, sessionSizeCap } from './hygiene/session-size.js';
import { removeStaleTempFiles } from './storage/stale-temp-files.js';
import { threadIndexFor } from './threads/thread-index-for.js';
import { aguiHandler, aiSdkHandler, BranchIndex, currentTurn, genkitAgentHandler } from '@agent-chat/server/genkit';

import {
  DEFAULT_LOG_LINES_PER_MINUTE, DEFAULT_USER_HEADER, hostRefusal, threadsHandler, memoryTurnStore, nodeHeaders, rateLimitedLog, redisTurnStore, resumableTurns, sendResponse, toExpress, userFromHeader, type TurnBufferOptions, type UserOption,
} from '@agent-chat/server';
import { createClient } from 'redis';

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
  /** Turns outlive a request whose client did not send `x-agent-resumable` (default false: closing it stops the turn). */
  keepTurnsOnDisconnect?: boolean;
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
  close(): Promise<void>;
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

  /** Wraps an agent so every turn is tracked (for a clean close) and logged as one line. */
  const logged = (route: string, action: RunnableAction): RunnableAction => ({
    async run(input, runOptions) {
      const started = performance.now();
      const turn = currentTurn();
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
  const turns = resumableTurns({ store: turnStore, keepTurnsOnDisconnect: options.keepTurnsOnDisconnect ?? false });
  const snapshots = agent.getSnapshotDataAction;
  // The snapshots this server's AG-UI and AI SDK turns produced: the lines a request may continue or fork from.
  const branches = new BranchIndex();
  const sessionSize = sessionSizeCap(store, maxSessionBytes);
  // Genkit's own log line for a failed request (its logger goes to the rate-limited error log).
  const logTurnError = (error: unknown) => genkitLogger.error(`Request failed with error: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  /** A protocol handler of @agent-chat/server/genkit at `route`: its POST and every route under it (turns, connect, chats). */
  const mount = (route: string, handler: (request: Request) => Promise<Response>) => app.all([route, `${route}/*`], toExpress(handler));

  const app = express();
  app.disable('x-powered-by');
  const hosts = { ...(options.allowedHosts && { allowedHosts: options.allowedHosts }), hint: 'option allowedHosts / ALLOWED_HOSTS' };
  app.use((req, res, next) => {
    const refused = hostRefusal(nodeHeaders(req), hosts);
    if (refused) sendResponse(res, refused).catch(next);
    else next();
  });
  app.use(jsonBodyParser(options));
  app.use((_req, res, next) => {
    // genkit 1.42 can write to a response after ending it; unhandled, that ERR_STREAM_WRITE_AFTER_END
    // 'error' event would crash the process.
    res.on('error', () => {});
    next();
  });
  // Every route is the user's: the conversations, their turns and threads belong to whoever started them (404 to anyone
  // else, 401 without a user). The user is the header the demo sends (its per-browser id), a stand-in for real auth.
  const user = options.user ?? userFromHeader(options.userHeader ?? DEFAULT_USER_HEADER);
  const threads = threadIndexFor({ ...options, ...(redis && { redis }) });
  // The checks each handler makes again (Host/Origin, cross-site, caps): the same as the app's own below.
  const access = { user, owners: threads.owners, ...(options.allowedHosts && { allowedHosts: options.allowedHosts }), ...(options.maxBodyBytes !== undefined && { maxBodyBytes: options.maxBodyBytes }), ...(options.maxJsonDepth !== undefined && { maxJsonDepth: options.maxJsonDepth }) };
  /** A deleted thread's conversation: its turns (here and on other instances), fork points and snapshots. */
  const deleteConversation = async (id: string) => {
    await turns.forgetSession(id);
    branches.forget(id);
    await store.deleteSession(id);
  };
  app.use('/api/threads', toExpress(threadsHandler({ ...access, index: threads, deleteConversation })));
  app.get('/api/health', (_req, res) => {
    res.json({ ok: true, agent: agent.__action.name, model: modelName, store: redis ? 'redis' : options.store ?? 'file' });
  });
  // The routes themselves are @agent-chat/server/genkit's Web handlers (getSnapshot and abort included, for the
  // session's owner only); the session cap is checked before each turn (the history AG-UI and the AI SDK resend is not
  // stored again: only their last message adds to a session).
  mount('/api/agent', genkitAgentHandler({ ...access, route: '/api/agent', agent: logged('/api/agent', agent), turns, snapshots, store, abort: agent.abortAgentAction, sessionSize, onError: logTurnError }));
  mount('/api/agent-client', genkitAgentHandler({ ...access, route: '/api/agent-client', agent: logged('/api/agent-client', clientAgent), turns, onError: logTurnError }));
  // The same agent (and sessions) over AG-UI and the AI SDK UI message stream; the thread / chat id is the sessionId.
  mount('/api/agui', aguiHandler({ ...access, route: '/api/agui', agent: logged('/api/agui', agent), snapshots, turns, store, branches, sessionSize }));
  mount('/api/ai-sdk', aiSdkHandler({ ...access, route: '/api/ai-sdk', agent: logged('/api/ai-sdk', agent), snapshots, turns, store, branches, sessionSize }));
  app.use((_req, res) => {
    res.status(404).json({ status: 'NOT_FOUND', message: 'No such route.' });
  });
  app.use(requestLimitErrors(options));
  const onError: ErrorRequestHandler = (error: { status?: number; type?: string; message?: string; stack?: string }, req, res, _next) => {
    const status = typeof error.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) errorLog(`[agent-server] ${req.method} ${req.path} failed: ${error.stack ?? error.message}`);
    if (res.headersSent) return void res.end();
    res.status(status).json({ status: status === 400 ? 'INVALID_ARGUMENT' : 'INTERNAL', message: status < 500 ? error.message : 'Internal error' });
  };
  app.use(onError);

  const server: Server = app.listen(options.port ?? 3400, options.host ?? '127.0.0.1');
  await Promise.race([once(server, 'listening'), once(server, 'error').then(([error]) => Promise.reject(error))]);
  const { port, address } = server.address() as AddressInfo;
  const url = `http://${address}:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url,
    agentUrl: `${url}/api/agent`,
    aguiUrl: `${url}/api/agui`,
    aiSdkUrl: `${url}/api/ai-sdk`,
    port,
    close() {
      closing ??= (async () => {
        shutdown.abort();
        const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
        server.closeAllConnections();
        // Let stopped turns save their snapshots before the data folder may go away.
        await Promise.allSettled([...active]);
        await closed;
        await turns.close();
        await redis?.quit().catch(() => {});
      })();
      return closing;
    },
  };
}
