import fc from 'fast-check';
import { applyPatch, deepClone } from 'fast-json-patch';
import { describe, expect, it, vi } from 'vitest';
import type { JsonPatchOperation } from '../../model/events.js';
import { applyCustomPatch } from './apply-custom-patch.js';

describe('applyCustomPatch', () => {
  it('replaces the whole document with a root replace, even when there is none yet', () => {
    expect(applyCustomPatch(undefined, [{ op: 'replace', path: '', value: { a: 1 } }])).toEqual({ a: 1 });
    expect(applyCustomPatch({ old: true }, [{ op: 'replace', path: '', value: { a: 1 } }])).toEqual({ a: 1 });
  });

  it('applies every RFC 6902 operation', () => {
    const document = { tasks: [{ id: 1, done: false }], nextId: 2, meta: { title: 'x' } };
    const result = applyCustomPatch(document, [
      { op: 'test', path: '/nextId', value: 2 },
      { op: 'add', path: '/tasks/-', value: { id: 2, done: false } },
      { op: 'replace', path: '/tasks/0/done', value: true },
      { op: 'copy', from: '/meta/title', path: '/meta/copy' },
      { op: 'move', from: '/meta/copy', path: '/moved' },
      { op: 'remove', path: '/meta' },
      { op: 'replace', path: '/nextId', value: 3 },
    ]);
    expect(result).toEqual({ tasks: [{ id: 1, done: true }, { id: 2, done: false }], nextId: 3, moved: 'x' });
    expect(document).toEqual({ tasks: [{ id: 1, done: false }], nextId: 2, meta: { title: 'x' } });
  });

  it('is atomic: a failing test op or a missing path leaves the document untouched', () => {
    const document = Object.freeze({ a: 1, list: Object.freeze([1, 2]) });
    expect(() => applyCustomPatch(document, [{ op: 'replace', path: '/a', value: 2 }, { op: 'test', path: '/a', value: 99 }])).toThrow(
      expect.objectContaining({ code: 'patch-failed' }),
    );
    expect(() => applyCustomPatch(document, [{ op: 'add', path: '/b', value: 2 }, { op: 'remove', path: '/missing/deep' }])).toThrow(
      expect.objectContaining({ code: 'patch-failed' }),
    );
    expect(document).toEqual({ a: 1, list: [1, 2] });
  });

  it('a patch that changes nothing returns the document itself (immer\'s no-op identity): no new state, no render', () => {
    const document = applyCustomPatch(undefined, [{ op: 'replace', path: '', value: { a: 1, list: [1, 2], nested: { x: 'y' } } }]);
    expect(applyCustomPatch(document, [{ op: 'test', path: '/list', value: [1, 2] }])).toBe(document);
    expect(applyCustomPatch(document, [{ op: 'replace', path: '/a', value: 1 }, { op: 'add', path: '/nested/x', value: 'y' }])).toBe(document);
    expect(applyCustomPatch(document, [])).toBe(document);
    expect(applyCustomPatch(document, [{ op: 'replace', path: '/a', value: 2 }])).not.toBe(document);
  });

  it('returns a deep-frozen document, new values included, whether or not the document was frozen', () => {
    const deepFrozen = (value: unknown): boolean =>
      typeof value !== 'object' || value === null || (Object.isFrozen(value) && Object.values(value).every(deepFrozen));
    const value = { deep: { list: [{ k: 1 }] } };
    for (const document of [{ a: { b: [1] }, c: {} }, Object.freeze({ a: Object.freeze({ b: Object.freeze([1]) }), c: Object.freeze({}) })]) {
      const result = applyCustomPatch(document, [
        { op: 'add', path: '/a/b/0', value: { fresh: [1] } },
        { op: 'add', path: '/c/v', value },
        { op: 'copy', from: '/c/v', path: '/copied' },
      ]);
      expect(deepFrozen(result)).toBe(true);
    }
  });

  it('says which operation failed and why, in fast-json-patch\'s words (its error, named, is the cause)', () => {
    const failure = (document: unknown, patch: JsonPatchOperation[]) => {
      try {
        applyCustomPatch(document, patch);
      } catch (error) {
        return error as { code: string; message: string; cause?: { name?: string } };
      }
      throw new Error('the patch applied');
    };
    const missing = failure({ a: 1 }, [{ op: 'add', path: '/b', value: 1 }, { op: 'replace', path: '/missing', value: 2 }]);
    expect(missing.code).toBe('patch-failed');
    expect(missing.message).toMatch(/operation 1: .*does not exist/);
    expect(missing.cause?.name).toBe('OPERATION_PATH_UNRESOLVABLE');
    expect(failure({ list: [1] }, [{ op: 'add', path: '/list/5', value: 1 }]).cause?.name).toBe('OPERATION_VALUE_OUT_OF_BOUNDS');
    expect(failure({ a: 1 }, [{ op: 'test', path: '/a', value: 2 }]).cause?.name).toBe('TEST_OPERATION_FAILED');
  });

  it('refuses prototype pollution through __proto__, constructor and prototype, in path and from', () => {
    for (const patch of [
      [{ op: 'add', path: '/__proto__/polluted', value: true }],
      [{ op: 'add', path: '/constructor/prototype/polluted', value: true }],
      [{ op: 'replace', path: '/a/constructor', value: 1 }],
      [{ op: 'copy', from: '/__proto__', path: '/x' }],
    ] as JsonPatchOperation[][]) {
      expect(() => applyCustomPatch({ a: {} }, patch)).toThrow(expect.objectContaining({ code: 'unsafe-patch' }));
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('rejects things that are not operations', () => {
    expect(() => applyCustomPatch({}, [{ op: 'frobnicate', path: '/a' } as never])).toThrow(expect.objectContaining({ code: 'patch-failed' }));
    expect(() => applyCustomPatch({}, [{ op: 'add', path: 'no-slash', value: 1 }])).toThrow(expect.objectContaining({ code: 'patch-failed' }));
    expect(() => applyCustomPatch({}, 'nope' as never)).toThrow(expect.objectContaining({ code: 'patch-failed' }));
  });

  it('shares structure: untouched subtrees keep their identity, so the cost follows the patch', () => {
    const tasks = Array.from({ length: 10_000 }, (_, id) => ({ id, title: `task ${id}`, done: false }));
    const document = { tasks, other: { big: tasks.slice(0, 100) } };
    const result = applyCustomPatch(document, [{ op: 'replace', path: '/tasks/5000/done', value: true }]);
    expect(result.tasks[5000]!.done).toBe(true);
    expect(result.other).toBe(document.other);
    expect(result.tasks[4999]).toBe(document.tasks[4999]);
  });

  const value = fc.oneof(fc.integer(), fc.string({ maxLength: 4 }), fc.boolean());
  const operationOn = (path: fc.Arbitrary<string>) =>
    fc.record({ op: fc.constantFrom('add', 'remove', 'replace', 'test', 'copy', 'move'), path, from: path, value }) as fc.Arbitrary<JsonPatchOperation>;
  const innerPath = fc.constantFrom('/a', '/b', '/list/0', '/list/-', '/list/5', '/nested/x', '/missing/y', '/nested');
  const makeDocument = () => ({ a: 1, list: [1, 2], nested: { x: 'y' } });

  it('property: below the root, it agrees with fast-json-patch applied to a copy (result, or failure)', () => {
    fc.assert(
      fc.property(fc.array(operationOn(innerPath), { maxLength: 5 }), (patch) => {
        const document = makeDocument();
        let reference: unknown;
        let referenceFailed = false;
        try {
          reference = applyPatch(deepClone(document), deepClone(patch), true, true).newDocument;
        } catch {
          referenceFailed = true;
        }
        let result: unknown;
        let failed = false;
        try {
          result = applyCustomPatch(document, patch);
        } catch (error) {
          failed = true;
          expect((error as { code: string }).code).toBe('patch-failed');
        }
        expect(failed).toBe(referenceFailed);
        if (!failed) expect(result).toEqual(reference);
        expect(document).toEqual(makeDocument());
      }),
      { numRuns: 500 },
    );
  });

  it('property: any patch, root included, either applies or fails with a typed error and no change', () => {
    fc.assert(
      fc.property(fc.array(operationOn(fc.oneof(fc.constant(''), innerPath)), { maxLength: 5 }), (patch) => {
        const document = makeDocument();
        try {
          applyCustomPatch(document, patch);
        } catch (error) {
          expect((error as { code: string }).code).toBe('patch-failed');
        }
        expect(document).toEqual(makeDocument());
      }),
      { numRuns: 500 },
    );
  });

  it('checks a move\'s or copy\'s `from` in place, without a copy of the whole document (fast-json-patch\'s validate clones it)', () => {
    const document = applyCustomPatch<unknown>(undefined, [{ op: 'replace', path: '', value: { tasks: Array.from({ length: 1000 }, (_, i) => ({ id: i })), done: [] } }]);
    // fast-json-patch clones the value a `copy` copies (JSON.stringify of that value): what is checked is that nothing
    // serializes the whole document (the list of tasks), as its `validate` does.
    const original = JSON.stringify;
    const wholeDocument: boolean[] = [];
    const stringify = vi.spyOn(JSON, 'stringify').mockImplementation((value: unknown, ...rest: unknown[]) => {
      wholeDocument.push(typeof value === 'object' && value !== null && 'tasks' in value);
      return (original as (...args: unknown[]) => string)(value, ...rest);
    });
    try {
      const next = applyCustomPatch(document, [{ op: 'copy', from: '/tasks/3', path: '/done/-' }, { op: 'move', from: '/tasks/0', path: '/done/0' }]);
      expect(wholeDocument).not.toContain(true);
      expect((next as { done: unknown[] }).done).toEqual([{ id: 0 }, { id: 3 }]);
      expect((next as { tasks: unknown[] }).tasks).toHaveLength(999);
    } finally {
      stringify.mockRestore();
    }
    // A `from` that does not resolve is still fast-json-patch's OPERATION_FROM_UNRESOLVABLE, and the document untouched.
    const failed = (() => {
      try {
        applyCustomPatch(document, [{ op: 'move', from: '/tasks/5000', path: '/done/-' }]);
      } catch (error) {
        return error as { code: string; cause: { name: string } };
      }
    })();
    expect(failed?.code).toBe('patch-failed');
    expect(failed?.cause.name).toBe('OPERATION_FROM_UNRESOLVABLE');
    expect((document as { done: unknown[] }).done).toEqual([]);
  });
});
