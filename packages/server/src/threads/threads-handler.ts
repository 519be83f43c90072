/**
 * The threads routes: each user's conversations, as a Web handler mounted at `route` (default `/api/threads`). The
 * user comes from the `user(request)` hook (the app's auth); by default the header `x-agent-user`. No user is 401.
 * Another user's thread is 404 to read, change or delete, and 409 to create under the same id: nobody learns that
 * it exists. The shapes are @agent-chat/core's `ThreadSummary` and what its `httpThreadAdapter` sends.
 *
 *   GET    <route>?limit=50&cursor=…   {threads, cursor}   newest first; cursor null on the last page
 *   POST   <route>                     {id, title, createdAt, updatedAt, archived, preview?} → 201 {thread}
 *   GET    <route>/<id>                {thread}
 *   PATCH  <route>/<id>                {title?, archived?, preview?, updatedAt?} → {thread}
 *   DELETE <route>/<id>                204
 */
import type { ThreadSummary } from '@agent-chat/core/threads';
import type { WebHandler } from '../turns/resumable-turns.js';
import { jsonResponse } from '../turns/turn-frames.js';
import { isSafeId } from '../hygiene/safe-id.js';
import type { ThreadIndex } from './thread-index.js';

/** The header the default `user` hook reads. */
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
export interface ThreadsHandlerOptions {
  /** Where the summaries live: `new MemoryThreadIndex()`, `new FileThreadIndex(dir)`, `new RedisThreadIndex(client)`. */
  index: ThreadIndex;
  /** The user a request acts for (the app's auth), or null for 401 (default: a safe id in `x-agent-user`). */
  user?: (request: Request) => string | null | Promise<string | null>;
  /** The header the default `user` reads (default `x-agent-user`). */
  userHeader?: string;
  /** Where the collection is mounted (default `/api/threads`). */
  route?: string;
}

const missing = () => jsonResponse(404, { status: 'NOT_FOUND', message: 'No such thread.' });
const invalid = (message: string) => jsonResponse(400, { status: 'INVALID_ARGUMENT', message });
const readJson = async (request: Request): Promise<unknown> => {
  const text = await request.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
};

/** The threads routes over a thread index, scoped to the user `user(request)` names. */
export function threadsHandler(options: ThreadsHandlerOptions): WebHandler {
  const { index } = options;
  const route = (options.route ?? '/api/threads').replace(/\/$/, '');
  const userHeader = options.userHeader ?? DEFAULT_USER_HEADER;
  const userOf = options.user ?? ((request: Request) => {
    const user = request.headers.get(userHeader);
    return isSafeId(user) ? user : null;
  });
  return async (request) => {
    const url = new URL(request.url, 'http://localhost');
    if (!url.pathname.startsWith(route)) return jsonResponse(404, { status: 'NOT_FOUND', message: 'No such route.' });
    const rest = url.pathname.slice(route.length);
    const id = rest === '' || rest === '/' ? undefined : decodeURIComponent(rest.replace(/^\//, ''));
    if (id !== undefined && id.includes('/')) return jsonResponse(404, { status: 'NOT_FOUND', message: 'No such route.' });
    const user = await userOf(request);
    if (!user) return jsonResponse(401, { status: 'UNAUTHENTICATED', message: `Requests to ${route} name their user in ${userHeader}.` });

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
        if (await index.get(user, record.value.id)) return jsonResponse(409, { status: 'ALREADY_EXISTS', message: 'The thread exists.' });
        if (!(await index.put(user, record.value))) return jsonResponse(409, { status: 'ALREADY_EXISTS', message: 'The id is taken.' });
        return jsonResponse(201, { thread: record.value });
      }
      return jsonResponse(405, { status: 'METHOD_NOT_ALLOWED', message: 'Use GET or POST.' }, { Allow: 'GET, POST' });
    }
    if (request.method === 'DELETE') {
      if (!isSafeId(id) || !(await index.remove(user, id))) return missing();
      return new Response(null, { status: 204 });
    }
    if (request.method !== 'GET' && request.method !== 'PATCH') return jsonResponse(405, { status: 'METHOD_NOT_ALLOWED', message: 'Use GET, PATCH or DELETE.' }, { Allow: 'GET, PATCH, DELETE' });
    const thread = isSafeId(id) ? await index.get(user, id) : null;
    if (!thread) return missing();
    if (request.method === 'GET') return jsonResponse(200, { thread });
    const body = ((await readJson(request)) ?? {}) as Record<string, unknown>;
    const problem = typeof body === 'object' ? fieldProblem(body, true) : 'Expected an object.';
    if (problem) return invalid(problem);
    const updated = { ...thread, ...pick(body), id: thread.id };
    await index.put(user, updated);
    return jsonResponse(200, { thread: updated });
  };
}
