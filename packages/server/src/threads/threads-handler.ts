/**
 * The threads routes: each user's conversations, as a Web handler mounted at `route` (default `/api/threads`). The
 * user comes from the `user(request)` hook (the app's auth), required. No user is 401. Another user's thread is 404 to
 * read, change or delete, and 409 to create under the same id, the answer an id the user already has gets: nobody
 * learns that it exists. DELETE deletes the conversation itself too (`deleteConversation`: its sessions, turns, tree),
 * then frees its id. The shapes are @agent-chat/core's `ThreadSummary` and what its `httpThreadAdapter` sends.
 *
 *   GET    <route>?limit=50&cursor=…   {threads, cursor}   newest first; cursor null on the last page
 *   POST   <route>                     {id, title, createdAt, updatedAt, archived, preview?} → 201 {thread}
 *   GET    <route>/<id>                {thread}
 *   PATCH  <route>/<id>                {title?, archived?, preview?, updatedAt?} → {thread}
 *   DELETE <route>/<id>                204
 */
import { DEFAULT_BASE, routePath, THREADS_ROUTE } from '@agent-chat/core/contract';
import type { ThreadSummary } from '@agent-chat/core/threads';
import type { WebHandler } from '../turns/resumable-turns.js';
import { jsonResponse } from '../turns/turn-frames.js';
import { isSafeId } from '../hygiene/safe-id.js';
import { guardRequests, type RequestGuardOptions } from '../hygiene/request-guard.js';
import { unauthenticated, userHookOf, type UserOption } from '../access/user.js';
import type { ThreadIndex } from './thread-index.js';
import { bodyText, takesLightRequests } from '../http/request-body.js';

/** The header `userFromHeader()` reads (a development stand-in for auth). */
export const DEFAULT_USER_HEADER = 'x-agent-user';
const MAX_PAGE = 200;

type Check<T> = { value: T } | { problem: string };

function fieldProblem(body: Record<string, unknown>, partial: boolean): string | undefined {
  const checks: Array<[string, (value: unknown) => boolean]> = [
    ['title', (value) => typeof value === 'string' && value.length <= 200],
    ['preview', (value) => typeof value === 'string' && value.length <= 500],
    ['archived', (value) => typeof value === 'boolean'],
    ['createdAt', (value) => typeof value === 'number' && Number.isFinite(value) && value >= 0],
    ['updatedAt', (value) => typeof value === 'number' && Number.isFinite(value) && value >= 0],
  ];
  for (const [name, valid] of checks) {
    const value = body[name];
    if (value === undefined && (partial || name === 'preview')) continue;
    if (!valid(value)) return `Invalid ${name}.`;
  }
  return undefined;
}

/** The fields a thread keeps, copied (nothing else from the body is stored). */
function pick(body: Record<string, unknown>): Partial<ThreadSummary> {
  const picked: Partial<ThreadSummary> = {};
  for (const name of ['title', 'preview', 'archived', 'createdAt', 'updatedAt'] as const) {
    if (body[name] !== undefined) Object.assign(picked, { [name]: body[name] });
  }
  return picked;
}

function recordOf(body: unknown): Check<ThreadSummary> {
  if (!body || typeof body !== 'object') return { problem: 'Expected a thread.' };
  const fields = body as Record<string, unknown>;
  if (!isSafeId(fields.id)) return { problem: 'Invalid id: expected 1-128 characters of A-Z, a-z, 0-9, "_" or "-".' };
  const problem = fieldProblem(fields, false);
  return problem ? { problem } : { value: { id: fields.id, ...(pick(fields) as Omit<ThreadSummary, 'id'>) } };
}

/** Options of {@link threadsHandler}. */
export interface ThreadsHandlerOptions extends RequestGuardOptions {
  /** Where the summaries live: `memoryThreadIndex()`, `fileThreadIndex({ dir })`, `redisThreadIndex({ client })`. */
  index: ThreadIndex;
  /** The user a request acts for (the app's auth), or null for 401; `'anonymous'` for a single-user tool. Required. */
  user: UserOption;
  /** Where the collection is mounted (default `/api/threads`). */
  route?: string;
  /** Deletes the conversation behind a deleted thread: its snapshots, tree and turns (`genkitRoutes` passes its own). */
  deleteConversation?: (id: string) => Promise<void>;
}

const missing = () => jsonResponse(404, { status: 'NOT_FOUND', message: 'No such thread.' });
const invalid = (message: string) => jsonResponse(400, { status: 'INVALID_ARGUMENT', message });
const readJson = async (request: Request): Promise<unknown> => {
  const text = await bodyText(request);
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return null; // not JSON: "Expected …" (the request guard answers it first)
  }
};

/** The threads routes over a thread index, scoped to the user `user(request)` names. */
export function threadsHandler(options: ThreadsHandlerOptions): WebHandler {
  const { index, deleteConversation } = options;
  const route = (options.route ?? routePath(DEFAULT_BASE, THREADS_ROUTE)).replace(/\/$/, '');
  const userOf = userHookOf(options.user, 'threadsHandler');
  const noRoute = () => jsonResponse(404, { status: 'NOT_FOUND', message: 'No such route.' });
  // The Node adapter may hand it light requests (http/request-body.ts): everything here reads them through that module.
  return takesLightRequests(guardRequests(options)(async (request) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname !== route && !url.pathname.startsWith(`${route}/`)) return noRoute();
    const rest = url.pathname.slice(route.length);
    let id: string | undefined;
    try {
      id = rest === '' || rest === '/' ? undefined : decodeURIComponent(rest.replace(/^\//, ''));
    } catch {
      return noRoute(); // a malformed escape names no thread
    }
    if (id !== undefined && id.includes('/')) return noRoute();
    const user = await userOf(request);
    if (!user) return unauthenticated();

    if (id === undefined) {
      if (request.method === 'GET') {
        const limit = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(url.searchParams.get('limit') ?? '50', 10) || 50));
        const raw = url.searchParams.get('cursor');
        const cursor = raw !== null && raw.length <= 200 ? raw : null;
        return jsonResponse(200, await index.list(user, cursor, limit));
      }
      if (request.method === 'POST') {
        const record = recordOf(await readJson(request));
        if ('problem' in record) return invalid(record.problem);
        // One answer for an id the user has and for another user's: it says nothing about whose it is.
        if (await index.get(user, record.value.id)) return jsonResponse(409, { status: 'ALREADY_EXISTS', message: 'The id is taken.' });
        if (!(await index.put(user, record.value))) return jsonResponse(409, { status: 'ALREADY_EXISTS', message: 'The id is taken.' });
        return jsonResponse(201, { thread: record.value });
      }
      return jsonResponse(405, { status: 'METHOD_NOT_ALLOWED', message: 'Use GET or POST.' }, { Allow: 'GET, POST' });
    }
    if (request.method === 'DELETE') {
      if (!isSafeId(id)) return missing();
      // The user's thread, or a conversation of theirs that has no thread record: both are deleted whole.
      const owned = (await index.owners.ownerOf(id)) === user;
      const removed = await index.remove(user, id);
      if (!removed && !owned) return missing();
      if (owned) {
        await deleteConversation?.(id);
        await index.owners.release(id);
      }
      return new Response(null, { status: 204 });
    }
    if (request.method !== 'GET' && request.method !== 'PATCH') return jsonResponse(405, { status: 'METHOD_NOT_ALLOWED', message: 'Use GET, PATCH or DELETE.' }, { Allow: 'GET, PATCH, DELETE' });
    const thread = isSafeId(id) ? await index.get(user, id) : null;
    if (!thread) return missing();
    if (request.method === 'GET') return jsonResponse(200, { thread });
    const body = ((await readJson(request)) ?? {}) as Record<string, unknown>;
    const problem = typeof body === 'object' && !Array.isArray(body) ? fieldProblem(body, true) : 'Expected an object.';
    if (problem) return invalid(problem);
    const updated = { ...thread, ...pick(body), id: thread.id };
    await index.put(user, updated);
    return jsonResponse(200, { thread: updated });
  }));
}
