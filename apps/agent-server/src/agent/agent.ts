/**
 * The task-list agent: genkit/beta `ai.defineAgent` (a prompt agent: history + system prompt + tools,
 * run by Genkit's own agent runtime) with a custom session state (Genkit's sessions and state docs).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { genkit, z, type GenkitBeta } from './genkit-runtime.js';
import { loadRealModel } from './real-model.js';
import { defineScriptedModel, SCRIPTED_MODEL_NAME } from './scripted-model.js';
import { IndexedFileSessionStore } from '../storage/indexed-file-store.js';
import { RedisSessionStore } from '../storage/redis-session-store.js';
import { withSafeIds } from '../hygiene/session-ids.js';
import { memorySessionStore, withClientState, type DeletableSessionStore } from '@agent-chat/server/genkit';
import { compactSnapshotBytes, DEFAULT_MAX_SESSION_BYTES, fileSnapshotBytes, withSizeCap, type SizedSessionStore } from '../hygiene/session-size.js';
import type { TaskState } from './task-state.js';
import { defineTaskTools } from './tools.js';
import { defineResearch } from './research.js';

/**
 * `apps/agent-server/.sessions/` (git-ignored). Not `new URL('../.sessions/', import.meta.url)`: Vite rewrites that
 * pattern into an asset URL (http://…) when this module is loaded in a browser-like test environment (jsdom).
 */
export const DEFAULT_DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.sessions') + '/';

export const AGENT_NAME = 'taskAgent';
export const CLIENT_AGENT_NAME = 'taskAgentClientState';

const TaskStateSchema = z.object({
  tasks: z.array(z.object({ id: z.number(), title: z.string(), done: z.boolean() })),
  nextId: z.number(),
});

const SYSTEM_PROMPT = `You are a friendly task-list assistant. The user's tasks live in the session state.
Use addTask to add a task, completeTask to mark one done (by its numeric id), writeReport to write or
revise the report.md artifact. Before clearing tasks, always call confirmClearAll and only call
clearAllTasks when the user confirmed; if they declined, say that nothing was cleared. When the user asks for the
time, call getLocalTime (their browser answers with its local time and time zone). The user also ticks tasks in the
app: call listTasks before saying what is left. To research a topic, call research: a researcher agent does it.
Keep answers short.`;

export interface TaskAgentOptions {
  /** 'file' (default): FileSessionStore under `dataDir`; 'memory': in memory (`memorySessionStore()`). */
  store?: 'memory' | 'file';
  /** The FileSessionStore folder (default {@link DEFAULT_DATA_DIR}). */
  dataDir?: string;
  /** Delay between the scripted model's tokens (ms). */
  tokenDelayMs?: number;
  /** A real model (`googleai/gemini-2.5-flash`, …) instead of the scripted one. */
  model?: string;
  /** Aborted on shutdown: stops streaming models. */
  shutdownSignal?: AbortSignal;
  /** Largest snapshot one session may store, in bytes (default 4 MiB). */
  maxSessionBytes?: number;
  /** Receives a line for each unreadable store file met. */
  storeLog?: (line: string) => void;
  /** A connected Redis client: sessions go to Redis (shared by every instance using it), whatever `store` says. */
  redis?: ConstructorParameters<typeof RedisSessionStore>[0];
}

/** The store, with its safe-id check, its per-session size cap and (file) its O(1) session lookup. */
function createStore(options: TaskAgentOptions): SizedSessionStore<TaskState> & DeletableSessionStore {
  const maxBytes = options.maxSessionBytes ?? DEFAULT_MAX_SESSION_BYTES;
  const store = options.redis
    ? withSizeCap(new RedisSessionStore<TaskState>(options.redis), maxBytes, compactSnapshotBytes)
    : options.store === 'memory'
      ? withSizeCap(memorySessionStore<TaskState>(), maxBytes, compactSnapshotBytes)
      : withSizeCap(new IndexedFileSessionStore<TaskState>(options.dataDir ?? DEFAULT_DATA_DIR, { ...(options.storeLog && { log: options.storeLog }) }), maxBytes, fileSnapshotBytes);
  // The client's state writes (client-state.ts) show in the session the turn loads, never in another one.
  return { ...withClientState(withSafeIds<TaskState>(store)), storedBytes: (lookup) => store.storedBytes(lookup) };
}

/** Builds a Genkit instance with the task agent (server-managed state) and its client-managed twin. */
export function createTaskAgents(options: TaskAgentOptions = {}) {
  const real = options.model && options.model !== 'scripted' ? loadRealModel(options.model) : undefined;
  const ai: GenkitBeta = genkit({ plugins: real ? [real.plugin as never] : [] });
  const scripted = defineScriptedModel(ai, {
    ...(options.tokenDelayMs !== undefined && { tokenDelayMs: options.tokenDelayMs }),
    ...(options.shutdownSignal && { shutdownSignal: options.shutdownSignal }),
  });
  const model = real ? real.name : scripted;
  const tools = { ...defineTaskTools(ai), research: defineResearch(ai, model).research };
  const common = {
    model,
    system: SYSTEM_PROMPT,
    tools: Object.values(tools),
    stateSchema: TaskStateSchema,
    maxTurns: 6,
  };
  const store = createStore(options);
  const agent = ai.defineAgent<TaskState>({ ...common, name: AGENT_NAME, store });
  // Same agent without a store: the client keeps the whole SessionState and sends it every turn.
  const clientAgent = ai.defineAgent<TaskState>({ ...common, name: CLIENT_AGENT_NAME });
  return { ai, agent, clientAgent, tools, store, modelName: real ? real.name : SCRIPTED_MODEL_NAME };
}

