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
import { applyPatch } from 'genkit/beta';
import { currentTurn, isRecord, type ClientStateWrite } from './runtime.js';
import type { DeletableSessionStore } from './memory-session-store.js';
import { CONVERSATION_DELETED } from '../turns/turn-buffers.js';

/** Bounds on what a request may carry (the body limit bounds the bytes; these bound the work). */
export const MAX_CLIENT_PATCH_OPERATIONS = 1000;
export const MAX_CONTEXT_ENTRIES = 100;

const OPS: ReadonlySet<unknown> = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);
/** An RFC 6902 operation's shape: a known `op` and a string `path` (values and `from` as the client sent them). */
const isPatchOperation = (value: unknown): value is JsonPatchOperation => isRecord(value) && OPS.has(value.op) && typeof value.path === 'string';
const isContextEntry = (value: unknown): value is { description: string; value: unknown } => isRecord(value) && typeof value.description === 'string' && 'value' in value;

/** A client's patch (`customPatch`), or a message saying why it is refused; undefined when absent or empty. */
export function clientPatchOf(value: unknown): JsonPatchOperation[] | string | undefined {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return undefined;
  if (!Array.isArray(value) || value.length > MAX_CLIENT_PATCH_OPERATIONS) return `customPatch must be an array of at most ${MAX_CLIENT_PATCH_OPERATIONS} JSON Patch operations.`;
  if (!value.every(isPatchOperation)) return 'customPatch holds something that is not a JSON Patch operation.';
  return value;
}

/** An AG-UI client's state as a write: a non-empty object (`{}` is what a client without state sends). */
export function clientStateOf(value: unknown): ClientStateWrite | undefined {
  return isRecord(value) && Object.keys(value).length > 0 ? { state: value } : undefined;
}

/** Context entries `{description, value}` from a request, or a message saying why they are refused. */
export function clientContextOf(value: unknown): Array<{ description: string; value: unknown }> | string | undefined {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return undefined;
  if (!Array.isArray(value) || value.length > MAX_CONTEXT_ENTRIES) return `context must be an array of at most ${MAX_CONTEXT_ENTRIES} entries.`;
  if (!value.every(isContextEntry)) return 'context entries need a description and a value.';
  return value;
}

/** The user message with the turn's context in its metadata, where the model reads it. */
export function withContext(message: MessageData, context: ReadonlyArray<{ description: string; value: unknown }> | undefined): MessageData {
  return context?.length ? { ...message, metadata: { ...message.metadata, context: [...context] } } : message;
}

const segmentsOf = (pointer: string) => (pointer === '' ? [] : pointer.slice(1).split('/').map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~')));

/** Whether a JSON Pointer names something in `document` (with `asParent`: whether something could be added there). */
function resolves(document: unknown, pointer: string, asParent = false): boolean {
  const segments = segmentsOf(pointer);
  const last = asParent ? segments.pop() : undefined;
  let node = document;
  for (const segment of segments) {
    if (Array.isArray(node)) {
      if (!Object.hasOwn(node, segment)) return false;
      node = node[Number(segment)];
    } else if (isRecord(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return false;
  }
  if (last === undefined) return asParent ? segments.length === 0 || (typeof node === 'object' && node !== null) : true;
  if (Array.isArray(node)) return last === '-' || (/^\d+$/.test(last) && Number(last) <= node.length);
  return typeof node === 'object' && node !== null;
}

/** RFC 6902's precondition, which Genkit's lenient applier does not check: the target (or, to add, its parent) exists. */
function applies(document: unknown, operation: JsonPatchOperation): boolean {
  if (operation.path === '') return operation.op === 'replace' || operation.op === 'add';
  if (operation.op === 'add') return resolves(document, operation.path, true);
  if (operation.op === 'move' || operation.op === 'copy') return typeof operation.from === 'string' && resolves(document, operation.from) && resolves(document, operation.path, true);
  return resolves(document, operation.path);
}

/** The session's custom state with the client's write applied, operation by operation; one whose path is gone is skipped. */
export function applyClientState(custom: unknown, write: ClientStateWrite): unknown {
  if ('state' in write) return write.state;
  let next = custom;
  for (const operation of write.patch) {
    if (!applies(next, operation)) continue; // the session changed there: its state stands
    try {
      next = applyPatch(next, [operation]);
    } catch {
      // A failed `test` or an unsafe segment: skipped as well.
    }
  }
  return next;
}

/** How many deleted session ids a store remembers, to refuse late writes of their old history. */
const MAX_DELETED_REMEMBERED = 10_000;
/** Per store: the session ids deleted (see `withClientState`) and the snapshot writes under way. */
const deletions = new WeakMap<object, { deleted: Set<string>; saving: Set<Promise<unknown>> }>();

/**
 * A store that shows the running turn's client write in the session state it loads (never in what it stores), and saves
 * nothing for a turn stopped because its conversation was deleted.
 */
export function withClientState<S>(store: SessionStore<S> & DeletableSessionStore): SessionStore<S> & DeletableSessionStore;
export function withClientState<S>(store: SessionStore<S>): SessionStore<S>;
export function withClientState<S>(store: SessionStore<S>): SessionStore<S> {
  // Methods called on the store itself: a class instance (InMemorySessionStore, FileSessionStore) keeps its `this`.
  // A turn still running when its conversation is deleted ends in the agent afterwards, which then saves a last
  // ("failed") snapshot: that write would bring part of the deleted conversation back. A write that starts after the
  // delete is skipped (the mutator's null) when it belongs to a turn stopped by the deletion (its abort reason, on
  // whichever instance runs it) or continues a history deleted here (it has a parent); one already under way is waited
  // for, then deleted with the rest. A snapshot without a parent is a new conversation under the freed id: it is kept,
  // and the id is no longer a deleted one. Kept per store, not per wrapper: the routes and the agent may each wrap it.
  const state = deletions.get(store) ?? { deleted: new Set<string>(), saving: new Set<Promise<unknown>>() };
  deletions.set(store, state);
  const { deleted, saving } = state;
  const wrapped: SessionStore<S> = {
    saveSnapshot: (snapshotId, mutator, options) => {
      const turn = currentTurn();
      const save = store.saveSnapshot(
        snapshotId,
        (current) => {
          if (turn?.signal.aborted && turn.signal.reason === CONVERSATION_DELETED) return null;
          const next = mutator(current);
          if (!next?.sessionId || !deleted.has(next.sessionId)) return next;
          if (next.parentId !== undefined) return null;
          deleted.delete(next.sessionId);
          return next;
        },
        options
      );
      saving.add(save);
      const done = () => saving.delete(save);
      save.then(done, done);
      return save;
    },
    async getSnapshot(options) {
      const snapshot = await store.getSnapshot(options);
      const write = currentTurn()?.clientState;
      if (!write || !snapshot?.state || snapshot.status !== 'completed') return snapshot;
      // The client's write is the app's state type as its client holds it (AG-UI sends the whole state, untyped).
      return { ...snapshot, state: { ...snapshot.state, custom: applyClientState(snapshot.state.custom, write) as S } };
    },
  };
  const { onSnapshotStateChange } = store;
  if (onSnapshotStateChange) wrapped.onSnapshotStateChange = (snapshotId, callback, options) => onSnapshotStateChange.call(store, snapshotId, callback, options);
  const { deleteSession } = store as Partial<DeletableSessionStore>;
  if (deleteSession) {
    const forget = async (sessionId: string) => {
      deleted.add(sessionId);
      // The oldest first past the bound: a deletion's late write comes within seconds, not after thousands of deletes.
      if (deleted.size > MAX_DELETED_REMEMBERED) deleted.delete(deleted.values().next().value!);
      await Promise.allSettled([...saving]);
      await deleteSession.call(store, sessionId);
    };
    Object.assign(wrapped, { deleteSession: forget });
  }
  return wrapped;
}
