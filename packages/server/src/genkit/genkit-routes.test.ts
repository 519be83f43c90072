/**
 * A Genkit agent's three protocols from @agent-chat/server/genkit, mounted three ways as an app would: `genkitRoutes`
 * in Express (behind `express.json()`), in a bare `node:http` server, and as a Next.js catch-all route module whose
 * `POST` / `GET` are called with Web Requests. The agent is a real `genkit/beta` agent (`ai.defineAgent` with an
 * in-memory session store) on a small offline model that streams its answer word by word; the clients are
 * @agent-chat/core's transports with `resumable`. Each protocol: a body cut mid-answer is reattached and the chat
 * equals an uncut one; the conversation then comes back after a reload (restore) on the same session.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { aguiTransport, aiSdkTransport, createAgentChat, genkitTransport, versionTree, type AgentChat, type ResumableOptions, type Transport } from '@agent-chat/core';
import { ROUTES, routePath, type RouteProtocol } from '@agent-chat/core/contract';
import express from 'express';
import { genkit } from 'genkit/beta';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resumableTurns, toExpress, toNodeListener } from '../index.js';
import { currentTurn, genkitAgentHandler, genkitRoutes, memorySessionStore, withClientState, type GenkitRoutes } from './index.js';

/** The agent: its model answers "You said: <the last user text>." word by word, one word per macrotask. */
function echoAgent() {
  const ai = genkit({});
  const model = ai.defineModel({ apiVersion: 'v2', name: 'test/echo', supports: { multiturn: true } }, async (request, { sendChunk }) => {
    const last = request.messages.filter((message) => message.role === 'user').at(-1);
    const text = `You said: ${(last?.content ?? []).map((part) => part.text ?? '').join('')}.`;
    const words = text.split(/(?<= )/);
    for (const word of words) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      if (currentTurn()?.signal.aborted) break;
      sendChunk({ content: [{ text: word }] });
    }
    return { message: { role: 'model', content: [{ text }] }, finishReason: 'stop' };
  });
  const store = withClientState(memorySessionStore());
  return { agent: ai.defineAgent({ name: 'echoAgent', model, store }), store };
}

interface Mount {
  base: string;
  fetch: typeof fetch;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<Mount> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/api`,
    fetch,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const MOUNTS: Record<string, (routes: GenkitRoutes) => Promise<Mount>> = {
  async express(routes) {
    const app = express();
    app.use(express.json());
    app.all('/api/*', toExpress(routes));
    return listen(createServer(app));
  },
  async 'node:http'(routes) {
    return listen(createServer(toNodeListener(routes)));
  },
  async next(routes) {
    // app/api/[...path]/route.ts: `export const GET = routes, POST = routes;` as Next calls them.
    const route = { GET: routes, POST: routes };
    const call: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      return request.method === 'GET' ? route.GET(request) : request.method === 'POST' ? route.POST(request) : new Response(null, { status: 405 });
    };
    return { base: 'http://localhost:3000/api', fetch: call, close: async () => {} };
  },
};

type Fetch = typeof globalThis.fetch;
const PROTOCOLS = {
  genkit: (base, fetch, resumable) => genkitTransport({ url: routePath(base, ROUTES.genkit), fetch, resumable }),
  agui: (base, fetch, resumable) => aguiTransport({ url: routePath(base, ROUTES.agui), fetch, resumable }),
  'ai-sdk': (base, fetch, resumable) => aiSdkTransport({ url: routePath(base, ROUTES['ai-sdk']), fetch, resumable }),
} satisfies Record<RouteProtocol, (base: string, fetch: Fetch, resumable: ResumableOptions) => Transport>;

/** A fetch that cuts the first turn POST's body after `bytes` bytes, as a dropped connection does. */
function cuttingFetch(base: typeof fetch, bytes: number, log: string[]): typeof fetch {
  let cut = false;
  return async (input, init) => {
    const method = init?.method ?? 'GET';
    log.push(`${method} ${new URL(String(input)).pathname}`);
    const response = await base(input, init);
    if (cut || method !== 'POST' || !response.body || response.status !== 200 || String(input).endsWith('/cancel') || String(input).endsWith('/connect')) return response;
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
const said = (chat: AgentChat) => chat.getState().messages.map(({ role, content }) => `${role}: ${content.map((part) => ('text' in part ? part.text : '')).join('')}`);

describe.each(Object.keys(MOUNTS))('genkitRoutes mounted in %s', (name) => {
  let mount: Mount;
  let routes: GenkitRoutes;
  beforeAll(async () => {
    const { agent, store } = echoAgent();
    routes = genkitRoutes({ agent, store, user: 'anonymous' });
    mount = await MOUNTS[name]!(routes);
  });
  afterAll(async () => {
    await mount.close();
    await routes.turns.dispose();
  });

  it.each(Object.keys(PROTOCOLS) as RouteProtocol[])('%s: a body cut mid-answer is reattached and equals the answer; a reload restores the conversation', async (protocol) => {
    const make = PROTOCOLS[protocol];
    const log: string[] = [];
    const chat = createAgentChat({ transport: make(mount.base, cuttingFetch(mount.fetch, 120, log), instant) });
    const first = await chat.send('hello there');
    expect(first.error).toBeNull();
    expect(first.finishReason).toBe('stop');
    expect(first.text).toBe('You said: hello there.');
    expect(log.some((line) => /^GET \/api\/[a-z-]+\/turns\/[0-9a-f-]{36}\/stream$/.test(line))).toBe(true);
    const second = await chat.send('and again');
    expect(second.text).toBe('You said: and again.');
    const sessionId = chat.getState().sessionId!;
    expect(said(chat)).toEqual(['user: hello there', 'model: You said: hello there.', 'user: and again', 'model: You said: and again.']);
    // A reload: a new chat restores the session from the server.
    const reloaded = createAgentChat({ transport: make(mount.base, mount.fetch, instant) });
    await reloaded.restore({ sessionId });
    expect(said(reloaded)).toEqual(said(chat));
  });

  it('a second turn in a running session is 409; unknown routes are 404', async () => {
    const post = () => mount.fetch(`${mount.base}/agent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-agent-resumable': 'true' },
      body: JSON.stringify({ init: { sessionId: `busy-${name.replace(/\W/g, '')}` }, data: { message: { role: 'user', content: [{ text: 'one two three four five six' }] } } }),
    });
    const first = await post();
    const turnId = first.headers.get('x-agent-turn-id');
    expect(turnId).toMatch(/^[0-9a-f-]{36}$/);
    const second = await post();
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ status: 'ABORTED', runningTurnId: turnId });
    expect(await first.text()).toContain('"result"');
    expect((await mount.fetch(`${mount.base}/nope`, { method: 'POST' })).status).toBe(404);
    expect((await mount.fetch(`${mount.base}/ai-sdk/nope/stream`)).status).toBe(204);
  });
});

describe("genkitRoutes: a named session's first answer run again (a thread's regenerate or edit)", () => {
  it('starts from the empty state, not from the session\'s latest snapshot (a regenerate, then an edit)', async () => {
    const { agent, store } = echoAgent();
    const routes = genkitRoutes({ agent, store, user: 'anonymous' });
    const call: typeof fetch = async (input, init) => routes(new Request(input, init));
    try {
      // A thread's chat: its session id is the thread's, named from its first turn.
      const chat = createAgentChat({ transport: genkitTransport({ url: 'http://localhost/api/agent', fetch: call }), sessionId: 'thread-first', features: [versionTree()] });
      await chat.send('hello');
      const first = chat.getState().messages[1]!;
      expect((await chat.regenerate(first.id)).error).toBeNull();
      expect(said(chat)).toEqual(['user: hello', 'model: You said: hello.']);
      // The session's latest state is the regenerated line alone: one question, one answer (not the first answer's line continued).
      const latest = await genkitTransport({ url: 'http://localhost/api/agent', fetch: call }).getSnapshot!({ sessionId: 'thread-first' });
      expect(latest.state?.messages.map((message) => message.role)).toEqual(['user', 'model']);
      expect(latest.sessionId).toBe('thread-first');
      // An edit of the first message: the same.
      expect((await chat.edit(chat.getState().messages[0]!.id, 'bye')).error).toBeNull();
      const edited = await genkitTransport({ url: 'http://localhost/api/agent', fetch: call }).getSnapshot!({ sessionId: 'thread-first' });
      expect(edited.state?.messages.map((message) => message.content.map((part) => ('text' in part ? part.text : '')).join(''))).toEqual(['bye', 'You said: bye.']);
    } finally {
      await routes.turns.dispose();
    }
  });

  it('is refused (400) by a route without a session store, never run on the latest state', async () => {
    const { agent } = echoAgent();
    const turns = resumableTurns();
    const handler = genkitAgentHandler({ route: '/api/agent', agent, turns, snapshots: agent.getSnapshotDataAction, user: 'anonymous' });
    try {
      const response = await handler(new Request('http://localhost/api/agent', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ init: { sessionId: 'no-store', snapshotId: null }, data: { message: { role: 'user', content: [{ text: 'hi' }] } } }),
      }));
      expect(response.status).toBe(400);
    } finally {
      await turns.dispose();
    }
  });
});

describe("genkitRoutes reads the agent's snapshots with its getSnapshotData method", () => {
  it('turns on the three protocols run no snapshot action (no span, no NOT_FOUND thrown for a new id); getSnapshot answers as before, with only the lookup reaching the store', async () => {
    const { agent, store } = echoAgent();
    const action = vi.spyOn(agent.getSnapshotDataAction, 'run');
    const method = vi.spyOn(agent, 'getSnapshotData');
    const routes = genkitRoutes({ agent, store, user: 'anonymous' });
    const call: typeof fetch = async (input, init) => routes(new Request(input, init));
    try {
      const sessions: string[] = [];
      for (const make of Object.values(PROTOCOLS)) {
        const chat = createAgentChat({ transport: make('http://localhost/api', call, instant) });
        expect((await chat.send('one')).text).toBe('You said: one.');
        expect((await chat.send('two')).text).toBe('You said: two.');
        sessions.push(chat.getState().sessionId!);
      }
      expect(method).toHaveBeenCalled();
      const getSnapshot = (data: unknown) => call('http://localhost/api/agent/getSnapshot', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) });
      const reads = vi.spyOn(store, 'getSnapshot');
      for (const sessionId of sessions) {
        const response = await getSnapshot({ sessionId, context: { auth: 'forged' } });
        expect(response.status).toBe(200);
        const { result } = (await response.json()) as { result: { sessionId: string; state: { messages: unknown[] } } };
        expect(result.sessionId).toBe(sessionId);
        expect(result.state.messages).toHaveLength(4);
      }
      expect(reads).toHaveBeenCalled();
      expect(reads.mock.calls.every(([lookup]) => JSON.stringify(lookup) === JSON.stringify({ sessionId: lookup.sessionId }))).toBe(true);
      expect((await getSnapshot({ sessionId: 'nobody-has-this-one' })).status).toBe(404);
      expect(action).not.toHaveBeenCalled();
    } finally {
      await routes.turns.dispose();
    }
  });
});
