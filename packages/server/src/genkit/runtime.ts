/**
 * What the protocol handlers need of a Genkit agent, and what they hand it for each turn.
 *
 * The handlers take the agent as a {@link RunnableAction} (a Genkit action's `run`: the agent of `defineAgent`, a
 * flow, or the app's own wrapper around one) and read its sessions through a {@link SnapshotReader} (the agent's
 * `getSnapshotDataAction`). Each turn runs inside a {@link TurnContext} carried with AsyncLocalStorage from the
 * handler into the model and the session store: the turn's AbortSignal (its cancel route, or a client that cannot
 * resume going away) and the client's state write (`withClientState` applies it to the session the turn loads).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AgentStreamChunk, JsonPatchOperation, ToolRequestPart } from 'genkit/beta';
import { isRecord } from '@agent-chat/core/wire';
import { jsonResponse } from '../turns/turn-frames.js';
import { bodyText } from '../http/request-body.js';

/** The part of a Genkit action the handlers use: `run(input, {onChunk, abortSignal, init, context})`. */
export interface RunnableAction {
  run(input: unknown, options?: Record<string, unknown>): Promise<{ result: unknown }>;
}

/** Reads a session's snapshots: the agent's `getSnapshotDataAction` (`{sessionId}` or `{snapshotId}` → the snapshot). */
export interface SnapshotReader {
  run(input: unknown, options?: Record<string, unknown>): Promise<{ result: unknown }>;
}

/**
 * The snapshots of a Genkit agent as a {@link SnapshotReader}, read with its `getSnapshotData` method when it has one
 * (`ai.defineAgent` agents do): the same snapshot its `getSnapshotDataAction` returns, without running an action per
 * read (a trace span, the snapshot serialized into it, its schema checked) and with `{result: undefined}` for an
 * unknown id instead of a thrown NOT_FOUND (whose stack the span would record). A new conversation's first request
 * reads twice (does the id exist? from where does it continue?). Else the action itself.
 */
export function snapshotReaderOf(agent: { getSnapshotDataAction: SnapshotReader }): SnapshotReader {
  const method: unknown = (agent as { getSnapshotData?: unknown }).getSnapshotData;
  if (typeof method !== 'function') return agent.getSnapshotDataAction;
  const getSnapshotData = method as (lookup: unknown) => Promise<unknown>;
  return {
    run: async (input) => {
      // Its two lookup fields only (as the action's input schema keeps them): nothing else of a client's body reaches the store.
      const { sessionId, snapshotId } = isRecord(input) ? input : {};
      if ((sessionId !== undefined && typeof sessionId !== 'string') || (snapshotId !== undefined && typeof snapshotId !== 'string')) return agent.getSnapshotDataAction.run(input);
      const lookup = { ...(sessionId !== undefined && { sessionId }), ...(snapshotId !== undefined && { snapshotId }) };
      return { result: await getSnapshotData.call(agent, lookup) };
    },
  };
}

/** A client's state write: its pending writes as one RFC 6902 patch (Genkit, AI SDK), or its whole state (AG-UI `state`). */
export type ClientStateWrite = { patch: JsonPatchOperation[] } | { state: Record<string, unknown> };

export interface TurnContext {
  /** The turn's signal: aborted by `POST …/turns/<id>/cancel` or, for a client that cannot resume, by it going away. */
  signal: AbortSignal;
  /** The session id the client asked for (validated), if any. */
  requestedSessionId?: string;
  /** What the client wrote to the custom state since the agent last saw it: applied to the session before the turn. */
  clientState?: ClientStateWrite;
  /** Where a sub-agent run inside this turn forwards its stream (`forwardSubAgent`); set by every handler. */
  subAgents?: SubAgentSink;
}

/** The turn's stream as sub-agents see it: see sub-agent.ts. */
export interface SubAgentSink {
  /** The tool-call refs of the runs this sink is inside, outermost first (empty for the agent itself). */
  readonly path: readonly string[];
  /** Writes a chunk into the turn's stream. */
  send(chunk: AgentStreamChunk): void;
  /** Reads a chunk the agent (or sub-agent) of this sink streamed: its tool calls' refs, for the runs they start. */
  observe(chunk: AgentStreamChunk): void;
  /** The ref of the oldest call to tool `name` that no run took yet. */
  takeRef(name: string): string | undefined;
}

const storage = new AsyncLocalStorage<TurnContext>();

/** Runs `fn` (a turn of the agent) with `context` visible to {@link currentTurn} in everything it calls. */
export function runInTurn<T>(context: TurnContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The running turn's context, inside a turn a handler runs (a model reads `currentTurn()?.signal` to stop). */
export function currentTurn(): TurnContext | undefined {
  return storage.getStore();
}

// One definition each, in core: the ids of the wire contract, and the wire values' object check.
export { checkId } from '@agent-chat/core/contract';
export { isRecord };

/** A 400 `{status: 'INVALID_ARGUMENT', message}`. */
export const invalidArgument = (message: string, extra: Record<string, unknown> = {}) => jsonResponse(400, { status: 'INVALID_ARGUMENT', message, ...extra });

/** The JSON body of a request, or undefined when it is not JSON. */
export async function jsonBody(request: Request): Promise<unknown> {
  try {
    const body: unknown = JSON.parse(await bodyText(request));
    return body;
  } catch {
    return undefined;
  }
}

/** A Genkit error, as its classes (CommonJS or ESM build alike) carry it: `status`, an HTTP `code`, `toJSON()`. */
interface GenkitErrorLike {
  status: string;
  code: number;
  toJSON(): unknown;
}

const isGenkitError = (error: unknown): error is GenkitErrorLike =>
  error instanceof Error && 'status' in error && typeof error.status === 'string' && 'code' in error && typeof error.code === 'number' && 'toJSON' in error && typeof error.toJSON === 'function';

/**
 * Genkit's callable error JSON and HTTP status (what @genkit-ai/express answers): a GenkitError's own, else 500
 * INTERNAL. Read by shape, so that a GenkitError of either of genkit's module builds keeps its status.
 */
export function genkitErrorOf(error: unknown): { httpStatus: number; json: unknown } {
  if (isGenkitError(error)) return { httpStatus: error.code, json: error.toJSON() };
  return { httpStatus: 500, json: { message: 'Internal Error', status: 'INTERNAL' } };
}

/** `{status, message}` of anything thrown (a Genkit status when it has one). */
export function errorStatusOf(error: unknown): { status?: string; message?: string } {
  if (!isRecord(error) && !(error instanceof Error)) return { message: String(error) };
  const status = 'status' in error && typeof error.status === 'string' ? error.status : undefined;
  const message = 'message' in error && typeof error.message === 'string' ? error.message : undefined;
  return { ...(status !== undefined && { status }), ...(message !== undefined && { message }) };
}

/**
 * A client-side tool's interrupt: the agent asks the browser to run a tool by interrupting with
 * `{clientTool: true}` in the interrupt's metadata. AG-UI and the AI SDK route send it as a plain tool call.
 */
export const isClientToolInterrupt = (metadata: Record<string, unknown> | undefined): boolean => {
  const interrupt = metadata?.interrupt;
  return isRecord(interrupt) && interrupt.clientTool === true;
};

/** An interrupt part's request metadata (what the agent says about the call: title, destructive, …), when an object. */
export const interruptPromptOf = (part: ToolRequestPart): Record<string, unknown> | undefined => {
  const prompt = part.metadata?.interrupt;
  return isRecord(prompt) ? prompt : undefined;
};
