import { isRecord } from '../util/is-record.js';

/** One change between two custom states, in RFC 6902 terms. */
export interface CustomChange {
  op: 'add' | 'remove' | 'replace';
  path: string;
}

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The paths that changed from one custom state to the next, as patch operations. The store keeps unchanged subtrees'
 * identity, so this walks only the changed branches; arrays that did not just grow count as one replace.
 */
export function diffCustom(before: unknown, after: unknown, path = '', into: CustomChange[] = [], depth = 0): CustomChange[] {
  if (Object.is(before, after)) return into;
  if (isRecord(before) && isRecord(after) && depth < 8) {
    for (const key of Object.keys(before)) {
      if (!(key in after)) into.push({ op: 'remove', path: `${path}/${escape(key)}` });
    }
    for (const key of Object.keys(after)) {
      if (!(key in before)) into.push({ op: 'add', path: `${path}/${escape(key)}` });
      else diffCustom(before[key], after[key], `${path}/${escape(key)}`, into, depth + 1);
    }
    return into;
  }
  if (Array.isArray(before) && Array.isArray(after) && after.length > before.length && before.every((item, index) => Object.is(item, after[index]))) {
    for (let index = before.length; index < after.length; index++) into.push({ op: 'add', path: `${path}/${index}` });
    return into;
  }
  into.push({ op: before === undefined ? 'add' : after === undefined ? 'remove' : 'replace', path });
  return into;
}
