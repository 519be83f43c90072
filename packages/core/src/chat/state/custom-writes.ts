import { produce, type Draft } from 'immer';
import type { JsonPatchOperation } from '../../model/events.js';

/** A local change of the custom state: an immer recipe over the current value, or the new value itself. */
export type CustomUpdate<S> = S | ((draft: Draft<S>) => void | S | undefined);

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;

const pointerSegment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The RFC 6902 patch from `before` to `after`: unchanged subtrees (same identity, as immer keeps them) are skipped,
 * changed leaves replaced, keys added or removed, an array's tail added or removed. Small on purpose: a write changes
 * a few paths, and the values are JSON.
 */
export function diffCustom(before: unknown, after: unknown, path = ''): JsonPatchOperation[] {
  if (Object.is(before, after)) return [];
  if (!isContainer(before) || !isContainer(after) || Array.isArray(before) !== Array.isArray(after)) {
    return [{ op: 'replace', path, value: after }];
  }
  const from = before as Record<string, unknown>;
  const to = after as Record<string, unknown>;
  const patch: JsonPatchOperation[] = [];
  if (Array.isArray(before)) {
    const shorter = Math.min(before.length, (after as unknown[]).length);
    for (let index = 0; index < shorter; index++) patch.push(...diffCustom(from[index], to[index], `${path}/${index}`));
    for (let index = before.length - 1; index >= shorter; index--) patch.push({ op: 'remove', path: `${path}/${index}` });
    for (let index = shorter; index < (after as unknown[]).length; index++) patch.push({ op: 'add', path: `${path}/${index}`, value: to[index] });
    return patch;
  }
  for (const key of Object.keys(from)) {
    if (!(key in to)) patch.push({ op: 'remove', path: `${path}/${pointerSegment(key)}` });
  }
  for (const key of Object.keys(to)) {
    const child = `${path}/${pointerSegment(key)}`;
    patch.push(...(key in from ? diffCustom(from[key], to[key], child) : [{ op: 'add' as const, path: child, value: to[key] }]));
  }
  return patch;
}

/** The value `update` makes of `current`: a recipe runs on an immer draft of it (and may return a new value). */
export function applyUpdate<S>(current: S | undefined, update: CustomUpdate<S>): S {
  if (typeof update !== 'function') return update;
  const recipe = update as (draft: Draft<S>) => void | S | undefined;
  return (isContainer(current) ? produce(current, recipe as (draft: Draft<S>) => void) : (recipe(current as Draft<S>) ?? current)) as S;
}
