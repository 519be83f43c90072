// fast-json-patch applies the operations; this module only makes sure it mutates copies, never the caller's document.
import { applyOperation, type Operation } from 'fast-json-patch/module/core.mjs';
import { freeze } from 'immer';

const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);
const unescapeSegment = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** Copies of containers made by one {@link applyCopyOnWrite}, and how many elements and keys were copied. */
export interface CopyOnWriteStats {
  containersCopied: number;
  entriesCopied: number;
}

/**
 * Makes every container on the way to the last segment of `pointer` a shallow copy owned by this patch (each copied
 * at most once per patch), so that an in-place operation there touches only copies: the cost is the path's containers
 * — one array copy for an insert into a long list — never a draft or a proxy per element. Stops where the path no
 * longer resolves (fast-json-patch reports that).
 */
function ownPath(wrapper: Record<string, unknown>, pointer: string, owned: Set<object>, stats: CopyOnWriteStats): void {
  const segments = pointer.split('/');
  let parent: Record<string, unknown> = wrapper;
  for (let index = 1; index < segments.length - 1; index++) {
    const key = unescapeSegment(segments[index]!);
    if (!hasOwn(parent, key)) return;
    let child = parent[key];
    if (typeof child !== 'object' || child === null) return;
    if (!owned.has(child)) {
      // Spread, not slice: V8 copies a frozen array element by element in slice (~10× slower at a million elements).
      const copy: Record<string, unknown> | unknown[] = Array.isArray(child) ? [...child] : { ...child };
      stats.containersCopied++;
      stats.entriesCopied += Array.isArray(copy) ? copy.length : Object.keys(copy).length;
      owned.add(copy);
      parent[key] = copy;
      child = copy;
    }
    parent = child as Record<string, unknown>;
  }
}

/**
 * Applies already-checked operations to `{root: document}` without changing `document`: all or nothing, since a
 * failing operation throws before anything but this patch's own copies was written. The result is deep-frozen
 * like an immer result: the copies and new values are frozen here; untouched subtrees of a frozen document already
 * are, and an unfrozen document is frozen once, whole.
 */
export function applyCopyOnWrite(document: unknown, operations: readonly Operation[], stats?: CopyOnWriteStats): unknown {
  const wrapper: Record<string, unknown> = { root: document };
  const owned = new Set<object>();
  const counts = stats ?? { containersCopied: 0, entriesCopied: 0 };
  const wasFrozen = typeof document !== 'object' || document === null || Object.isFrozen(document);
  operations.forEach((operation, index) => {
    // The whole document is always there to replace, even before the first state arrives.
    if (operation.path === '/root' && (operation.op === 'replace' || operation.op === 'add')) {
      wrapper.root = freeze(operation.value, true);
      return;
    }
    if (operation.op === 'test') {
      applyOperation(wrapper, operation, true, true, true, index);
      return;
    }
    ownPath(wrapper, operation.path, owned, counts);
    if (operation.op === 'move') ownPath(wrapper, operation.from, owned, counts);
    if (operation.op === 'add' || operation.op === 'replace') freeze(operation.value, true);
    applyOperation(wrapper, operation, true, true, true, index);
  });
  const root = wrapper.root;
  if (!wasFrozen) return freeze(root, true);
  // A copy op inserts a fresh clone; everything else new was frozen above.
  for (const operation of operations) if (operation.op === 'copy') freeze(root, true);
  for (const copy of owned) Object.freeze(copy);
  return root;
}
