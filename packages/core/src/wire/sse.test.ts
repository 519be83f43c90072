import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encode, fixtureBytes, splitAt, sseFixtureNames, streamOf } from '../../test/fixtures.js';
import type { WireFrame } from './frame.js';
import { readFrames } from './read-frames.js';
import { createSseFramer } from './sse.js';

async function framesOf(pieces: Uint8Array[]): Promise<WireFrame[]> {
  const all: WireFrame[] = [];
  for await (const frames of readFrames(streamOf(pieces), createSseFramer())) all.push(...frames);
  return all;
}

describe('SSE framing', () => {
  it('frames the chat capture into its five JSON values', async () => {
    const frames = await framesOf([fixtureBytes('chat-turn.sse')]);
    expect(frames).toHaveLength(5);
    expect(frames.every((frame) => frame.type === 'value')).toBe(true);
    expect(frames[0]).toEqual({ type: 'value', value: { message: { modelChunk: { role: 'model', index: 0, content: [{ text: 'Hello' }] } } } });
  });

  it("turns Genkit's non-standard `error:` field into an error frame", async () => {
    const frames = await framesOf([fixtureBytes('flow-error.sse')]);
    expect(frames).toEqual([
      { type: 'value', value: { message: { partial: true } } },
      { type: 'value', value: { error: { message: 'Internal Error', status: 'INTERNAL' } }, field: 'error', event: 'error' },
    ]);
  });

  for (const name of sseFixtureNames()) {
    it(`${name}: the same frames whatever byte it is split at, and in 1-byte reads`, async () => {
      const bytes = fixtureBytes(name);
      const whole = await framesOf([bytes]);
      expect(whole.length).toBeGreaterThan(0);
      for (let offset = 1; offset < bytes.length; offset++) {
        expect(await framesOf(splitAt(bytes, [offset]))).toEqual(whole);
      }
      const single = Array.from(bytes, (byte) => Uint8Array.of(byte));
      expect(await framesOf(single)).toEqual(whole);
    });
  }

  it('keeps multi-byte UTF-8 whole when a character is split across reads', async () => {
    const bytes = encode('data: {"text":"héllo → 世界 🎉"}\n\n');
    for (let offset = 1; offset < bytes.length; offset++) {
      expect(await framesOf(splitAt(bytes, [offset]))).toEqual([{ type: 'value', value: { text: 'héllo → 世界 🎉' } }]);
    }
  });

  it('reports malformed JSON as a frame instead of throwing, and keeps going', async () => {
    const frames = await framesOf([encode('data: {"a":1}\n\ndata: {nope\n\ndata: [DONE]\n\nevent: custom\nid: 7\ndata: {"b":2}\n\n')]);
    expect(frames.map((frame) => frame.type)).toEqual(['value', 'malformed', 'text', 'value']);
    expect(frames[3]).toEqual({ type: 'value', value: { b: 2 }, event: 'custom', id: '7' });
  });

  it('handles CRLF line endings and a final event without a blank line', async () => {
    expect(await framesOf([encode('data: {"a":1}\r\n\r\ndata: {"b":2}')])).toEqual([
      { type: 'value', value: { a: 1 } },
      { type: 'value', value: { b: 2 } },
    ]);
  });

  it('property: any split of any capture gives the same frames', async () => {
    const names = sseFixtureNames();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...names), fc.array(fc.nat(), { maxLength: 40 }), async (name, cuts) => {
        const bytes = fixtureBytes(name);
        const offsets = cuts.map((cut) => (cut % bytes.length) + 1);
        expect(await framesOf(splitAt(bytes, offsets))).toEqual(await framesOf([bytes]));
      }),
      { numRuns: 150 },
    );
  });

  it('cancels the body and releases the reader when the consumer stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) { controller.enqueue(encode('data: {"n":1}\n\n')); },
      cancel() { cancelled = true; },
    });
    for await (const frames of readFrames(body, createSseFramer())) {
      expect(frames.length).toBeGreaterThan(0);
      break;
    }
    expect(cancelled).toBe(true);
    expect(body.locked).toBe(false);
  });
});
