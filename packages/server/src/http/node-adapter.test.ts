// The Node adapter's fast path (issue 45): a turn's frames go from its buffer to the socket with no promise between,
// paused while the socket is full and resumed when it drained. A client that reads slowly still gets every frame,
// exactly once and in order.
import { once } from 'node:events';
import { createServer, request, ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readJsonBody } from '../genkit/session-size.js';
import { guardRequests } from '../hygiene/request-guard.js';
import { resumableTurns } from '../turns/resumable-turns.js';
import { listenForTests } from '../listen-test-support.js';
import { OPENING_WINDOW_MS, toNodeListener } from './node-adapter.js';

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
const serverPort = listenForTests(server);
beforeAll(() => {
  url = `http://127.0.0.1:${serverPort()}/turn`;
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

describe('toNodeListener: headers and the first frames', () => {
  /** A server whose handler's turn wrote `before` frames before its response was returned, then one more on `next()`. */
  async function turnServer(before: string[]) {
    const local = resumableTurns();
    let append: (data: string) => void = () => {};
    let handled!: () => void;
    const ready = new Promise<void>((resolve) => (handled = resolve));
    const flushes = vi.spyOn(ServerResponse.prototype, 'flushHeaders');
    const server = createServer(
      toNodeListener(async () => {
        const begun = await local.begin({ route: '/turn', user: 'anonymous' });
        if (!('turn' in begun)) return begun.response;
        const { turn } = begun;
        for (const data of before) local.append(turn, data);
        append = (data) => {
          local.append(turn, data);
          void local.end(turn);
        };
        handled();
        return local.stream(turn, { after: -1, withIds: true, headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    return {
      flushes,
      /** Resolves once the handler began its turn (`next` reaches it from then on). */
      ready,
      next: (data: string) => append(data),
      /** Resolves with the response once its headers arrived, and its whole body after. */
      post: () =>
        new Promise<{ status: number | undefined; body: Promise<string> }>((resolve, reject) => {
          request(`http://127.0.0.1:${port}/turn`, { method: 'POST' }, (response) => {
            response.setEncoding('utf8');
            let text = '';
            response.on('data', (chunk: string) => (text += chunk));
            resolve({ status: response.statusCode, body: new Promise((done) => response.on('end', () => done(text))) });
          })
            .on('error', reject)
            .end();
        }),
      close: async () => {
        flushes.mockRestore();
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  }

  /** The writes of the server's responses, each as text (Node sends the headers with the first one). */
  function spyWrites() {
    const writes: string[] = [];
    const write = ServerResponse.prototype.write;
    const spy = vi.spyOn(ServerResponse.prototype, 'write').mockImplementation(function (this: ServerResponse, ...args: unknown[]) {
      writes.push(String(args[0]));
      return Reflect.apply(write, this, args) as boolean;
    });
    return { writes, restore: () => spy.mockRestore() };
  }

  it('a turn that wrote frames already sends them with its headers and its next frame, in one write', async () => {
    const t = await turnServer(['data: start']);
    const { writes, restore } = spyWrites();
    // The window's clock stands still (only setTimeout is faked: the sockets run), so the next frame comes within it
    // however slow the machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const response = t.post();
      await t.ready;
      t.next('data: first token');
      expect(await (await response).body).toBe('id: 0\ndata: start\n\nid: 1\ndata: first token\n\n');
      expect(writes).toEqual(['id: 0\ndata: start\n\nid: 1\ndata: first token\n\n']);
      expect(t.flushes).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
      restore();
      await t.close();
    }
  });

  it('with no next frame within the window, the headers and the frames so far go out when it closes', async () => {
    const t = await turnServer(['data: start']);
    const { writes, restore } = spyWrites();
    try {
      const started = performance.now();
      const response = await t.post(); // the headers, with no frame after the opening one
      expect(response.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(OPENING_WINDOW_MS - 2);
      expect(writes).toEqual(['id: 0\ndata: start\n\n']);
      t.next('data: first token');
      expect(await response.body).toBe('id: 0\ndata: start\n\nid: 1\ndata: first token\n\n');
      expect(writes).toEqual(['id: 0\ndata: start\n\n', 'id: 1\ndata: first token\n\n']);
    } finally {
      restore();
      await t.close();
    }
  });

  it('a turn with no frame yet sends its headers when the window closes (they name the turn), its frames when they come', async () => {
    const t = await turnServer([]);
    try {
      const response = await t.post(); // the headers, before any frame was written
      expect(response.status).toBe(200);
      expect(t.flushes).toHaveBeenCalledTimes(1);
      t.next('data: first token');
      expect(await response.body).toBe('id: 0\ndata: first token\n\n');
    } finally {
      await t.close();
    }
  });
});

describe('toNodeListener: a small JSON body is read as one buffer, the request guard checks those bytes', () => {
  const seen: unknown[] = [];
  const guarded = createServer(
    toNodeListener(
      guardRequests({ maxBodyBytes: 64, maxJsonDepth: 3 })(async (request) => {
        seen.push(await request.json()); // the handler still reads its body itself
        return Response.json({ ok: true });
      }),
    ),
  );
  const guardedPort = listenForTests(guarded);
  const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }) =>
    new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
      request(`http://127.0.0.1:${guardedPort()}/`, { method: 'POST', headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode, body: text }));
      })
        .on('error', reject)
        .end(body);
    });

  it('within the caps: the handler reads the same JSON', async () => {
    seen.length = 0;
    expect((await post('{"text":"“quoted” ünïcode","n":[1,[2]]}')).status).toBe(200);
    expect(seen).toEqual([{ text: '“quoted” ünïcode', n: [1, [2]] }]);
  });

  it("the body is parsed once: the handler's body reader gets the guard's parse", async () => {
    const body = '{"parsed":"once"}';
    const parses = vi.spyOn(JSON, 'parse');
    const reads: unknown[] = [];
    const single = createServer(toNodeListener(guardRequests()(async (request) => (reads.push(await readJsonBody(request)), Response.json({ ok: true })))));
    try {
      await new Promise<void>((resolve) => single.listen(0, '127.0.0.1', resolve));
      const status = await new Promise<number | undefined>((resolve, reject) => {
        request(`http://127.0.0.1:${(single.address() as AddressInfo).port}/`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode));
        })
          .on('error', reject)
          .end(body);
      });
      expect(status).toBe(200);
      expect(reads).toEqual([{ body: { parsed: 'once' }, bytes: body.length }]);
      expect(parses.mock.calls.filter(([text]) => text === body)).toHaveLength(1);
    } finally {
      parses.mockRestore();
      single.closeAllConnections();
      await new Promise((resolve) => single.close(resolve));
    }
  });

  it('past a cap, or not JSON: refused before the handler runs', async () => {
    seen.length = 0;
    expect((await post(JSON.stringify({ text: 'x'.repeat(80) }))).status).toBe(413);
    expect((await post('[[[["deep"]]]]')).status).toBe(400);
    expect(JSON.parse((await post('{"not json')).body)).toEqual({ status: 'INVALID_ARGUMENT', message: 'The request body is not valid JSON.' });
    expect(seen).toEqual([]);
  });

  it('a client that goes away before its whole body arrived reaches no handler, and the server goes on', async () => {
    seen.length = 0;
    const socket = connect(guardedPort(), '127.0.0.1');
    await once(socket, 'connect');
    socket.write('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{"text":');
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([]);
    expect((await post('{"after":true}')).status).toBe(200);
    expect(seen).toEqual([{ after: true }]);
  });
});

describe('toNodeListener: the request guard refuses by its headers before any body byte is read', () => {
  let reached = 0;
  const guarded = createServer(
    toNodeListener(
      guardRequests()(async (request) => {
        reached++;
        return Response.json(await request.json());
      }),
    ),
  );
  const guardedPort = listenForTests(guarded);
  const LENGTH = 1_000_000; // under the 1 MiB cap: a body the guard would read if the headers passed
  /** Sends the request line, `headers` and the first `sent` bytes of a LENGTH-byte body; the status line's code, or 'none' (no answer while the body is incomplete). */
  const statusAfter = async (headers: string, sent: number, waitMs: number) => {
    const socket = connect(guardedPort(), '127.0.0.1');
    await once(socket, 'connect');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    const answered = once(socket, 'data').then(() => answer.slice(9, 12));
    socket.write(`POST / HTTP/1.1\r\n${headers}Content-Length: ${LENGTH}\r\n\r\n${'{'.padEnd(sent, ' ')}`);
    // A refused request is answered with `sent` of LENGTH bytes sent; anything that waits for the body never answers
    // (`waitMs`: how long 'none' is waited for — only a failing refusal waits it out).
    const status = await Promise.race([answered, new Promise<string>((resolve) => setTimeout(() => resolve('none'), waitMs))]);
    return { status, socket };
  };

  it('a foreign Host, a foreign Origin, a cross-site request, a text/plain body: answered after 1 KiB of a 1 MB body, the handler never reached', async () => {
    const refusals = [
      ['Host: attacker.example\r\nContent-Type: application/json\r\n', '403'],
      ['Host: 127.0.0.1\r\nOrigin: http://attacker.example\r\nContent-Type: application/json\r\n', '403'],
      ['Host: 127.0.0.1\r\nSec-Fetch-Site: cross-site\r\nContent-Type: application/json\r\n', '403'],
      ['Host: 127.0.0.1\r\nContent-Type: text/plain\r\n', '415'],
    ] as const;
    for (const [headers, expected] of refusals) {
      const { status, socket } = await statusAfter(headers, 1024, 2000);
      socket.destroy();
      expect(status).toBe(expected);
    }
    expect(reached).toBe(0);
  }, 15_000); // a refusal that waited for the body would show as "none" after 2 s

  it('an allowed request is read whole, once: no answer before its last byte, the handler gets it all', async () => {
    const { status, socket } = await statusAfter('Host: 127.0.0.1\r\nContent-Type: application/json\r\n', 1024, 200);
    expect(status).toBe('none');
    let answer = '';
    socket.on('data', (chunk: string) => (answer += chunk));
    const ended = once(socket, 'end');
    socket.end(`${'"x":"'.padEnd(LENGTH - 1024 - 2, 'x')}"}`);
    await ended;
    expect(answer.slice(9, 12)).toBe('200');
    expect(reached).toBe(1);
    expect(answer).toContain(`{"x":"${'x'.repeat(16)}`);
  });
});
