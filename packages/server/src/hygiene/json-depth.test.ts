import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth } from './json-depth.js';

/** The nesting depth of a parsed value, computed the obvious (recursive) way. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + children.reduce<number>((max, child) => Math.max(max, depthOf(child)), 0);
}

const bytes = (text: string) => new TextEncoder().encode(text);

/** Strings full of the characters that could confuse a bracket counter. */
const trickyString = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', 'é', '\n') });
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, trickyString, fc.integer(), fc.constant(null), fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(trickyString, tie('node'), { maxKeys: 3 })),
})).node;

describe('exceedsJsonDepth', () => {
  it('agrees with the parsed value’s depth for any JSON, any limit, brackets inside strings included', () => {
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 8 }), fc.boolean(), (json, limit, pretty) => {
        const text = JSON.stringify(json, null, pretty ? 2 : undefined);
        expect(exceedsJsonDepth(bytes(text), limit)).toBe(depthOf(json) > limit);
      }),
      { seed: 13, numRuns: 500 }
    );
  });

  it('measures 1,000,000 levels without recursion', () => {
    const text = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    expect(exceedsJsonDepth(bytes(text), 64)).toBe(true);
    expect(exceedsJsonDepth(bytes(text), 1_000_000)).toBe(false);
  });

  it('counts escaped quotes as part of the string', () => {
    expect(exceedsJsonDepth(bytes('{"a":"\\"[[[[","b":[]}'), 1)).toBe(true);
    expect(exceedsJsonDepth(bytes('{"a":"\\"[[[["}'), 1)).toBe(false);
  });
});
