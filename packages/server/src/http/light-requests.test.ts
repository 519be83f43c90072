// The Node adapter's light requests (issue 45, http/request-body.ts): the package's own handlers get no undici Request
// on node:http but an object with its URL, method and headers, its bytes and disconnect signal known beside it. Attacked as a client would: every refusal of the request guard
// and of the routes holds there, for each protocol's route, and an app's user hook still gets a whole Request.
import { request as httpRequest, createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { bearerUser, echoAgent, PROTOCOLS, turnBodies, type Protocol } from '../access/access-test-support.js';
import { genkitRoutes, memorySessionStore, withClientState } from '../genkit/index.js';
import { guardRequests } from '../hygiene/request-guard.js';
import { fullRequest, lightRequestsOf, requestUrl, takesLightRequests } from './request-body.js';
import { listenForTests } from '../listen-test-support.js';
import { toNodeListener } from './node-adapter.js';

const store = memorySessionStore();
/** What the app's user hook was given: the request's body as it read it, and whether it had a signal. */
const hookSaw: { body: string; signal: boolean }[] = [];
const routes = genkitRoutes({
  agent: echoAgent(store),
  store: withClientState(store),
  user: async (request) => {
    if (request.method === 'POST') hookSaw.push({ body: await request.clone().text(), signal: request.signal instanceof AbortSignal });
    return bearerUser(request);
  },
  maxBodyBytes: 2048,
  maxJsonDepth: 12,
});
const server = createServer(toNodeListener(routes));
const portOf = listenForTests(server, { afterClose: () => routes.dispose() });

/** A POST as a client sends it on the wire: `raw` as the body (its Content-Length said), these headers over the defaults. */
function post(path: string, raw: string, { user, headers = {} }: { user?: string | null; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const all: Record<string, string> = {
      host: `127.0.0.1:${portOf()}`,
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'content-length': String(Buffer.byteLength(raw)),
      ...(user !== null && { authorization: `Bearer token-${user ?? 'ann'}` }),
      ...headers,
    };
    httpRequest({ host: '127.0.0.1', port: portOf(), path, method: 'POST', headers: all }, (response) => {
      response.setEncoding('utf8');
      let body = '';
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    })
      .on('error', reject)
      .end(raw);
  });
}
const turn = (protocol: Protocol, id: string, words: string, options?: Parameters<typeof post>[2]) => {
  const { path, body } = turnBodies[protocol](id, words);
  return post(path, JSON.stringify(body), options);
};
/** The same turn body with its conversation id replaced (ids are checked before anything runs). */
const withId = (protocol: Protocol, id: string) => {
  const { path, body } = turnBodies[protocol]('x', 'hi');
  const named = protocol === 'genkit' ? { ...body, init: { sessionId: id } } : protocol === 'agui' ? { ...body, threadId: id } : { ...body, id };
  return { path, raw: JSON.stringify(named) };
};

describe('light requests on node:http', () => {
  it('a client that opted out of resuming (x-agent-resumable: false) stops its turn by closing; one that did not, does not', async () => {
    const heldStore = memorySessionStore();
    const held = genkitRoutes({ agent: echoAgent(heldStore, new Promise(() => {})), store: withClientState(heldStore), user: bearerUser });
    const heldServer = createServer(toNodeListener(held));
    await new Promise<void>((resolve) => heldServer.listen(0, '127.0.0.1', resolve));
    const heldPort = (heldServer.address() as AddressInfo).port;
    /** Starts a turn whose model waits forever, and closes the connection once the answer's headers came. */
    const startAndLeave = (id: string, resumable: boolean) =>
      new Promise<void>((resolve, reject) => {
        const raw = JSON.stringify(turnBodies['ai-sdk'](id, 'hold').body);
        const call = httpRequest({ host: '127.0.0.1', port: heldPort, path: '/api/ai-sdk', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(raw.length), authorization: 'Bearer token-ann', 'x-agent-resumable': String(resumable) } }, (response) => {
          expect(response.statusCode).toBe(200);
          call.destroy();
          resolve();
        }).on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve() : reject(error)));
        call.end(raw);
      });
    try {
      await startAndLeave('stays', true);
      await startAndLeave('stops', false);
      await expect.poll(() => held.turns.runningTurns().find((turn) => turn.sessionId === 'stops')?.controller.signal.aborted).toBe(true);
      expect(held.turns.runningTurns().find((turn) => turn.sessionId === 'stays')?.controller.signal.aborted).toBe(false);
    } finally {
      heldServer.closeAllConnections();
      await new Promise((resolve) => heldServer.close(resolve));
      await held.dispose();
    }
  });

  it("are what the package's own handlers get, never an app's handler in guardRequests (it reads its body itself)", () => {
    expect(lightRequestsOf(routes)).toBe(true);
    expect(lightRequestsOf(guardRequests()(async () => new Response()))).toBe(false);
  });

  it('are no undici Request but read as one: the URL as Request.url serializes it (parsed once), method, headers, the body once, the disconnect signal; fullRequest makes a real one', async () => {
    const seen: Record<string, unknown>[] = [];
    const lightServer = createServer(
      toNodeListener(
        takesLightRequests(async (request: Request) => {
          const signal = request.signal;
          const full = await fullRequest(request);
          const entry: Record<string, unknown> = {
            isRequest: request instanceof Request, url: request.url, method: request.method, type: request.headers.get('content-type'), custom: request.headers.get('x-custom'),
            body: request.body, signalIsAbortSignal: signal instanceof AbortSignal && !signal.aborted,
            // Parsed once for every reader (the routes' dispatch, the subroutes).
            path: requestUrl(request).pathname, sameUrl: requestUrl(request) === requestUrl(request) && requestUrl(request).href === request.url,
            fullIsRequest: full instanceof Request, fullUrl: full.url, fullBody: await full.clone().text(),
          };
          entry.json = await request.json();
          entry.bodyUsed = request.bodyUsed;
          entry.again = await request.text().then(() => 'read twice', (error: unknown) => (error instanceof TypeError ? 'TypeError' : String(error)));
          seen.push(entry);
          return new Response('ok');
        }),
      ),
    );
    await new Promise<void>((resolve) => lightServer.listen(0, '127.0.0.1', resolve));
    const lightPort = (lightServer.address() as AddressInfo).port;
    try {
      const raw = JSON.stringify({ hello: 'wörld' });
      const status = await new Promise<number>((resolve, reject) => {
        httpRequest({ host: '127.0.0.1', port: lightPort, path: '/api/x/../agent?stream=true', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(raw)), 'x-custom': 'one' } }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        })
          .on('error', reject)
          .end(raw);
      });
      expect(status).toBe(200);
      expect(seen).toEqual([{
        isRequest: false, url: `http://127.0.0.1:${lightPort}/api/agent?stream=true`, method: 'POST', type: 'application/json', custom: 'one',
        body: null, signalIsAbortSignal: true, path: '/api/agent', sameUrl: true,
        fullIsRequest: true, fullUrl: `http://127.0.0.1:${lightPort}/api/agent?stream=true`, fullBody: raw,
        json: { hello: 'wörld' }, bodyUsed: true, again: 'TypeError',
      }]);
    } finally {
      lightServer.closeAllConnections();
      await new Promise((resolve) => lightServer.close(resolve));
    }
  });

  it.each(PROTOCOLS)('%s: the owner’s turn streams whole; the user hook got the whole request, body and signal', async (protocol) => {
    hookSaw.length = 0;
    const id = `light-${protocol}`;
    const { status, body } = await turn(protocol, id, 'hello there');
    expect(status).toBe(200);
    for (const word of ['You ', 'said: ', 'hello ', 'there.']) expect(body).toContain(word);
    expect(body).toContain({ genkit: '"result"', agui: 'RUN_FINISHED', 'ai-sdk': '[DONE]' }[protocol]);
    const sent = JSON.stringify(turnBodies[protocol](id, 'hello there').body);
    expect(hookSaw).toContainEqual({ body: sent, signal: true });
  });

  it.each(PROTOCOLS)("%s: another user's conversation is unknown to them (404); no user is 401", async (protocol) => {
    const id = `owned-${protocol}`;
    expect((await turn(protocol, id, 'mine', { user: 'ann' })).status).toBe(200);
    expect((await turn(protocol, id, 'now mine', { user: 'bob' })).status).toBe(404);
    expect((await turn(protocol, `${id}-2`, 'anyone', { user: null })).status).toBe(401);
  });

  it.each(PROTOCOLS)('%s: a foreign Host or Origin is 403, a cross-site POST 403, a body not sent as JSON 415', async (protocol) => {
    const { path, body } = turnBodies[protocol](`refused-${protocol}`, 'hi');
    const raw = JSON.stringify(body);
    expect((await post(path, raw, { headers: { host: 'evil.example' } })).status).toBe(403);
    expect((await post(path, raw, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await post(path, raw, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    // Valid JSON, as a page elsewhere could send it without a CORS preflight: refused all the same.
    expect((await post(path, raw, { headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    expect((await post(path, raw, { headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(415);
    expect(await store.getSnapshot({ sessionId: `refused-${protocol}` })).toBeUndefined();
  });

  it.each(PROTOCOLS)('%s: past the size cap 413, past the depth cap or not JSON 400, before anything runs', async (protocol) => {
    const id = `capped-${protocol}`;
    const { path, body } = turnBodies[protocol](id, 'x'.repeat(2100));
    expect((await post(path, JSON.stringify(body))).status).toBe(413);
    let deep: unknown = 'x';
    for (let level = 0; level < 20; level++) deep = [deep];
    const { body: shallow } = turnBodies[protocol](id, 'hi');
    expect((await post(path, JSON.stringify({ ...(shallow as object), extra: deep }))).status).toBe(400);
    expect((await post(path, '{"id": "not json')).status).toBe(400);
    expect(await store.getSnapshot({ sessionId: id })).toBeUndefined();
  });

  it.each(PROTOCOLS)('%s: a conversation id with ../ is 400', async (protocol) => {
    const { path, raw } = withId(protocol, '../../etc/passwd');
    const answer = await post(path, raw);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('INVALID_ARGUMENT');
  });

  it('the threads route reads a light request’s body too (a create, a rename), and refuses another user’s thread', async () => {
    const send = (method: string, path: string, user: string, body?: unknown) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const raw = body === undefined ? '' : JSON.stringify(body);
        const headers = { host: `127.0.0.1:${portOf()}`, authorization: `Bearer token-${user}`, ...(body !== undefined && { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(raw)) }) };
        httpRequest({ host: '127.0.0.1', port: portOf(), path, method, headers }, (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        })
          .on('error', reject)
          .end(raw);
      });
    const now = Date.now();
    expect((await send('POST', '/api/threads', 'ann', { id: 'threaded', title: 'First', createdAt: now, updatedAt: now, archived: false })).status).toBe(201);
    expect((await send('PATCH', '/api/threads/threaded', 'bob', { title: 'Stolen' })).status).toBe(404);
    expect((await send('PATCH', '/api/threads/threaded', 'ann', { title: 'Renamed' })).status).toBe(200);
    const listed = await send('GET', '/api/threads', 'ann');
    expect(listed.body).toContain('"Renamed"');
    expect(listed.body).not.toContain('Stolen');
  });
});
