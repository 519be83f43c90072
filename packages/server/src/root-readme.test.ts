/**
 * The root README's Next.js pieces, as written, against `genkitRoutes`: its proxy route (the module's GET and POST
 * called as Next calls them) in front of a node:http server of `genkitRoutes`, driven by a `resumable: true` client
 * whose first stream is cut mid-answer (it must reattach through the proxy), and its server page's props (the chat the
 * view builds from them) through the same proxy. Only the auth hook the block declares is given, and the model is an
 * offline echo.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createAgentChat, genkitTransport, protocolTransport, type ProtocolName } from '@agent-chat/core';
import { RESUMABLE_HEADER, TURN_ID_HEADER } from '@agent-chat/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fencedBlocks } from '../../../scripts/check-readme-code.mjs';
import { echoAgent } from './access/access-test-support.js';
import { genkitRoutes, memorySessionStore, withClientState } from './genkit/index.js';
import { toNodeListener, userFromHeader } from './index.js';

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const RUN_DIR = fileURLToPath(new URL('../.root-readme-run/', import.meta.url));
const APP = 'http://localhost:3000';

/** The README's block whose first line is `first`. */
function block(first: string): string {
  const found = fencedBlocks(README).filter((candidate) => candidate.code.startsWith(first));
  expect(found, first).toHaveLength(1);
  return found[0]!.code;
}

type RouteHandler = (request: Request, context: { params: Promise<{ path?: string[] }> }) => Promise<Response>;
let upstream: Server;
let route: Record<'GET' | 'POST', RouteHandler>;
const requests: string[] = [];

beforeAll(async () => {
  const store = memorySessionStore();
  upstream = createServer(toNodeListener(genkitRoutes({ agent: echoAgent(store), store: withClientState(store), user: userFromHeader('x-agent-user') })));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  process.env.AGENT_SERVER_URL = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  // The block declares the app's auth hook; the test's app has one user.
  const declared = 'declare function userOf(request: Request): Promise<string>;';
  const code = block('// app/api/agent/[[...path]]/route.ts');
  expect(code).toContain(declared);
  const runnable = code.replace(declared, "const userOf = async (_request: Request) => 'reader';");
  mkdirSync(RUN_DIR, { recursive: true });
  writeFileSync(`${RUN_DIR}route.ts`, runnable);
  route = (await import(/* @vite-ignore */ `${RUN_DIR}route.ts`)) as typeof route;
});
afterAll(async () => {
  rmSync(RUN_DIR, { recursive: true, force: true });
  delete process.env.AGENT_SERVER_URL;
  await new Promise<void>((resolve) => {
    upstream.closeAllConnections();
    upstream.close(() => resolve());
  });
});

/** The browser's fetch to the app: Next calls the route module's export for the method, with the catch-all's params. */
const next: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  requests.push(`${request.method} ${url.pathname}`);
  const path = url.pathname.replace(/^\/api\/agent\/?/, '').split('/').filter(Boolean);
  const handler = route[request.method as 'GET' | 'POST'];
  if (!url.pathname.startsWith('/api/agent') || !handler) return new Response(null, { status: 404 });
  return handler(request, { params: Promise.resolve(path.length ? { path } : {}) });
};

/** The app's fetch, with the first turn POST's body cut after `bytes` bytes, as a dropped connection does. */
function cutting(bytes: number): typeof fetch {
  let cut = false;
  return async (input, init) => {
    const response = await next(input, init);
    if (cut || init?.method !== 'POST' || !response.body || String(input).endsWith('/cancel')) return response;
    cut = true;
    const reader = response.body.getReader();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done || sent + value.byteLength > bytes) {
          await reader.cancel();
          return controller.error(new TypeError('network error'));
        }
        sent += value.byteLength;
        controller.enqueue(value);
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

describe("the root README's Next.js proxy route, as written, in front of genkitRoutes", () => {
  it('forwards what resumable turns need: a turn cut mid-answer reattaches through it and ends whole', async () => {
    requests.length = 0;
    const text = 'one two three four five six seven eight nine ten eleven twelve';
    const chat = createAgentChat({ transport: genkitTransport({ url: `${APP}/api/agent`, fetch: cutting(120), resumable: { sleep: async () => {} } }) });
    const answer = await chat.send(text);
    expect(answer).toMatchObject({ finishReason: 'stop', text: `You said: ${text}.` });
    expect(requests).toEqual(['POST /api/agent', expect.stringMatching(/^GET \/api\/agent\/turns\/[A-Za-z0-9_-]+\/stream$/)]);
    // The reloaded session holds the turn once.
    const restored = createAgentChat({ transport: genkitTransport({ url: `${APP}/api/agent`, fetch: next }) });
    await restored.restore({ sessionId: chat.getState().sessionId! });
    expect(restored.getState().messages.map((message) => message.role)).toEqual(['user', 'model']);
  });

  it('passes the turn id out and the resumable header in (what a client without them could not reattach with)', async () => {
    const response = await next(`${APP}/api/agent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', [RESUMABLE_HEADER]: 'true' },
      body: JSON.stringify({ data: { message: { role: 'user', content: [{ text: 'hi' }] } } }),
    });
    const turnId = response.headers.get(TURN_ID_HEADER);
    expect(turnId).toMatch(/^[A-Za-z0-9_-]+$/);
    // With the header, SSE ids are written (frame ids are what Last-Event-ID names).
    expect(await response.text()).toMatch(/^id: 0\n/);
    const replay = await next(`${APP}/api/agent/turns/${turnId}/stream`, { headers: { accept: 'text/event-stream', 'last-event-id': '0' } });
    expect(replay.status).toBe(200);
    expect(await replay.text()).not.toMatch(/^id: 0\n/m);
    const cancel = await next(`${APP}/api/agent/turns/${turnId}/cancel`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(await cancel.json()).toEqual({ turnId, status: 'ended' });
  });
});

describe("the root README's server page, as written", () => {
  it('its props make a chat that genkitRoutes serves through the proxy route', async () => {
    const page = block('// app/page.tsx — a server component');
    const element = /<AgentChatView\b([^>]*)\/>/.exec(page)?.[1] ?? '';
    const props = Object.fromEntries([...element.matchAll(/(\w+)=(?:"([^"]*)"|\{([^}]*)\})/g)].map(([, name, text, expression]) => [name!, text ?? expression!]));
    // Plain data only: the protocol, the route and the starter prompts (a `state` would make it client-managed).
    expect(Object.keys(props).sort()).toEqual(['protocol', 'starterPrompts', 'url']);
    const starters = JSON.parse(props.starterPrompts!.replaceAll("'", '"')) as string[];
    // As the view builds it in the browser: protocolTransport(protocol, { url }) (the browser's fetch is the app's).
    const chat = createAgentChat({ transport: protocolTransport(props.protocol as ProtocolName, { url: `${APP}${props.url}`, fetch: next }) });
    expect(await chat.send(starters[0]!)).toMatchObject({ finishReason: 'stop', text: `You said: ${starters[0]}.` });
  });
});
