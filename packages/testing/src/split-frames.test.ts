import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitAtFrameEnds } from './split-frames.js';

describe('splitAtFrameEnds', () => {
  it('cuts after every SSE blank line and every NDJSON newline', () => {
    expect(splitAtFrameEnds('data: 1\n\ndata: 2\r\n\r\ndata: 3', 'sse')).toEqual(['data: 1\n\n', 'data: 2\r\n\r\n', 'data: 3']);
    expect(splitAtFrameEnds('{"a":1}\n{"b":2}\n', 'ndjson')).toEqual(['{"a":1}\n', '{"b":2}\n']);
    expect(splitAtFrameEnds('{"a":1}{"b":2}', 'ndjson')).toEqual(['{"a":1}{"b":2}']);
  });

  it('loses and adds nothing: the pieces join back to the text, and only the last may lack a frame end', () => {
    const text = fc.string({ unit: fc.constantFrom('a', '{', '"', ':', ' ', '\n', '\r', 'é', '世'), maxLength: 200 });
    fc.assert(
      fc.property(text, fc.constantFrom('sse' as const, 'ndjson' as const), (input, framing) => {
        const pieces = splitAtFrameEnds(input, framing);
        expect(pieces.join('')).toBe(input);
        expect(pieces.every((piece) => piece.length > 0)).toBe(true);
        const end = framing === 'sse' ? /(\r\n\r\n|\n\n|\r\r)$/ : /\n$/;
        expect(pieces.slice(0, -1).every((piece) => end.test(piece))).toBe(true);
      }),
    );
  });
});
