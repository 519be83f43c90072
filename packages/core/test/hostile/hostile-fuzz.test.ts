import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAgentChat, isAgentChatError, type AgentChatErrorCode } from '../../src/index.js';
import { FINISH_REASONS } from '../../src/wire-entry.js';
import { PROTOCOLS, encode, hostileFetch, nestedJson, type HostileProtocol } from './hostile-protocols.js';

const CODES: AgentChatErrorCode[] = [
  'http-error', 'network-error', 'server-error', 'malformed-frame', 'incomplete-stream', 'patch-failed', 'unsafe-patch',
  'unsupported', 'too-deep', 'frame-too-large', 'timeout', 'internal-error', 'aborted',
];
const MAX_FRAME = 16 * 1024;

/** Hostile pieces of a body, as text or raw bytes. */
function pieceArbitrary(protocol: HostileProtocol): fc.Arbitrary<string | Uint8Array> {
  const frameOf = (json: string) => protocol.frame(json);
  return fc.oneof(
    fc.constant(protocol.okTurn()),
    fc.json({ maxDepth: 4 }).map((json) => protocol.carry(json)),
    fc.json({ maxDepth: 4 }).map(frameOf),
    // deep values on both sides of the limit
    fc.integer({ min: 400, max: 3_000 }).chain((depth) => fc.constantFrom('object', 'array', 'mixed').map((shape) => protocol.carry(nestedJson(depth, shape as 'object')))),
    // frames around the size limit
    fc.integer({ min: MAX_FRAME / 2, max: MAX_FRAME * 2 }).map((size) => protocol.ignored(size)),
    // a frame that never ends
    fc.integer({ min: 1, max: MAX_FRAME * 2 }).map((size) => `${protocol.framing === 'sse' ? 'data: ' : ''}{"a":"${'x'.repeat(size)}`),
    // unknown fields and unknown chunk types
    fc.json({ maxDepth: 3 }).map((json) => (protocol.framing === 'sse' ? `foo: ${json}\n\nerror: ${json}\n\n` : `{"type":"X","event":"x","foo":${json}}\n`)),
    // random text and random bytes
    fc.string({ maxLength: 200 }),
    fc.uint8Array({ maxLength: 200 }),
    // a protocol frame cut anywhere
    fc.tuple(fc.constant(protocol.okTurn()), fc.nat()).map(([turn, at]) => turn.slice(0, at % turn.length)),
  );
}

/** The bytes of the pieces, split at the given cut points. */
function chunksOf(pieces: Array<string | Uint8Array>, cuts: number[]): Uint8Array[] {
  const parts = pieces.map((piece) => (typeof piece === 'string' ? encode(piece) : piece));
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  const points = [...new Set(cuts.map((cut) => cut % Math.max(1, bytes.length)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    if (point > start) chunks.push(bytes.slice(start, point));
    start = Math.max(start, point);
  }
  return chunks;
}

describe('hostile input, property: whatever bytes arrive, the turn ends and the next one works', () => {
  for (const protocol of PROTOCOLS) {
    it(`${protocol.name}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(pieceArbitrary(protocol), { minLength: 1, maxLength: 6 }),
          fc.array(fc.nat(), { maxLength: 8 }),
          fc.constantFrom('end', 'cut', 'error'),
          async (pieces, cuts, ending) => {
            const chunks = chunksOf(pieces, cuts);
            const body = () => {
              let index = 0;
              return new ReadableStream<Uint8Array>({
                pull(controller) {
                  if (index < chunks.length && !(ending === 'cut' && index === chunks.length - 1)) controller.enqueue(chunks[index++]!);
                  else if (ending === 'error') controller.error(new Error('connection reset'));
                  else controller.close();
                },
              });
            };
            const fetch = hostileFetch((turn) => (turn === 0 ? body() : protocol.okTurn()));
            const chat = createAgentChat({ transport: protocol.transport(fetch), maxFrameBytes: MAX_FRAME });
            const response = await chat.send('x');
            const state = chat.getState();
            expect(FINISH_REASONS).toContain(response.finishReason);
            expect(['ready', 'error']).toContain(state.status);
            expect(state.status === 'error').toBe(state.error !== null);
            if (response.finishReason === 'failed') {
              expect(isAgentChatError(response.error)).toBe(true);
              expect(CODES).toContain(response.error!.code);
            }
            expect(await chat.send('again')).toMatchObject({ finishReason: 'stop', text: 'ok', error: null });
          },
        ),
        { seed: 1313, numRuns: 60 },
      );
    }, 60_000);
  }
});
