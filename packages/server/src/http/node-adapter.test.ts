// The Node adapter's fast path (issue 45): a turn's frames go from its buffer to the socket with no promise between,
// paused while the socket is full and resumed when it drained. A client that reads slowly still gets every frame,
// exactly once and in order.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumableTurns } from '../turns/resumable-turns.js';
import { toNodeListener } from './node-adapter.js';

const FRAMES = 256;
const PAYLOAD = 'x'.repeat(16 * 1024); // 4 MiB in all: far more than the socket buffers while the client waits
const turns = resumableTurns();
let url: string;
const server = createServer(
  toNodeListener(async () => {
    const begun = await turns.begin({ route: '/turn', user: 'anonymous' });
    if (!('turn' in begun)) return begun.response;
    const { turn } = begun;
    void (async () => {
      // 16 frames a tick: the socket fills, the follower pauses, frames pile up in the buffer meanwhile.
      for (let index = 0; index < FRAMES; index++) {
        turns.append(turn, `data: ${index} ${PAYLOAD}`);
        if (index % 16 === 15) await new Promise((resolve) => setImmediate(resolve));
      }
      await turns.end(turn);
    })();
    return turns.stream(turn, { after: -1, withIds: true, headers: { 'content-type': 'text/event-stream' } });
  }),
);
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/turn`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('sendResponse on the fast path', () => {
  it('a client that stops reading for a while gets all 4 MiB: every frame once, in order, then the end', async () => {
    const text = await new Promise<string>((resolve, reject) => {
      request(url, { method: 'POST' }, (response) => {
        response.setEncoding('utf8');
        response.pause(); // not reading: the server's writes fill the socket and wait for drain
        setTimeout(() => response.resume(), 200);
        let body = '';
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve(body));
        response.on('error', reject);
      })
        .on('error', reject)
        .end();
    });
    const frames = text.split('\n\n').filter(Boolean);
    expect(frames).toHaveLength(FRAMES);
    frames.forEach((frame, index) => expect(frame).toBe(`id: ${index}\ndata: ${index} ${PAYLOAD}`));
  });
});
