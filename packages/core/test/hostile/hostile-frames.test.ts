import { describe, expect, it } from 'vitest';
import { createAgentChat } from '../../src/index.js';
import { MiB, generatedBody, retainedHeap } from './heap.js';
import { PROTOCOLS, hostileFetch } from './hostile-protocols.js';

const CHUNK = 64 * 1024;
const report = (what: string, bytes: number) => console.log(`[hostile] ${what}: ${(bytes / MiB).toFixed(1)} MiB`);

describe('hostile input: a frame that never ends is cut at maxFrameBytes, with memory bounded', () => {
  for (const protocol of PROTOCOLS) {
    it(`${protocol.name}: 128 MiB offered with no newline ends failed with frame-too-large after 8 MiB, reader cancelled, heap bounded`, async () => {
      // The body opens a frame the way the protocol does, then never ends it.
      const opening = protocol.framing === 'sse' ? 'data: {"pad":"' : '{"pad":"';
      const body = generatedBody(opening + 'x'.repeat(CHUNK - opening.length), 128 * MiB, 2 * MiB);
      const fetch = hostileFetch((turn) => (turn === 0 ? body.stream : protocol.okTurn()));
      const chat = createAgentChat({ transport: protocol.transport(fetch) });
      const before = retainedHeap();
      const response = await chat.send('endless');
      const peak = Math.max(...body.samples) - before;
      report(`${protocol.name} no-newline body, retained heap growth at peak`, peak);
      expect(response).toMatchObject({ finishReason: 'failed', error: { code: 'frame-too-large' } });
      expect(chat.getState().status).toBe('error');
      expect(body.pulled).toBeLessThanOrEqual(8 * MiB + 2 * CHUNK);
      expect(body.cancelled).toBe(true);
      // The framer holds at most the 8 MiB frame (one byte per character): far from the 128 MiB offered.
      expect(peak).toBeLessThan(24 * MiB);
      expect(await chat.send('again')).toMatchObject({ finishReason: 'stop', text: 'ok' });
    });
  }

  it('maxFrameBytes is configurable, and counts an SSE event whose data lines never meet a blank line', async () => {
    const genkit = PROTOCOLS[0]!;
    const line = `data: ${'x'.repeat(1000)}\n`;
    const body = generatedBody(line.repeat(Math.floor(CHUNK / line.length)), 64 * MiB, 16 * MiB);
    const chat = createAgentChat({ transport: genkit.transport(hostileFetch(() => body.stream)), maxFrameBytes: MiB });
    expect(await chat.send('x')).toMatchObject({ finishReason: 'failed', error: { code: 'frame-too-large' } });
    expect(body.pulled).toBeLessThanOrEqual(MiB + 2 * CHUNK);
    expect(body.cancelled).toBe(true);
  });

  it('an NDJSON line of garbage that never ends is cut too (not only a JSON value)', async () => {
    const tnsai = PROTOCOLS.find((protocol) => protocol.name === 'tnsai')!;
    const body = generatedBody('garbage '.repeat(CHUNK / 8), 64 * MiB, 16 * MiB);
    const chat = createAgentChat({ transport: tnsai.transport(hostileFetch(() => body.stream)), maxFrameBytes: MiB });
    expect(await chat.send('x')).toMatchObject({ finishReason: 'failed', error: { code: 'frame-too-large' } });
    expect(body.pulled).toBeLessThanOrEqual(MiB + 2 * CHUNK);
  });

  it('a frame just under the limit passes', async () => {
    const agentflow = PROTOCOLS.find((protocol) => protocol.name === 'agentflow')!;
    const big = agentflow.ignored(64 * 1024 - 1);
    const chat = createAgentChat({ transport: agentflow.transport(hostileFetch(() => big + agentflow.okTurn())), maxFrameBytes: 64 * 1024 });
    expect(await chat.send('x')).toMatchObject({ finishReason: 'stop', text: 'ok' });
  });

  for (const name of ['genkit', 'tnsai'] as const) {
    it(`${name}: 128 MiB of complete frames stream through with the retained heap flat (nothing kept between frames)`, async () => {
      const protocol = PROTOCOLS.find((candidate) => candidate.name === name)!;
      const frame = protocol.ignored(1024);
      const total = 128 * MiB;
      const body = generatedBody(frame.repeat(Math.floor(CHUNK / frame.length)), total, 16 * MiB, protocol.okTurn());
      const chat = createAgentChat({ transport: protocol.transport(hostileFetch(() => body.stream)) });
      const before = retainedHeap();
      const response = await chat.send('x');
      const peak = Math.max(...body.samples) - before;
      report(`${name} 128 MiB of small frames, retained heap growth at peak`, peak);
      expect(response).toMatchObject({ finishReason: 'stop', text: 'ok' });
      expect(body.pulled).toBeGreaterThanOrEqual(total);
      expect(peak).toBeLessThan(16 * MiB);
    }, 60_000);
  }
});
