// RFC 6902 operations applied in place, with fast-json-patch's validation (`applyOperation(document, operation, true)`):
// the same results and the same failures, which the property tests of apply-custom-patch and patch-copy-on-write check
// against fast-json-patch itself (a dev dependency). Issue 29: fast-json-patch was 2.4 kB of every app's 18 kB budget
// (its `applyOperation` keeps its deep clone, its error formatter and its observer helpers); this is about 0.6 kB.
// patch-copy-on-write.ts makes sure it only ever mutates copies.
import type { JsonPatchOperation } from '../../model/events.js';

type Container = Record<string, unknown>;

/** A JSON Pointer segment with its `~1` and `~0` escapes undone (RFC 6901). */
export const unescapeSegment = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

const isObject = (value: unknown): value is Container => typeof value === 'object' && value !== null;
/** An array index as fast-json-patch reads one: digits only. */
const isIndex = (key: string) => /^\d*$/.test(key);

function fail(message: string, index: number): never {
  throw new Error(`Operation ${index}: ${message}`);
}

/** Deep equality of JSON values (fast-json-patch's `test`: NaN equals NaN, key order is free). */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isObject(a) || !isObject(b)) return a !== a && b !== b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && equal(a[key], b[key]));
}

const hasUndefined = (value: unknown): boolean => value === undefined || (isObject(value) && Object.values(value).some(hasUndefined));

/** The container holding `path`'s last segment, and that segment; throws where the path does not resolve to it. */
function locate(document: unknown, path: string, index: number): [Container, string] {
  const keys = path.split('/').map(unescapeSegment);
  const last = keys.pop()!;
  let parent = document;
  for (let at = 1; at < keys.length; at++) {
    const key = keys[at]!;
    if (Array.isArray(parent) && !isIndex(key)) fail(`${path}: not an array index`, index);
    parent = (parent as Container)[key];
    if (!isObject(parent)) fail(`${path} does not exist`, index);
  }
  if (!isObject(parent)) fail(`${path} does not exist`, index);
  if (Array.isArray(parent) && last !== '-' && !isIndex(last)) fail(`${path}: not an array index`, index);
  return [parent, last];
}

/** The value at `pointer` (`''` is the document); throws where there is none. */
export function getValueByPointer(document: unknown, pointer: string, index = 0): unknown {
  if (pointer === '') return document;
  const [parent, key] = locate(document, pointer, index);
  // Looked up by the segment as written: an array has no element `-` or `01` (which fast-json-patch treats as missing too).
  const value = parent[key];
  if (value === undefined) fail(`${pointer} does not exist`, index);
  return value;
}

/** Inserts (into an array; `-` appends) or sets (on an object) `value` at `path`. `strict`: an index past the end fails. */
function add(document: unknown, path: string, value: unknown, index: number, strict: boolean): void {
  const [parent, key] = locate(document, path, index);
  if (!Array.isArray(parent)) {
    parent[key] = value;
    return;
  }
  const at = key === '-' ? parent.length : +key;
  if (strict && at > parent.length) fail(`${path}: index past the end of the array`, index);
  parent.splice(at, 0, value);
}

function remove(document: unknown, path: string, index: number): unknown {
  const value = getValueByPointer(document, path, index);
  const [parent, key] = locate(document, path, index);
  if (Array.isArray(parent)) parent.splice(+key, 1);
  else delete parent[key];
  return value;
}

/**
 * Applies one operation to `document` in place (under a root that is an ordinary property: `path` is never `''`).
 * Throws an `Error` saying which operation failed and why: a path or `from` that does not resolve, an array index that
 * is not one, a missing `value`, a failed `test`.
 */
export function applyOperation(document: unknown, operation: JsonPatchOperation, index: number): void {
  const { op, path } = operation;
  const value = (operation as { value?: unknown }).value;
  if ((op === 'add' || op === 'replace' || op === 'test') && hasUndefined(value)) fail('`value` is missing or holds undefined', index);
  switch (op) {
    case 'add':
      return add(document, path, value, index, true);
    case 'remove':
      return void remove(document, path, index);
    case 'replace': {
      getValueByPointer(document, path, index);
      const [parent, key] = locate(document, path, index);
      parent[key] = value;
      return;
    }
    case 'test':
      if (!equal(testedValue(document, path, index), value)) fail(`test of ${path} failed`, index);
      return;
    case 'move':
    case 'copy': {
      locate(document, path, index);
      const from = operation.from ?? '';
      const moved = op === 'move' ? remove(document, from, index) : structuredClone(getValueByPointer(document, from, index));
      // As fast-json-patch: the insert of a move or copy is not bounds-checked (past the end appends).
      return add(document, path, moved, index, false);
    }
    default:
      fail(`unknown op ${JSON.stringify(op)}`, index);
  }
}

/** The value a `test` compares: what is at `path`, or undefined where nothing is (which no value equals). */
function testedValue(document: unknown, path: string, index: number): unknown {
  const [parent, key] = locate(document, path, index);
  return parent[key];
}
