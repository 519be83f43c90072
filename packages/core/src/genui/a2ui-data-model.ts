// A surface's data model: JSON Pointer reads and copy-on-write sets (A2UI's updateDataModel and two-way bindings).
import { isRecord } from '../util/guards.js';

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The segments of a JSON Pointer (`''` and `'/'` are the root: no segment), `~1` and `~0` undone. */
export function pointerSegments(pointer: string): string[] | undefined {
  if (pointer === '' || pointer === '/') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer.slice(1).split('/').map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at `pointer` in `model`, or undefined. */
export function readPointer(model: unknown, pointer: string): unknown {
  const segments = pointerSegments(pointer);
  if (!segments) return undefined;
  let value = model;
  for (const segment of segments) {
    if (UNSAFE_KEYS.has(segment)) return undefined;
    if (Array.isArray(value)) value = value[Number(segment)];
    else if (isRecord(value) && Object.hasOwn(value, segment)) value = value[segment];
    else return undefined;
  }
  return value;
}

/**
 * A copy of `model` with `value` at `pointer` (a missing `value` removes the key), the objects on the way copied,
 * missing ones made; the rest shared. A pointer through `__proto__`, `constructor` or `prototype` changes nothing.
 */
export function writePointer(model: unknown, pointer: string, value: unknown, remove = false): unknown {
  const segments = pointerSegments(pointer);
  if (!segments || segments.some((segment) => UNSAFE_KEYS.has(segment))) return model;
  return writeAt(model, segments, 0, value, remove);
}

function writeAt(node: unknown, segments: string[], index: number, value: unknown, remove: boolean): unknown {
  if (index === segments.length) return value;
  const key = segments[index]!;
  if (Array.isArray(node)) {
    const position = key === '-' ? node.length : Number(key);
    if (!Number.isInteger(position) || position < 0) return node;
    const copy = node.slice();
    if (remove && index === segments.length - 1) copy.splice(position, 1);
    else copy[position] = writeAt(node[position], segments, index + 1, value, remove);
    return copy;
  }
  const record: Record<string, unknown> = isRecord(node) ? { ...node } : {};
  if (remove && index === segments.length - 1) delete record[key];
  else record[key] = writeAt(record[key], segments, index + 1, value, remove);
  return record;
}
