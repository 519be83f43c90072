/**
 * What the access tests share: a real `genkit/beta` agent on an offline echo model behind `genkitRoutes`, called as a
 * Next route module is (Web Requests in), users named by a bearer token (the app's auth), and the requests each
 * protocol's client sends, written out so that a test can send them as another user.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_BASE, RESUMABLE_HEADER, ROUTES, routePath, TURN_ID_HEADER, type RouteProtocol } from '@agent-chat/core/contract';
import { genkit } from 'genkit/beta';
import { genkitRoutes, memorySessionStore, withClientState, type GenkitRoutes, type MemorySessionStore } from '../genkit/index.js';
import type { ResumableTurns } from '../turns/resumable-turns.js';
import type { ThreadIndex } from '../threads/thread-index.js';

export const ORIGIN = 'http://localhost:3000';

/** The app's auth in these tests: `Authorization: Bearer token-<user>`. */
export const bearerUser = (request: Request): string | null => /^Bearer token-(.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? null;

/**
 * An agent whose model answers "You said: <the last user text>." in a few chunks; with `hold`, a message "hold" waits
 * for it first (a turn that ends when the test says).
 */
export function echoAgent(store: MemorySessionStore, hold?: Promise<void>) {
  const ai = genkit({});
  const model = ai.defineModel({ apiVersion: 'v2', name: 'test/echo', supports: { multiturn: true } }, async (request, { sendChunk }) => {
    if (hold && request.messages.at(-1)?.content.some((part) => part.text === 'hold')) await hold;
    const last = request.messages.filter((message) => message.role === 'user').at(-1);
    const text = `You said: ${(last?.content ?? []).map((part) => part.text ?? '').join('')}.`;
    for (const word of text.split(/(?<= )/)) sendChunk({ content: [{ text: word }] });
    return { message: { role: 'model', content: [{ text }] }, finishReason: 'stop' };
  });
  return ai.defineAgent({ name: 'echoAgent', model, store: withClientState(store) });
}

export interface Instance {
  routes: GenkitRoutes;
  store: MemorySessionStore;
}

/** One server: `genkitRoutes` over `store` (shared by instances that share sessions), `threads` and `turns` (`hold`: see `echoAgent`). */
export function instance(options: { store?: MemorySessionStore; threads?: ThreadIndex; turns?: ResumableTurns; hold?: Promise<void> } = {}): Instance {
  const store = options.store ?? memorySessionStore();
  const routes = genkitRoutes({
    agent: echoAgent(store, options.hold),
    store: withClientState(store),
    user: bearerUser,
    ...(options.threads && { threads: options.threads }),
    ...(options.turns && { turns: options.turns }),
  });
  return { routes, store };
}

/** A request as `user` (null: no Authorization) would send it from the app's page. */
export function call(routes: GenkitRoutes, user: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return routes(
    new Request(`${ORIGIN}${path}`, {
      method,
      headers: {
        ...(user !== null && { authorization: `Bearer token-${user}` }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }),
  );
}

const text = (words: string) => ({ role: 'user', content: [{ text: words }] });

/** The body of each protocol's turn in conversation `id`. */
export const turnBodies = {
  genkit: (id: string, words: string) => ({ path: routePath(DEFAULT_BASE, ROUTES.genkit), body: { data: { message: text(words) }, init: { sessionId: id } } }),
  agui: (id: string, words: string) => ({
    path: routePath(DEFAULT_BASE, ROUTES.agui),
    body: { threadId: id, runId: `run-${words.length}`, messages: [{ id: `${id}-u-${words.length}`, role: 'user', content: words }], state: {}, tools: [], context: [], forwardedProps: {} },
  }),
  'ai-sdk': (id: string, words: string) => ({
    path: routePath(DEFAULT_BASE, ROUTES['ai-sdk']),
    body: { id, trigger: 'submit-message', messages: [{ id: `${id}-u-${words.length}`, role: 'user', parts: [{ type: 'text', text: words }] }] },
  }),
} satisfies Record<RouteProtocol, (id: string, words: string) => { path: string; body: unknown }>;
export type Protocol = RouteProtocol;

/** Sends a turn and reads it to its end: the status, the turn id, the body. */
export async function sendTurn(routes: GenkitRoutes, user: string | null, protocol: Protocol, id: string, words: string) {
  const { path, body } = turnBodies[protocol](id, words);
  const response = await call(routes, user, 'POST', path, body, { accept: 'text/event-stream', [RESUMABLE_HEADER]: 'true' });
  return { status: response.status, turnId: response.headers.get(TURN_ID_HEADER), body: await response.text() };
}

/** The route a protocol's turns are under. */
export const routeOf = (protocol: Protocol): string => routePath(DEFAULT_BASE, ROUTES[protocol]);
/** The protocols the routes serve, in order. */
export const PROTOCOLS = Object.keys(ROUTES) as Protocol[];

/** Everything the owner can read of a conversation, timestamps taken out: it must not change when others act. */
export async function ownerView(routes: GenkitRoutes, user: string, id: string): Promise<unknown> {
  const json = async (response: Response) => ({ status: response.status, body: response.status === 204 ? null : await response.json() });
  const connect = await call(routes, user, 'POST', '/api/agui/connect', { threadId: id, runId: 'view', messages: [], state: {}, tools: [], context: [], forwardedProps: {} });
  return {
    snapshot: await json(await call(routes, user, 'POST', '/api/agent/getSnapshot', { data: { sessionId: id } })),
    chat: await json(await call(routes, user, 'GET', `/api/ai-sdk/chats/${id}`)),
    connect: { status: connect.status, body: (await connect.text()).replace(/"timestamp":\d+/g, '') },
    thread: await json(await call(routes, user, 'GET', `/api/threads/${id}`)),
  };
}

/** A fresh temporary folder, and its removal. */
export const makeTempDir = () => mkdtemp(join(tmpdir(), 'agent-chat-server-'));
export const removeDir = (dir: string) => rm(dir, { recursive: true, force: true });
