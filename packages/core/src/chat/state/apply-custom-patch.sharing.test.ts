import fc from 'fast-check';
import { applyPatch, deepClone } from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import type { JsonPatchOperation } from '../../model/events.js';
import { applyCustomPatch } from './apply-custom-patch.js';

/** An element that counts every operation anything performs on it (reads, prototype and key lookups, freezing). */
function watched(value: object, touches: { count: number }): object {
  const count = <A extends unknown[], R>(trap: (...args: A) => R) => (...args: A): R => {
    touches.count++;
    return trap(...args);
  };
  return new Proxy(value, {
    get: count(Reflect.get), getPrototypeOf: count(Reflect.getPrototypeOf), ownKeys: count(Reflect.ownKeys),
    getOwnPropertyDescriptor: count(Reflect.getOwnPropertyDescriptor), isExtensible: count(Reflect.isExtensible),
    preventExtensions: count(Reflect.preventExtensions), has: count(Reflect.has), defineProperty: count(Reflect.defineProperty),
  });
}

describe('applyCustomPatch: immer\'s structural sharing, atomic batches, the depth limit', () => {
  it('inserting at the front of a long list does no work per element (no draft per element, no freeze walk)', () => {
    const touches = { count: 0 };
    const tasks = Object.freeze(Array.from({ length: 10_000 }, (_, id) => watched(Object.freeze({ id }), touches)));
    const document = Object.freeze({ status: 'working', tasks });
    const result = applyCustomPatch(document, [{ op: 'add', path: '/tasks/0', value: { id: -1 } }]);
    expect(touches.count).toBe(0);
    expect(result.tasks).toHaveLength(10_001);
    expect(result.tasks[0]).toEqual({ id: -1 });
    expect(result.tasks[1]).toBe(tasks[0]);
    expect(result.tasks[10_000]).toBe(tasks[9_999]);
    expect(document.tasks).toBe(tasks);
    expect(tasks).toHaveLength(10_000);
  });

  it('removing from a long list, then editing inside it in the same patch, drafts no element but the edited one', () => {
    const touches = { count: 0 };
    const tasks = Object.freeze(Array.from({ length: 10_000 }, (_, id) => (id === 3 ? Object.freeze({ id, tags: Object.freeze(['a']) }) : watched(Object.freeze({ id }), touches))));
    const document = Object.freeze({ tasks });
    const result = applyCustomPatch(document, [
      { op: 'remove', path: '/tasks/0' },
      { op: 'add', path: '/tasks/2/tags/0', value: 'new' },
      { op: 'add', path: '/tasks/1', value: { id: 'inserted' } },
    ]);
    expect(touches.count).toBe(0);
    expect(result.tasks).toHaveLength(10_000);
    expect(result.tasks.slice(0, 4)).toEqual([tasks[1], { id: 'inserted' }, tasks[2], { id: 3, tags: ['new', 'a'] }]);
    expect(result.tasks[9_999]).toBe(tasks[9_999]);
    expect(tasks[3]).toEqual({ id: 3, tags: ['a'] });
    expect(Object.isFrozen(result.tasks) && Object.isFrozen(result.tasks[3]) && Object.isFrozen((result.tasks[3] as { tags: string[] }).tags)).toBe(true);
  });

  it('an element edited, then the list spliced, in one patch: both land, the result frozen, the document as it was', () => {
    type Doc = { tasks: { id: number; done: boolean }[]; n: number };
    const document = applyCustomPatch<Doc | undefined>(undefined, [{ op: 'replace', path: '', value: { tasks: [{ id: 0, done: false }, { id: 1, done: false }], n: 0 } }])!;
    const result = applyCustomPatch(document, [
      { op: 'replace', path: '/tasks/1/done', value: true },
      { op: 'add', path: '/tasks/0', value: { id: -1, done: false } },
      { op: 'replace', path: '/tasks/2/id', value: 11 },
      { op: 'remove', path: '/tasks/1' },
    ]);
    expect(result).toEqual({ tasks: [{ id: -1, done: false }, { id: 11, done: true }], n: 0 });
    expect(document).toEqual({ tasks: [{ id: 0, done: false }, { id: 1, done: false }], n: 0 });
    for (const node of [result, result.tasks, result.tasks[0], result.tasks[1]]) expect(Object.isFrozen(node)).toBe(true);
  });

  it('copies each container on the path once per patch, shares every other subtree, and freezes what it returns', () => {
    const document = Object.freeze({ a: Object.freeze({ list: Object.freeze([1, 2, 3]), keep: Object.freeze({ x: 1 }) }), other: Object.freeze({ y: 2 }) });
    const result = applyCustomPatch(document, [
      { op: 'add', path: '/a/list/0', value: 0 },
      { op: 'remove', path: '/a/list/3' },
      { op: 'add', path: '/a/added', value: { deep: { z: [1] } } },
    ]);
    expect(result).toEqual({ a: { list: [0, 1, 2], keep: { x: 1 }, added: { deep: { z: [1] } } }, other: { y: 2 } });
    expect(result.other).toBe(document.other);
    expect(result.a.keep).toBe(document.a.keep);
    expect(document.a.list).toEqual([1, 2, 3]);
    for (const node of [result, result.a, result.a.list, (result.a as any).added, (result.a as any).added.deep.z]) expect(Object.isFrozen(node)).toBe(true);
  });

  it('a never-frozen document keeps its values and the result is frozen whole', () => {
    const document = { a: { b: [1, { c: 2 }] }, d: { e: 1 } };
    const result = applyCustomPatch(document, [{ op: 'replace', path: '/a/b/1/c', value: 3 }]);
    expect(document).toEqual({ a: { b: [1, { c: 2 }] }, d: { e: 1 } });
    expect(result).toEqual({ a: { b: [1, { c: 3 }] }, d: { e: 1 } });
    expect(Object.isFrozen(result.d)).toBe(true);
  });

  it('refuses, whole and unchanged, an operation that would nest the document deeper than maxDepth (add, move, copy)', () => {
    const document = applyCustomPatch(undefined, [{ op: 'replace', path: '', value: { deep: { a: { b: { c: 1 } } }, top: 1 } }]);
    expect(applyCustomPatch(document, [{ op: 'add', path: '/deep/a/x', value: { y: 1 } }], 4)).toMatchObject({ deep: { a: { x: { y: 1 } } } });
    for (const patch of [
      [{ op: 'add', path: '/top2', value: 2 }, { op: 'add', path: '/deep/a/b/x', value: { y: 1 } }],
      [{ op: 'copy', from: '/deep', path: '/deep/a/b/copy' }],
      [{ op: 'move', from: '/deep/a', path: '/deep/a2' }, { op: 'move', from: '/deep', path: '/top/x' }],
    ] as JsonPatchOperation[][]) {
      expect(() => applyCustomPatch(document, patch, 4)).toThrow(expect.objectContaining({ code: 'too-deep' }));
    }
    expect(document).toEqual({ deep: { a: { b: { c: 1 } } }, top: 1 });
    // Before anything recursive walks the value: fast-json-patch's validation (`hasUndefined`, `_areEquals`) and clone,
    // immer's freeze would overflow the stack on 100,000 levels.
    const tooDeepValue = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000));
    for (const patch of [
      [{ op: 'replace', path: '', value: tooDeepValue }],
      [{ op: 'add', path: '/top', value: tooDeepValue }],
      [{ op: 'test', path: '/top', value: tooDeepValue }],
    ] as JsonPatchOperation[][]) {
      expect(() => applyCustomPatch(document, patch)).toThrow(expect.objectContaining({ code: 'too-deep' }));
    }
    expect(Object.isFrozen(tooDeepValue)).toBe(false);
  });

  const value = fc.oneof(fc.integer(), fc.string({ maxLength: 3 }), fc.constant({ k: [1] }));
  const path = fc.constantFrom('/a', '/list/0', '/list/1', '/list/-', '/nested/x', '/nested/inner/list/0', '/nested/inner', '/missing/y', '/list');
  const operation = fc.record({ op: fc.constantFrom('add', 'remove', 'replace', 'test', 'copy', 'move'), path, from: path, value }) as fc.Arbitrary<JsonPatchOperation>;
  const makeDocument = () => ({ a: 1, list: [1, 2, { q: 1 }], nested: { x: 'y', inner: { list: [3, 4] } } });

  it('property: on frozen and unfrozen documents, chained, it agrees with fast-json-patch on a clone, atomically', () => {
    fc.assert(
      fc.property(fc.array(fc.array(operation, { maxLength: 4 }), { minLength: 1, maxLength: 4 }), fc.boolean(), (patches, frozen) => {
        let document: unknown = frozen ? applyCustomPatch(undefined, [{ op: 'replace', path: '', value: makeDocument() }]) : makeDocument();
        let reference: unknown = makeDocument();
        for (const patch of patches) {
          const before = deepClone(document);
          let expected: unknown;
          let expectedFailure = false;
          try {
            expected = applyPatch(deepClone(reference), deepClone(patch), true, true).newDocument;
          } catch {
            expectedFailure = true;
          }
          let failed = false;
          try {
            document = applyCustomPatch(document, patch);
          } catch {
            failed = true;
          }
          expect(failed).toBe(expectedFailure);
          if (failed) expect(document).toEqual(before);
          else {
            expect(document).toEqual(expected);
            reference = expected;
          }
        }
      }),
      { seed: 7, numRuns: 400 },
    );
  });
});
