/**
 * The client's resumable suite against @agent-chat/server mounted three ways: in Express (`toExpress`, behind
 * `express.json()`), in a bare `node:http` server (`toNodeListener`), and as Next.js App Router route modules whose
 * exported `GET` / `POST` are called with Web Requests. The turn is a captured Genkit agent stream
 * (packages/testing/recordings/genkit-tasks.json) written by a route built on the public API only, as an app with
 * its own agent writes one; the client is @agent-chat/core's `genkitTransport({ resumable })`.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAgentChat, genkitTransport, type AgentChat, type ResumableOptions } from '@agent-chat/core';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumableTurns, toExpress, toNodeListener, type ResumableTurns, type WebHandler } from './index.js';

const recording = JSON.parse(readFileSync(new URL('../../testing/recordings/genkit-tasks.json', import.meta.url), 'utf8')) as {
  turns: Array<{ request: { input: { message: unknown } }; frames: Array<{ raw: string }> }>;
};
const FRAMES = recording.turns[0]!.frames.map((frame) => frame.raw.trimEnd());
const INPUT = 'add Buy milk';
const HEADERS = { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache' };
const ROUTE = '/api/agent';

/** A Genkit agent route on the package: each frame written on its own macrotask, so a cut lands mid-turn. */
function genkitReplayRoute(turns: ResumableTurns, gate: { hold?: Promise<void> }): WebHandler {
  return async (request) => {
    const body = (await request.json()) as { init?: { sessionId?: string }; data?: { message?: unknown } };
    const begun = await turns.begin({ route: ROUTE, sessionId: body.init?.sessionId, input: body.data?.message, user: 'anonymous' });
    if ('response' in begun) return begun.response;
    const { turn } = begun;
    const resumable = turns.isResumable(request);
    const signal = turns.signal(turn, { resumable, disconnect: request.signal });
    void (async () => {
      for (const [index, frame] of FRAMES.entries()) {
        if (index === 3) await gate.hold;
        if (signal.aborted) break;
        turns.append(turn, frame);
        await new Promise((resolve) => setImmediate(resolve));
      }
      await turns.end(turn);
    })();
    return turns.stream(turn, { after: -1, withIds: resumable, headers: HEADERS });
  };
}

interface Mount {
  url: string;
  fetch: typeof fetch;
  gate: { hold?: Promise<void> };
  close(): Promise<void>;
}

function routes(turns: ResumableTurns, gate: Mount['gate']) {
  return { post: genkitReplayRoute(turns, gate), turnRoutes: turns.handler(ROUTE, { headers: HEADERS, user: 'anonymous' }) };
}

async function listen(server: Server, gate: Mount['gate']): Promise<Mount> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${ROUTE}`, fetch, gate,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const MOUNTS: Record<string, () => Promise<Mount>> = {
  async express() {
    const gate = {};
    const { post, turnRoutes } = routes(resumableTurns(), gate);
    const app = express();
    app.use(express.json());
    app.post(ROUTE, toExpress(post));
    app.get(`${ROUTE}/turns/:turnId/stream`, toExpress(turnRoutes));
    app.post(`${ROUTE}/turns/:turnId/cancel`, toExpress(turnRoutes));
    return listen(createServer(app), gate);
  },
  async 'node:http'() {
    const gate = {};
    const { post, turnRoutes } = routes(resumableTurns(), gate);
    const router: WebHandler = (request) => (new URL(request.url).pathname === ROUTE ? post(request) : turnRoutes(request));
    return listen(createServer(toNodeListener(router)), gate);
  },
  async next() {
    // app/api/agent/route.ts and app/api/agent/turns/[id]/[action]/route.ts, as Next calls them.
    const gate = {};
    const { post, turnRoutes } = routes(resumableTurns(), gate);
    const agentRoute: Partial<Record<string, WebHandler>> = { POST: post };
    const turnRoute: Partial<Record<string, WebHandler>> = { GET: turnRoutes, POST: turnRoutes };
    const call: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const module = new URL(request.url).pathname === ROUTE ? agentRoute : turnRoute;
      const handler = module[request.method];
      return handler ? handler(request) : new Response(null, { status: 405 });
    };
    return { url: `http://localhost:3000${ROUTE}`, fetch: call, gate, close: async () => {} };
  },
};

/** A fetch that cuts the first turn POST's body after `bytes` bytes, as a dropped connection does. */
function cuttingFetch(base: typeof fetch, bytes: number, log: string[]): typeof fetch {
  let cut = false;
  return async (input, init) => {
    const method = init?.method ?? 'GET';
    log.push(`${method} ${new URL(String(input)).pathname}`);
    const response = await base(input, init);
    if (cut || method !== 'POST' || !response.body || String(input).endsWith('/cancel')) return response;
    cut = true;
    const reader = response.body.getReader();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        const room = bytes - sent;
        if (value.byteLength < room) {
          sent += value.byteLength;
          return controller.enqueue(value);
        }
        if (room > 0) controller.enqueue(value.subarray(0, room));
        await reader.cancel();
        controller.error(new TypeError('terminated'));
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

const instant: ResumableOptions = { sleep: async (_ms, signal) => signal.throwIfAborted() };
const visible = (chat: AgentChat) => {
  const { messages, custom, status, finishReason, error } = chat.getState();
  return { messages: messages.map(({ role, content, status: state }) => ({ role, content, status: state })), custom, status, finishReason, error };
};
const TOTAL_BYTES = FRAMES.reduce((sum, frame, seq) => sum + new TextEncoder().encode(`id: ${seq}\n${frame}\n\n`).byteLength, 0);

describe.each(Object.keys(MOUNTS))('resumable turns mounted in %s', (name) => {
  let mount: Mount;
  let reference: AgentChat;
  beforeAll(async () => {
    mount = await MOUNTS[name]!();
    reference = createAgentChat({ transport: genkitTransport({ url: mount.url, fetch: mount.fetch, resumable: instant }) });
    expect((await reference.send(INPUT)).text).toBe('Added “Buy milk” (task #1).');
  });
  afterAll(() => mount.close());

  it.each([1, 90, Math.floor(TOTAL_BYTES / 2), TOTAL_BYTES - 20])('a body cut after %i bytes is reattached with Last-Event-ID: the state equals an uncut run', async (bytes) => {
    const log: string[] = [];
    const chat = createAgentChat({ transport: genkitTransport({ url: mount.url, fetch: cuttingFetch(mount.fetch, bytes, log), resumable: instant }) });
    const response = await chat.send(INPUT);
    expect(response.finishReason).toBe('stop');
    expect(visible(chat)).toEqual(visible(reference));
    expect(log).toEqual([`POST ${ROUTE}`, expect.stringMatching(/^GET \/api\/agent\/turns\/[0-9a-f-]{36}\/stream$/)]);
  });

  it('replays exactly the frames after Last-Event-ID; 204 for an unknown turn, 404 to cancel one', async () => {
    const started = await mount.fetch(mount.url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-agent-resumable': 'true' }, body: JSON.stringify({ data: { message: { role: 'user', content: [{ text: INPUT }] } } }) });
    const turnId = started.headers.get('x-agent-turn-id')!;
    const all = await started.text();
    expect(all).toBe(FRAMES.map((frame, seq) => `id: ${seq}\n${frame}\n\n`).join(''));
    const again = await mount.fetch(`${mount.url}/turns/${turnId}/stream`, { headers: { 'last-event-id': '6' } });
    expect(again.status).toBe(200);
    expect(again.headers.get('x-agent-turn-id')).toBe(turnId);
    expect(await again.text()).toBe(FRAMES.slice(7).map((frame, index) => `id: ${index + 7}\n${frame}\n\n`).join(''));
    expect((await mount.fetch(`${mount.url}/turns/00000000-0000-4000-8000-000000000000/stream`)).status).toBe(204);
    const unknown = await mount.fetch(`${mount.url}/turns/00000000-0000-4000-8000-000000000000/cancel`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ status: 'NOT_FOUND' });
    expect(await (await mount.fetch(`${mount.url}/turns/${turnId}/cancel`, { method: 'POST' })).json()).toEqual({ turnId, status: 'ended' });
  });

  it('a second turn in a running session is 409 with its id; cancel stops it; the next turn then runs', async () => {
    let release!: () => void;
    mount.gate.hold = new Promise((resolve) => (release = resolve));
    const body = JSON.stringify({ init: { sessionId: 'session-1' }, data: { message: { role: 'user', content: [{ text: INPUT }] } } });
    const post = () => mount.fetch(mount.url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-agent-resumable': 'true' }, body });
    const first = await post();
    const turnId = first.headers.get('x-agent-turn-id')!;
    const second = await post();
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ status: 'ABORTED', runningTurnId: turnId });
    expect(await (await mount.fetch(`${mount.url}/turns/${turnId}/cancel`, { method: 'POST' })).json()).toEqual({ turnId, status: 'cancelling' });
    release();
    mount.gate.hold = undefined;
    expect(await first.text()).not.toContain('"result"'); // cancelled at the gate, before its last frames
    const third = await post();
    expect(third.status).toBe(200);
    expect(await third.text()).toContain('"result"');
  });
});
