// json-patch.ts applies the operations (as fast-json-patch does); this module only makes sure it mutates copies, never
// the caller's document.
import type { JsonPatchOperation as Operation } from '../../model/events.js';
import { applyOperation, getValueByPointer, unescapeSegment } from './json-patch.js';
import { freeze } from '../../util/draft.js';
import { exceedsDepth, pointerDepth } from '../../util/depth.js';
import { tooDeep } from '../../wire/limits.js';

export { unescapeSegment };

/**
 * Makes every container on the way to the last segment of `pointer` a shallow copy owned by this patch (each copied
 * at most once per patch), so that an in-place operation there touches only copies: the cost is the path's containers
 * — one array copy for an insert into a long list — never a draft or a proxy per element. Stops where the path no
 * longer resolves (the applier reports that).
 */
function ownPath(wrapper: Record<string, unknown>, pointer: string, owned: Set<object>): void {
  const segments = pointer.split('/');
  let parent: Record<string, unknown> = wrapper;
  for (let index = 1; index < segments.length - 1; index++) {
    const key = unescapeSegment(segments[index]!);
    if (!Object.hasOwn(parent, key)) return;
    let child = parent[key];
    if (typeof child !== 'object' || child === null) return;
    if (!owned.has(child)) {
      // Spread, not slice: V8 copies a frozen array element by element in slice (~10× slower at a million elements).
      const copy: Record<string, unknown> | unknown[] = Array.isArray(child) ? [...child] : { ...child };
      owned.add(copy);
      parent[key] = copy;
      child = copy;
    }
    parent = child as Record<string, unknown>;
  }
}

/**
 * Refuses an operation that would nest the document deeper than `maxDepth`: patches that each pass the frame limit could
 * otherwise build a state too deep for the recursive code downstream, one level at a time. `path` is under `/root`.
 */
function assertDepth(wrapper: Record<string, unknown>, operation: Operation, maxDepth: number): void {
  if (operation.op !== 'add' && operation.op !== 'replace' && operation.op !== 'move' && operation.op !== 'copy') return;
  const value = operation.op === 'add' || operation.op === 'replace' ? operation.value : tryValueAt(wrapper, operation.from ?? '');
  if (exceedsDepth(value, maxDepth - (pointerDepth(operation.path) - 1))) throw tooDeep(maxDepth, 'A custom-state patch');
}

/** The value at a pointer, or undefined where it does not resolve (the applier reports that). */
function tryValueAt(wrapper: Record<string, unknown>, pointer: string): unknown {
  try {
    return getValueByPointer(wrapper, pointer);
  } catch {
    return undefined;
  }
}

/**
 * Applies already-checked operations to `{root: document}` without changing `document`: all or nothing, since a
 * failing operation throws before anything but this patch's own copies was written. The result is deep-frozen
 * like an immer result: the copies and new values are frozen here; untouched subtrees of a frozen document already
 * are, and an unfrozen document is frozen once, whole.
 * An operation that would nest it deeper than `maxDepth` throws `too-deep`.
 */
export function applyCopyOnWrite(document: unknown, operations: readonly Operation[], maxDepth: number): unknown {
  const wrapper: Record<string, unknown> = { root: document };
  const owned = new Set<object>();
  const wasFrozen = typeof document !== 'object' || document === null || Object.isFrozen(document);
  operations.forEach((operation, index) => {
    assertDepth(wrapper, operation, maxDepth);
    // The whole document is always there to replace, even before the first state arrives.
    if (operation.path === '/root' && (operation.op === 'replace' || operation.op === 'add')) {
      wrapper.root = freeze(operation.value, true);
      return;
    }
    if (operation.op === 'test') {
      applyOperation(wrapper, operation, index);
      return;
    }
    ownPath(wrapper, operation.path, owned);
    if (operation.op === 'move') ownPath(wrapper, operation.from ?? '', owned);
    if (operation.op === 'add' || operation.op === 'replace') freeze(operation.value, true);
    applyOperation(wrapper, operation, index);
  });
  const root = wrapper.root;
  if (!wasFrozen) return freeze(root, true);
  // A copy op inserts a fresh clone; everything else new was frozen above.
  for (const operation of operations) if (operation.op === 'copy') freeze(root, true);
  for (const copy of owned) Object.freeze(copy);
  return root;
}
