// The agent's custom-state patches: RFC 6902 operations applied by fast-json-patch (`applyOperation`, with its
// validation and its prototype-pollution ban) on an immer draft (`produce`, auto-freeze). fast-json-patch's ES module
// core (the package has no `exports` map, so Node and bundlers resolve the path as is): an app bundles `applyOperation`
// and what it uses, not the duplex observer nor the package's CommonJS entry.
import { applyOperation, getValueByPointer, JsonPatchError, validator, type Operation, type Validator } from 'fast-json-patch/module/core.mjs';
import { current, freeze, isDraft, produce } from 'immer';
import { AgentChatError } from '../../model/error.js';
import type { JsonPatchOperation } from '../../model/events.js';
import { exceedsDepth, pointerDepth } from '../../util/depth.js';
import { DEFAULT_MAX_DEPTH, tooDeep } from '../../wire/limits.js';

/** A JSON Pointer segment with its `~1` and `~0` escapes undone (RFC 6901). */
const unescapeSegment = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** A pointer with a `__proto__`, `constructor` or `prototype` segment (no escape spells one: they hold no `~` or `/`). */
const UNSAFE = /(?:^|\/)(?:__proto__|constructor|prototype)(?:\/|$)/;

/**
 * An operation checked before fast-json-patch sees it, with a typed error: a pointer that could reach a prototype
 * (`unsafe-patch`: fast-json-patch's own ban, `banPrototypeModifications`, on as well, covers `__proto__` and
 * `constructor/prototype` only, and throws a bare TypeError) and a move into the value's own child (RFC 6902 §4.4). The
 * rest (an unknown `op`, a pointer that is not one, a missing `value`) is fast-json-patch's validation.
 */
function checked(operation: JsonPatchOperation, index: number): Operation {
  const { op, path, from } = (operation ?? {}) as { op?: unknown; path?: unknown; from?: unknown };
  if (typeof path !== 'string') throw new AgentChatError('patch-failed', `Operation ${index} is not a JSON Patch operation.`, { details: operation });
  for (const pointer of [path, from]) {
    if (typeof pointer === 'string' && UNSAFE.test(pointer)) {
      throw new AgentChatError('unsafe-patch', `Operation ${index} targets ${JSON.stringify(pointer)}, which could pollute prototypes.`);
    }
  }
  if (op === 'move' && path.startsWith(`${from}/`)) throw new AgentChatError('patch-failed', `Operation ${index} moves a value into its own child (RFC 6902 §4.4).`);
  return operation as Operation;
}

/**
 * fast-json-patch's validation, with its check of a `move`'s or `copy`'s `from` done in place: its own `validator` checks
 * `from` by applying a `_get` to a deep clone of the whole document (`validate`: `JSON.parse(JSON.stringify(document))`,
 * milliseconds per operation in a state of 10,000 tasks, and on a draft a draft made of every node on the way). Here the
 * same `_get` is applied by fast-json-patch (`applyOperation`, validated) to the draft itself, which reads only the path:
 * the same verdict, `OPERATION_FROM_UNRESOLVABLE` where `from` does not resolve.
 */
const validateInPlace: Validator<unknown> = (operation, index, document, existingPath) => {
  if (document === undefined || (operation.op !== 'move' && operation.op !== 'copy')) return validator(operation, index, document, existingPath);
  validator(operation, index, undefined, existingPath);
  try {
    applyOperation(document, { op: '_get', path: operation.from, value: undefined } as unknown as Operation, true, true, true, index);
  } catch (error) {
    // As `validate` does: only an unresolvable path is the `from`'s fault; fast-json-patch's other verdicts pass here.
    if (!(error instanceof JsonPatchError)) throw error;
    if (error.name === 'OPERATION_PATH_UNRESOLVABLE') {
      throw new JsonPatchError('Cannot perform the operation from a path that does not exist', 'OPERATION_FROM_UNRESOLVABLE', index, operation, undefined);
    }
  }
};

/**
 * Refuses an operation that would nest the document deeper than `maxDepth`, before anything recursive (fast-json-patch's
 * validation and clone, immer's freeze) walks its value: patches that each pass the frame limit could otherwise build a
 * state too deep for the recursive code downstream, one level at a time.
 */
function assertDepth(document: unknown, operation: Operation, maxDepth: number): void {
  if (operation.op === 'test') {
    if (exceedsDepth(operation.value, maxDepth)) throw tooDeep(maxDepth, 'A custom-state patch');
    return;
  }
  if (operation.op !== 'add' && operation.op !== 'replace' && operation.op !== 'move' && operation.op !== 'copy') return;
  const from = operation.op === 'add' || operation.op === 'replace' ? operation.value : valueAt(document, operation.from);
  // A value of the draft is walked as a snapshot (no draft made of every node on the way).
  const value = isDraft(from) ? current(from) : from;
  if (exceedsDepth(value, maxDepth - pointerDepth(operation.path))) throw tooDeep(maxDepth, 'A custom-state patch');
}

/** The value at a pointer, or undefined where it does not resolve (fast-json-patch reports that). */
function valueAt(document: unknown, pointer: string): unknown {
  try {
    return getValueByPointer(document, pointer);
  } catch {
    return undefined;
  }
}

/**
 * An insert into (or a removal from) an array at an index, done on a plain copy of the array: immer's array draft would
 * turn every element the splice moves into a draft of its own (200 ms for one insert at the front of 10,000 tasks,
 * measured), where a copy costs one native pass. The copy is frozen before immer finishes (the values in it are frozen
 * already, or frozen here), so immer's freeze does not walk it either. False where the operation is not such a case or
 * the array is not there (fast-json-patch then does the operation, or reports what is wrong with it).
 */
function spliceCopy(draft: unknown, operation: Operation, index: number): boolean {
  if (operation.op !== 'add' && operation.op !== 'remove') return false;
  const cut = operation.path.lastIndexOf('/');
  const last = operation.path.slice(cut + 1);
  if (!/^\d+$/.test(last)) return false;
  const arrayPath = operation.path.slice(0, cut);
  const holderCut = arrayPath.lastIndexOf('/');
  // An array at the root is spliced through its draft: the root of a draft cannot be swapped for a copy.
  if (holderCut < 0) return false;
  const holder = valueAt(draft, arrayPath.slice(0, holderCut));
  const key = unescapeSegment(arrayPath.slice(holderCut + 1));
  if (typeof holder !== 'object' || holder === null || !Object.hasOwn(holder, key)) return false;
  const array = (holder as Record<string, unknown>)[key];
  if (!Array.isArray(array)) return false;
  const source: unknown[] = isDraft(array) ? current(array) : array;
  // Spread, not slice: V8 copies a frozen array element by element in slice (~10× slower at a million elements).
  const copy = [...source];
  applyOperation(copy, { ...operation, path: `/${last}` }, true, true, true, index);
  (holder as Record<string, unknown>)[key] = Object.isFrozen(source) ? Object.freeze(copy) : freeze(copy, true);
  return true;
}

/**
 * Applies one already-checked operation (not one on the root) to the draft. True when it left a plain copy in the draft
 * (an array spliced as a copy): what is under it is no draft, so the next operation starts a new draft.
 */
function applyOne(draft: unknown, operation: Operation, index: number): boolean {
  if (operation.op === 'add' || operation.op === 'replace') freeze(operation.value, true);
  if (spliceCopy(draft, operation, index)) return true;
  applyOperation(draft, operation, operation.op === 'move' || operation.op === 'copy' ? validateInPlace : true, true, true, index);
  return false;
}

/**
 * The result of a `produce`, frozen. Inside the store's recipe (the reducer applies the agent's patches there) the
 * `produce` is a nested one, and immer freezes no nested result; the store's own finish would then walk the whole
 * document to find drafts and freeze it (150 µs a patch in a 10,000-task state, measured). So what the operations made
 * is frozen here: the containers on their paths (the copies immer made; what they share with the document is frozen
 * already), their values (frozen before they went in), and a `copy`'s clone. A document that was never frozen is frozen
 * whole, as immer does. Outside a recipe immer froze the result, and the checks find it frozen.
 */
function frozen(value: unknown, before: unknown, operations: readonly Operation[]): unknown {
  if (typeof before === 'object' && before !== null && !Object.isFrozen(before)) return freeze(value, true);
  for (const operation of operations) {
    if (operation.op === 'copy') return freeze(value, true);
    for (const pointer of operation.op === 'move' ? [operation.path, operation.from] : [operation.path]) {
      let node = value;
      const segments = pointer.split('/');
      for (let at = 0; at < segments.length - 1 && typeof node === 'object' && node !== null; at++) {
        if (!Object.isFrozen(node)) Object.freeze(node);
        node = (node as Record<string, unknown>)[unescapeSegment(segments[at + 1]!)];
      }
    }
  }
  return value;
}

/**
 * A failure of fast-json-patch (or of anything under it) as the typed error: which operation, and the first line of
 * why (fast-json-patch's error, with its name such as OPERATION_PATH_UNRESOLVABLE, is the `cause`).
 */
function patchFailed(error: unknown, index: number, patch: readonly JsonPatchOperation[]): AgentChatError {
  if (error instanceof AgentChatError) return error;
  const why = ((error as Error)?.message ?? String(error)).split('\n')[0];
  return new AgentChatError('patch-failed', `A custom-state patch could not be applied: operation ${index}: ${why}`, { cause: error, details: patch });
}

/**
 * Applies an RFC 6902 patch to a custom-state document and returns the new document: each operation by fast-json-patch
 * (validated as its `validate` does: a path or `from` that does not resolve, an index that is not one, a missing
 * `value`, a failed `test`) on an immer draft.
 * Atomic: all operations or none (the document is untouched when any fails, a `test` included): each operation makes a
 * new immutable value, and the document is only ever replaced by the last one.
 * Structural sharing: immer copies only the containers on each operation's path (an insert into a long list copies that
 * list once, as an immutable update must), so the cost grows with the patch and its path, not with the document. The
 * result is deep-frozen, as immer's results are.
 * A patch that would nest the document deeper than `maxDepth` (default 500) is refused whole with `too-deep`.
 * Throws {@link AgentChatError} `patch-failed`, `unsafe-patch` or `too-deep`.
 */
export function applyCustomPatch<T>(document: T, patch: readonly JsonPatchOperation[], maxDepth = DEFAULT_MAX_DEPTH): T {
  if (!Array.isArray(patch)) throw new AgentChatError('patch-failed', 'A custom-state patch must be an array of operations.');
  const operations = patch.map(checked);
  // One draft for the whole patch (a new one only after an operation left a plain copy in it): all or nothing, since
  // immer commits nothing of a recipe that throws, and the document is replaced only by the last result. An operation
  // on the root replaces (or tests) the document itself: fast-json-patch does it on the last result, outside a draft.
  let result: unknown = document;
  let next = 0;
  let index = 0;
  try {
    while (next < operations.length) {
      if (operations[next]!.path === '') {
        const operation = operations[(index = next++)]!;
        assertDepth(result, operation, maxDepth);
        result = freeze(applyOperation(result, operation, true, true, true, index).newDocument, true);
        continue;
      }
      const first = next;
      const produced = produce(result, (draft: unknown) => {
        while (next < operations.length && operations[next]!.path !== '') {
          const operation = operations[(index = next++)]!;
          assertDepth(draft, operation, maxDepth);
          if (applyOne(draft, operation, index)) return;
        }
      });
      result = frozen(produced, result, operations.slice(first, next));
    }
  } catch (error) {
    throw patchFailed(error, index, patch);
  }
  return result as T;
}

/**
 * The conflict rule: pending local writes are re-applied, in order, on top of the agent's state. Each write applies
 * whole or not at all (a write whose path the agent removed is dropped; the agent's result stands there). With no
 * state yet (a server-managed chat before its restore) the writes are kept as they are, to apply once it comes.
 */
export function reapplyWrites(custom: unknown, writes: readonly (readonly JsonPatchOperation[])[]): { custom: unknown; kept: JsonPatchOperation[][] } {
  if (custom === undefined) return { custom, kept: writes.map((write) => [...write]) };
  let next = custom;
  const kept: JsonPatchOperation[][] = [];
  for (const write of writes) {
    try {
      next = applyCustomPatch(next, write);
      kept.push([...write]);
    } catch {
      // The agent removed what this write changed: its result wins there.
    }
  }
  return { custom: next, kept };
}

