/**
 * What the client says about its own side, read from each protocol's request and handed to the turn:
 *
 *   state writes   the kit's `setCustom`: Genkit `data.customPatch` and the AI SDK body's `customPatch` (its pending
 *                  writes as one RFC 6902 patch), AG-UI `RunAgentInput.state` (the client's whole state). Applied to
 *                  the session's state as the agent loads it for the turn (the store wrapper below), so the turn,
 *                  its tools and the snapshot it saves all see them. A patch operation whose path no longer exists is
 *                  skipped: there the session's state stands. Client-managed Genkit sessions carry them in `init.state`.
 *   context        Genkit: the user message's `metadata.context`, as the client sends it; AG-UI `context` and the AI
 *                  SDK body's `context` are put there by their routes. The model reads it with the conversation.
 */
import type { JsonPatchOperation, MessageData, SessionStore } from 'genkit/beta';
import { applyPatch } from './genkit-runtime.js';
import { currentTurn, type ClientStateWrite } from './turn-context.js';

/** Bounds on what a request may carry (the body limit bounds the bytes; these bound the work). */
export const MAX_CLIENT_PATCH_OPERATIONS = 1000;
export const MAX_CONTEXT_ENTRIES = 100;

const OPS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A client's patch (`customPatch`), or a message saying why it is refused; undefined when absent or empty. */
export function clientPatchOf(value: unknown): JsonPatchOperation[] | string | undefined {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return undefined;
  if (!Array.isArray(value) || value.length > MAX_CLIENT_PATCH_OPERATIONS) return `customPatch must be an array of at most ${MAX_CLIENT_PATCH_OPERATIONS} JSON Patch operations.`;
  for (const operation of value) {
    if (!isRecord(operation) || !OPS.has(operation.op as string) || typeof operation.path !== 'string') return 'customPatch holds something that is not a JSON Patch operation.';
  }
  return value as JsonPatchOperation[];
}

/** An AG-UI client's state as a write: a non-empty object (`{}` is what a client without state sends). */
export function clientStateOf(value: unknown): ClientStateWrite | undefined {
  return isRecord(value) && Object.keys(value).length > 0 ? { state: value } : undefined;
}

/** Context entries `{description, value}` from a request, or a message saying why they are refused. */
export function clientContextOf(value: unknown): Array<{ description: string; value: unknown }> | string | undefined {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return undefined;
  if (!Array.isArray(value) || value.length > MAX_CONTEXT_ENTRIES) return `context must be an array of at most ${MAX_CONTEXT_ENTRIES} entries.`;
  for (const entry of value) {
    if (!isRecord(entry) || typeof entry.description !== 'string' || !('value' in entry)) return 'context entries need a description and a value.';
  }
  return value as Array<{ description: string; value: unknown }>;
}

/** The user message with the turn's context in its metadata, where the model reads it. */
export function withContext(message: MessageData, context: ReadonlyArray<{ description: string; value: unknown }> | undefined): MessageData {
  return context?.length ? { ...message, metadata: { ...message.metadata, context: [...context] } } : message;
}

/** The session's custom state with the client's write applied (operation by operation; one that fails is skipped). */
export function applyClientState(custom: unknown, write: ClientStateWrite): unknown {
  if ('state' in write) return write.state;
  let next = custom;
  for (const operation of write.patch) {
    try {
      next = applyPatch(next, [operation]);
    } catch {
      // The path is gone from the session's state: the session's state stands there.
    }
  }
  return next;
}

/** A store that shows the running turn's client write in the session state it loads (never in what it stores). */
export function withClientState<S>(store: SessionStore<S>): SessionStore<S> {
  return {
    ...store,
    async getSnapshot(options) {
      const snapshot = await store.getSnapshot(options);
      const write = currentTurn()?.clientState;
      if (!write || !snapshot?.state || snapshot.status !== 'completed') return snapshot;
      return { ...snapshot, state: { ...snapshot.state, custom: applyClientState(snapshot.state.custom, write) as S } };
    },
  };
}
