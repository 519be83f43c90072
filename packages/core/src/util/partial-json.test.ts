import { describe, expect, it } from 'vitest';
import { parsePartialJson } from './partial-json.js';

describe('parsePartialJson: a streamed JSON text read so far', () => {
  it('reads every prefix of a tool input as the value it has become, never throwing', () => {
    const text = '{"city": "Paris", "days": [1, 2.5, true], "unit": {"temp": "C"}, "note": "a \\"b\\" c"}';
    const seen = Array.from({ length: text.length + 1 }, (_, end) => parsePartialJson(text.slice(0, end)));
    expect(seen.at(-1)).toEqual(JSON.parse(text));
    expect(seen[0]).toBeUndefined();
    expect(parsePartialJson('{"ci')).toEqual({});
    expect(parsePartialJson('{"city": "Pa')).toEqual({ city: 'Pa' });
    expect(parsePartialJson('{"city": "Paris", "da')).toEqual({ city: 'Paris' });
    expect(parsePartialJson('{"city": "Paris", "days": [1, 2')).toEqual({ city: 'Paris', days: [1, 2] });
    expect(parsePartialJson('{"city": "Paris", "days": [1, 2.')).toEqual({ city: 'Paris', days: [1] });
    expect(parsePartialJson('{"city": "Paris", "days": [1, 2.5, tr')).toEqual({ city: 'Paris', days: [1, 2.5] });
    expect(parsePartialJson('{"note": "a \\')).toEqual({});
    // Every prefix is undefined or an object: a streamed object never reads as another kind of value.
    for (const value of seen.slice(1)) expect(typeof value).toBe('object');
  });

  it('a text that is no JSON at all reads as nothing', () => {
    expect(parsePartialJson('hello')).toBeUndefined();
    expect(parsePartialJson('')).toBeUndefined();
  });
});
