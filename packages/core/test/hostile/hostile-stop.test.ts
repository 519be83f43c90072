import { describe, expect, it } from 'vitest';
import { createAgentChat, tnsaiTransport } from '../../src/index.js';
import { listenOnLoopback, readTextBody } from '../http-test-server.js';
import { PROTOCOLS, encode, hostileFetch } from './hostile-protocols.js';

const MiB = 1024 * 1024;

describe('hostile input: stop() ends an endless no-newline stream, and the next send works', () => {
  for (const protocol of PROTOCOLS) {
    it(`${protocol.name}: a body that ignores the abort (a custom fetch) is still released by stop()`, async () => {
      let pulled = 0;
      let cancelled = false;
      let reached!: () => void;
      const twoMiB = new Promise<void>((resolve) => (reached = resolve));
      const chunk = encode('x'.repeat(64 * 1024));
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          controller.enqueue(chunk.slice());
          pulled += chunk.length;
          if (pulled >= 2 * MiB) reached();
        },
        cancel() {
          cancelled = true;
        },
      }, { highWaterMark: 0 });
      const fetch = hostileFetch((turn) => (turn === 0 ? endless : protocol.okTurn()));
      // A limit far above what is streamed: stop() has to end this turn, not the frame limit.
      const chat = createAgentChat({ transport: protocol.transport(fetch), maxFrameBytes: 1024 * MiB });
      const first = chat.send('endless');
      await twoMiB;
      await chat.stop();
      expect(await first).toMatchObject({ finishReason: 'aborted', error: null });
      expect(cancelled).toBe(true);
      const next = await chat.send('again');
      expect(next).toMatchObject({ finishReason: 'stop', text: 'ok', error: null });
      expect(chat.getState()).toMatchObject({ status: 'ready', error: null });
    });
  }

  it('tnsai over a real socket: stop() mid-stream, then a normal turn on the same server', async () => {
    const tnsai = PROTOCOLS.find((protocol) => protocol.name === 'tnsai')!;
    let written = 0;
    let reached!: () => void;
    const oneMiB = new Promise<void>((resolve) => (reached = resolve));
    const server = await listenOnLoopback(async (req, res) => {
      const body = JSON.parse(await readTextBody(req)) as { message: string };
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      if (body.message !== 'endless') return void res.end(tnsai.okTurn());
      res.write('{"type":"CONTENT","content":"');
      const chunk = 'x'.repeat(64 * 1024);
      let open = true;
      res.on('close', () => (open = false));
      const pump = () => {
        while (open) {
          const more = res.write(chunk);
          written += chunk.length;
          if (written >= MiB) reached();
          if (!more) return void res.once('drain', pump);
        }
      };
      pump();
    });
    try {
      const chat = createAgentChat({ transport: tnsaiTransport({ url: `${server.baseUrl}/chat/stream` }), maxFrameBytes: 1024 * MiB });
      const first = chat.send('endless');
      await oneMiB;
      await chat.stop();
      expect(await first).toMatchObject({ finishReason: 'aborted', error: null });
      expect(await chat.send('hello')).toMatchObject({ finishReason: 'stop', text: 'ok', error: null });
    } finally {
      await server.close();
    }
  });
});
