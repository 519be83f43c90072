/**
 * `npm start -w apps/agent-server`: the task agent on http://127.0.0.1:$PORT.
 *
 *   PORT              port on 127.0.0.1 (default 3400; 0 = any free port)
 *   AGENT_DATA_DIR    FileSessionStore folder (default apps/agent-server/.sessions)
 *   AGENT_STORE       file (default) | memory
 *   AGENT_TOKEN_DELAY_MS  scripted model pace (default 25)
 *   AGENT_MODEL       e.g. googleai/gemini-2.5-flash (needs a plugin you install yourself, see README)
 *   ALLOWED_HOSTS     host names accepted in Host/Origin, comma-separated (default localhost,127.0.0.1,[::1])
 *   AGENT_MAX_BODY_BYTES, AGENT_MAX_JSON_DEPTH, AGENT_MAX_SESSION_BYTES, AGENT_LOG_LINES_PER_MINUTE  limits (README)
 *   AGENT_KEEP_TURNS_ON_DISCONNECT  0: a client's disconnect stops its turn unless it sent x-agent-resumable (default: turns outlive their request)
 *   AGENT_MAX_DETACHED_MS  how long a running turn nobody reads goes on before it is stopped (default 600000)
 *   REDIS_URL         redis://host:port: sessions and running turns shared by every instance using it (README)
 *   AGENT_TURN_RETENTION_MS, AGENT_MAX_TURN_BUFFER_BYTES  how long / how much of a turn stays replayable (README)
 */
import { DEFAULT_DATA_DIR } from './agent/agent.js';
import { parseAllowedHosts } from '@agent-chat/server';
import { ModelConfigError } from './agent/real-model.js';
import { startAgentServer } from './server.js';

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`[agent-server] ${name} must be a non-negative integer, got "${raw}".`);
    process.exit(1);
  }
  return value;
}

async function main(): Promise<void> {
  const store = process.env.AGENT_STORE === 'memory' ? 'memory' : 'file';
  const dataDir = process.env.AGENT_DATA_DIR || DEFAULT_DATA_DIR;
  const model = process.env.AGENT_MODEL || undefined;
  const allowedHosts = process.env.ALLOWED_HOSTS ? parseAllowedHosts(process.env.ALLOWED_HOSTS) : undefined;
  /** Only the limits that are set, so the server's defaults apply to the rest. */
  const limits = Object.fromEntries(
    (
      [
        ['maxBodyBytes', 'AGENT_MAX_BODY_BYTES'],
        ['maxJsonDepth', 'AGENT_MAX_JSON_DEPTH'],
        ['maxSessionBytes', 'AGENT_MAX_SESSION_BYTES'],
        ['logLinesPerMinute', 'AGENT_LOG_LINES_PER_MINUTE'],
        ['turnRetentionMs', 'AGENT_TURN_RETENTION_MS'],
        ['maxTurnBufferBytes', 'AGENT_MAX_TURN_BUFFER_BYTES'],
      ] as const
    )
      .filter(([, name]) => process.env[name])
      .map(([option, name]) => [option, numberFromEnv(name, 0)])
  );
  let server;
  try {
    server = await startAgentServer({
      port: numberFromEnv('PORT', 3400),
      store,
      dataDir,
      tokenDelayMs: numberFromEnv('AGENT_TOKEN_DELAY_MS', 25),
      ...(model && { model }),
      ...(allowedHosts && { allowedHosts }),
      ...(process.env.AGENT_KEEP_TURNS_ON_DISCONNECT === '0' && { keepTurnsOnDisconnect: false }),
      ...(process.env.AGENT_MAX_DETACHED_MS && { maxDetachedMs: numberFromEnv('AGENT_MAX_DETACHED_MS', 600_000) }),
      ...(process.env.REDIS_URL && { redisUrl: process.env.REDIS_URL }),
      ...limits,
    });
  } catch (error) {
    const message = error instanceof ModelConfigError ? error.message : String((error as Error)?.stack ?? error);
    console.error(`[agent-server] could not start: ${message}`);
    process.exit(1);
  }
  console.log(`[agent-server] task agent on ${server.agentUrl} (model ${model ?? 'scripted'}, ${store === 'file' ? `sessions in ${dataDir}` : 'in-memory sessions'})`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`[agent-server] ${signal}: shutting down`);
    // Anything still holding the event loop after a clean close gets 3 s, then the process exits anyway.
    setTimeout(() => process.exit(0), 3000).unref();
    server.dispose().then(
      () => {
        process.exitCode = 0;
      },
      (error: unknown) => {
        console.error('[agent-server] error while closing:', error);
        process.exitCode = 1;
      }
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
