import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encode, splitAt, streamOf } from '../../test/fixtures.js';
import type { WireFrame } from './frame.js';
import { createNdjsonFramer } from './ndjson.js';
import { readFrames } from './read-frames.js';

async function framesOf(pieces: Uint8Array[]): Promise<WireFrame[]> {
  const all: WireFrame[] = [];
  for await (const frames of readFrames(streamOf(pieces), createNdjsonFramer())) all.push(...frames);
  return all;
}
const values = (frames: WireFrame[]) => frames.map((frame) => (frame.type === 'value' ? frame.value : frame));

// the example stream of AgentFlow's stream() reference
const SEED_STREAM = [
  '{"event":"message","message":{"role":"assistant","content":[{"type":"text","text":"The"}],"delta":true},"thread_id":"abc123"}',
  '{"event":"message","message":{"role":"assistant","content":[{"type":"text","text":" capital"}],"delta":true},"thread_id":"abc123"}',
  '{"event":"message","message":{"role":"assistant","content":[{"type":"text","text":" of France is Paris."}],"delta":false},"thread_id":"abc123"}',
  '{"event":"updates","state":{"messages":[]},"thread_id":"abc123"}',
];

describe('NDJSON framing', () => {
  it('frames newline-delimited objects', async () => {
    const frames = await framesOf([encode(SEED_STREAM.join('\n') + '\n')]);
    expect(values(frames)).toEqual(SEED_STREAM.map((line) => JSON.parse(line)));
  });

  it('frames concatenated objects with no newlines, and a last line with no newline', async () => {
    const expected = SEED_STREAM.map((line) => JSON.parse(line));
    expect(values(await framesOf([encode(SEED_STREAM.join(''))]))).toEqual(expected);
    expect(values(await framesOf([encode(SEED_STREAM.join('\n'))]))).toEqual(expected);
    expect(values(await framesOf([encode(`${SEED_STREAM[0]}${SEED_STREAM[1]}\n${SEED_STREAM[2]}  ${SEED_STREAM[3]}\r\n`)]))).toEqual(expected);
  });

  it('is split-proof: every byte position, with and without newlines, and 1-byte reads', async () => {
    for (const separator of ['\n', '', '\r\n']) {
      const bytes = encode(SEED_STREAM.join(separator) + separator);
      const expected = SEED_STREAM.map((line) => JSON.parse(line));
      for (let offset = 1; offset < bytes.length; offset++) {
        expect(values(await framesOf(splitAt(bytes, [offset])))).toEqual(expected);
      }
      expect(values(await framesOf(Array.from(bytes, (byte) => Uint8Array.of(byte))))).toEqual(expected);
    }
  });

  it('copes with braces and quotes inside strings, and multi-byte UTF-8 split anywhere', async () => {
    const objects = [{ text: 'a } { ] [ \\" "quoted" \\\\' }, { text: 'héllo 世界 🎉', n: [1, { x: '}' }] }];
    const bytes = encode(objects.map((object) => JSON.stringify(object)).join(''));
    for (let offset = 1; offset < bytes.length; offset++) {
      expect(values(await framesOf(splitAt(bytes, [offset])))).toEqual(objects);
    }
  });

  it('reports a garbage line and a cut-off value as malformed frames and goes on', async () => {
    const frames = await framesOf([encode('{"a":1}\nnot json\n{"b":\n{"c":3}\n{"d":tru}\n{"e":5}')]);
    expect(frames.map((frame) => frame.type)).toEqual(['value', 'malformed', 'malformed', 'value', 'malformed', 'value']);
    expect(values(frames).filter((value) => !(value as WireFrame).type)).toEqual([{ a: 1 }, { c: 3 }, { e: 5 }]);
  });

  it('property: random objects, random separators, random splits', async () => {
    const object = fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 5 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(object, fc.constantFrom('', '\n', '\r\n', ' ', '\n\n')), { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        async (items, cuts) => {
          const text = items.map(([value, separator]) => JSON.stringify(value) + separator).join('');
          const bytes = encode(text);
          const offsets = cuts.map((cut) => (cut % Math.max(1, bytes.length)) + 1);
          expect(values(await framesOf(splitAt(bytes, offsets)))).toEqual(items.map(([value]) => value));
        },
      ),
      { numRuns: 300 },
    );
  });
});
