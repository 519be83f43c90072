import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Part } from '../model/part.js';
import {
  a2uiAction, a2uiActionOf, a2uiActionParts, a2uiInterruptFor, a2uiPart, a2uiText, checkA2uiTree, foldA2ui, readA2uiAction,
  readPointer, writePointer, type A2uiSurface,
} from './index.js';

const v = 'v0.9';
const create = (surfaceId = 's1'): Part => a2uiPart({ version: v, createSurface: { surfaceId, catalogId: 'https://a2ui.org/specification/v0_9/basic_catalog.json' } });
const components = (list: unknown[], surfaceId = 's1'): Part => a2uiPart({ version: v, updateComponents: { surfaceId, components: list } });
const data = (path: string | undefined, value: unknown, surfaceId = 's1'): Part =>
  a2uiPart({ version: v, updateDataModel: { surfaceId, ...(path === undefined ? {} : { path }), ...(value === undefined ? {} : { value }) } });
const remove = (surfaceId = 's1'): Part => a2uiPart({ version: v, deleteSurface: { surfaceId } });
const surface = (parts: Part[], id = 's1'): A2uiSurface => foldA2ui(parts).surfaces.get(id)!;

describe('A2UI surfaces folded from parts', () => {
  it('a surface is created, updated incrementally (components by id, data by pointer) and deleted', () => {
    const parts = [
      create(),
      components([{ id: 'root', component: 'Column', children: ['title'] }, { id: 'title', component: 'Text', text: 'Book' }]),
      data(undefined, { party: 2 }),
      components([{ id: 'title', component: 'Text', text: { path: '/title' } }]),
      data('/title', 'Book a table'),
    ];
    const fold = foldA2ui(parts);
    const s1 = fold.surfaces.get('s1')!;
    expect(s1.deleted).toBe(false);
    expect([...s1.components.keys()]).toEqual(['root', 'title']);
    expect(s1.components.get('title')).toEqual({ id: 'title', component: 'Text', text: { path: '/title' } });
    expect(s1.dataModel).toEqual({ party: 2, title: 'Book a table' });
    expect(a2uiText(s1.components.get('title')!.text, s1.dataModel)).toBe('Book a table');
    // The surface shows where it was created.
    expect(fold.placements.get(parts[0]!)).toEqual({ surfaceId: 's1' });
    expect(surface([...parts, remove()]).deleted).toBe(true);
    // Deleted, it can be created again, empty.
    expect(surface([...parts, remove(), create()])).toMatchObject({ deleted: false, dataModel: {} });
  });

  it('a data update without value removes the key; the same parts always give the same surfaces', () => {
    const parts = [create(), data('/a', { b: 1, c: 2 }), data('/a/b', undefined)];
    expect(surface(parts).dataModel).toEqual({ a: { c: 2 } });
    expect(foldA2ui(parts)).toEqual(foldA2ui(parts));
  });

  it('an unknown version, a malformed message or an update of an unknown surface is a typed error of that part only', () => {
    const old = a2uiPart({ beginRendering: { surfaceId: 's1', root: 'root' } });
    const future = a2uiPart({ version: 'v2.0', createSurface: { surfaceId: 's2', catalogId: 'x' } });
    const twoKinds = a2uiPart({ version: v, createSurface: { surfaceId: 's3', catalogId: 'x' }, deleteSurface: { surfaceId: 's3' } });
    const orphan = data('/x', 1, 'nope');
    const fold = foldA2ui([create(), old, future, twoKinds, orphan, components([{ id: 'root', component: 'Text', text: 'ok' }])]);
    expect(fold.placements.get(old)).toMatchObject({ error: { code: 'unknown-version', message: expect.stringContaining('v0.8') as unknown } });
    expect(fold.surfaces.get('s1')!.error).toBeUndefined();
    expect(fold.placements.get(future)).toMatchObject({ error: { code: 'unknown-version', surfaceId: 's2' } });
    expect(fold.placements.get(twoKinds)).toMatchObject({ error: { code: 'malformed' } });
    expect(fold.placements.get(orphan)).toMatchObject({ error: { code: 'unknown-surface', surfaceId: 'nope' } });
    // The good surface is untouched by the bad parts around it.
    expect(fold.surfaces.get('s1')!.components.get('root')).toEqual({ id: 'root', component: 'Text', text: 'ok' });
  });

  it('client-to-server messages (a user\'s action in the history) draw nothing and are no error', () => {
    const action = a2uiPart({ version: v, action: { name: 'book', surfaceId: 's1', sourceComponentId: 'b', timestamp: 't', context: {} } });
    expect(foldA2ui([create(), action]).placements.has(action)).toBe(false);
  });

  it('a bad message for a known surface marks that surface (the others keep rendering)', () => {
    const fold = foldA2ui([create('a'), create('b'), components([{ id: 'root' }], 'a')]);
    expect(fold.surfaces.get('a')!.error).toMatchObject({ code: 'malformed', surfaceId: 'a' });
    expect(fold.surfaces.get('b')!.error).toBeUndefined();
  });

  it('hostile surfaces: too many components, too deep, cycles and shared subtrees that expand past the bound', () => {
    const many = Array.from({ length: 11 }, (_, index) => ({ id: `c${index}`, component: 'Text', text: 'x' }));
    expect(foldA2ui([create(), components(many)], { maxComponents: 10 }).surfaces.get('s1')!.error).toMatchObject({ code: 'too-large' });
    // Two updates that pass the bound together.
    const twice = foldA2ui([create(), components(many.slice(0, 6)), components(many.slice(6))], { maxComponents: 10 });
    expect(twice.surfaces.get('s1')!.error).toMatchObject({ code: 'too-large' });

    const chain = Array.from({ length: 40 }, (_, index) => ({ id: index === 0 ? 'root' : `n${index}`, component: 'Column', children: [`n${index + 1}`] }));
    expect(checkA2uiTree(surface([create(), components(chain)]))).toMatchObject({ code: 'too-deep' });
    expect(checkA2uiTree(surface([create(), components(chain.slice(0, 10))]))).toBeUndefined();

    const cycle = [{ id: 'root', component: 'Column', children: ['a'] }, { id: 'a', component: 'Card', child: 'root' }];
    expect(checkA2uiTree(surface([create(), components(cycle)]))).toMatchObject({ code: 'malformed' });

    // A ladder of diamonds: 30 levels, each node listed twice by its parent, expands to 2^30 drawn nodes.
    const ladder = Array.from({ length: 30 }, (_, index) => ({ id: index === 0 ? 'root' : `d${index}`, component: 'Row', children: [`d${index + 1}`, `d${index + 1}`] }));
    expect(checkA2uiTree(surface([create(), components(ladder)]))).toMatchObject({ code: 'too-large' });

    const deepData = JSON.parse(`${'{"a":'.repeat(50)}1${'}'.repeat(50)}`) as unknown;
    expect(surface([create(), data('/', deepData)]).error).toMatchObject({ code: 'too-deep' });
  });

  it('property: any sequence of A2UI-ish values folds without throwing, every error typed, created surfaces placed', () => {
    const surfaceId = fc.constantFrom('a', 'b', '', 7);
    const component = fc.record({ id: fc.oneof(fc.constantFrom('root', 'x', 'y'), fc.integer()), component: fc.oneof(fc.constantFrom('Text', 'Column'), fc.constant(null)), children: fc.array(fc.constantFrom('root', 'x', 'y')) });
    const message = fc.oneof(
      fc.record({ version: fc.constantFrom('v0.9', 'v0.8', undefined), createSurface: fc.record({ surfaceId, catalogId: fc.oneof(fc.string(), fc.constant(undefined)) }) }),
      fc.record({ version: fc.constantFrom('v0.9'), updateComponents: fc.record({ surfaceId, components: fc.oneof(fc.array(component), fc.constant('no')) }) }),
      fc.record({ version: fc.constantFrom('v0.9'), updateDataModel: fc.record({ surfaceId, path: fc.constantFrom('/', '/a', '/a/0', 'bad', '/__proto__/x'), value: fc.jsonValue() }) }),
      fc.record({ version: fc.constantFrom('v0.9'), deleteSurface: fc.record({ surfaceId }) }),
      fc.anything(),
    );
    fc.assert(fc.property(fc.array(message, { maxLength: 30 }), (messages) => {
      const parts = messages.map(a2uiPart);
      const fold = foldA2ui(parts);
      for (const placement of fold.placements.values()) {
        if ('error' in placement) expect(typeof placement.error.code).toBe('string');
        else expect(fold.surfaces.has(placement.surfaceId)).toBe(true);
      }
      for (const s of fold.surfaces.values()) {
        expect(checkA2uiTree(s)?.code ?? 'ok').toMatch(/^(ok|malformed|too-deep|too-large)$/);
        expect(Object.prototype).not.toHaveProperty('x');
      }
    }));
  });
});

describe('the data model', () => {
  it('property: what is written at a pointer reads back, the rest of the model is kept', () => {
    const key = fc.stringMatching(/^[a-z]{1,6}$/);
    fc.assert(fc.property(fc.dictionary(key, fc.jsonValue()), fc.array(key, { minLength: 1, maxLength: 4 }), fc.jsonValue(), (model, path, value) => {
      // Through an array, a name is no index: such a write changes nothing (tested below), so it is left out here.
      fc.pre(!path.some((_, index) => Array.isArray(readPointer(model, `/${path.slice(0, index + 1).join('/')}`)) && index < path.length - 1));
      const pointer = `/${path.join('/')}`;
      const written = writePointer(model, pointer, value);
      expect(readPointer(written, pointer)).toEqual(value);
      for (const other of Object.keys(model)) if (other !== path[0]) expect((written as Record<string, unknown>)[other]).toEqual(model[other]);
    }));
  });

  it('never writes through __proto__, constructor or prototype', () => {
    const model = {};
    expect(writePointer(model, '/__proto__/polluted', true)).toBe(model);
    expect(writePointer(model, '/a/constructor/prototype/polluted', true)).toBe(model);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(readPointer({ a: 1 }, '/constructor')).toBeUndefined();
  });
});

describe('A2UI actions back to the agent', () => {
  const form = surface([
    create(),
    components([{ id: 'submit', component: 'Button', action: { event: { name: 'book', context: { party: { path: '/party' }, time: { path: 'time' }, fixed: 'yes' } } } }]),
    data('/', { party: 4, time: '19:30' }),
  ]);

  it('an action resolves its context against the data model now, as v0.9 `action`', () => {
    const spec = readA2uiAction(form.components.get('submit')!.action)!;
    const message = a2uiAction(spec, { surfaceId: 's1', sourceComponentId: 'submit', dataModel: form.dataModel, scope: '' }, '2026-01-01T00:00:00.000Z');
    expect(message).toEqual({
      version: 'v0.9',
      action: { name: 'book', surfaceId: 's1', sourceComponentId: 'submit', timestamp: '2026-01-01T00:00:00.000Z', context: { party: 4, time: '19:30', fixed: 'yes' } },
    });
    // As the next turn: a line of text and the action itself, which the agent reads back.
    const parts = a2uiActionParts(message);
    expect(parts[0]).toEqual({ text: '[book] {"party":4,"time":"19:30","fixed":"yes"}' });
    expect(a2uiActionOf(parts[1]!)).toEqual(message);
    expect(a2uiActionOf({ text: 'x' })).toBeUndefined();
  });

  it('the values an action sent are its surface\'s in the fold (a restored or replayed form shows what was submitted)', () => {
    const parts = [
      create(),
      components([{ id: 'submit', component: 'Button', action: { event: { name: 'book', context: { party: { path: '/party' }, time: { path: 'time' }, fixed: 'yes' } } } }]),
      data('/', { party: 4, time: '19:30' }),
    ];
    const sent = a2uiPart({ version: v, action: { name: 'book', surfaceId: 's1', sourceComponentId: 'submit', timestamp: 't', context: { party: 6, time: '21:00', fixed: 'yes' } } });
    const after = surface([...parts, sent]);
    // Bound to an absolute path: written there (and as a message a renderer replays); a relative one names no place here.
    expect(after.dataModel).toEqual({ party: 6, time: '19:30' });
    expect(after.messages.at(-1)).toEqual({ version: v, updateDataModel: { surfaceId: 's1', path: '/party', value: 6 } });
    // With the data model attached (`sendDataModel`), that is the surface's.
    const whole = a2uiPart({ version: v, action: { name: 'book', surfaceId: 's1', sourceComponentId: 'submit', timestamp: 't', context: {} }, dataModel: { party: 2, time: '18:00' } });
    expect(surface([...parts, whole]).dataModel).toEqual({ party: 2, time: '18:00' });
    // An action of a surface that is not there changes nothing.
    expect(foldA2ui([...parts, a2uiPart({ version: v, action: { name: 'book', surfaceId: 'gone', sourceComponentId: 'x', timestamp: 't', context: { party: 1 } } })]).surfaces.get('s1')!.dataModel).toEqual({ party: 4, time: '19:30' });
  });

  it('the interrupt a surface answers is the pending tool request that names it', () => {
    const ask: Part = { toolRequest: { name: 'bookTable', ref: 'r1', input: { surfaceId: 's1' } }, metadata: { interrupt: true } };
    expect(a2uiInterruptFor('s1', [{ toolRequest: { name: 'other', ref: 'r0', input: {} } }, ask])).toBe(ask);
    expect(a2uiInterruptFor('s2', [ask])).toBeUndefined();
  });

  it('string_format interpolates data paths; client functions stay empty; escapes stay literal', () => {
    const value = { call: 'string_format', args: { value: 'Table for ${/party} at ${time} ${now()} \\${x}' } };
    expect(a2uiText(value, { party: 2, time: '20:00' })).toBe('Table for 2 at 20:00  ${x}');
  });
});
