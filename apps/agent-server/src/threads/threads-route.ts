/**
 * `/api/threads`: each user's conversations. The user is named by a header the app's auth sets (default
 * `x-agent-user`; the demo sends a per-browser id); a request without one is 401. Another user's thread is 404 to
 * read, change or delete, and 409 to create under the same id: nobody learns that it exists.
 *
 *   GET    /api/threads?limit=50&cursor=…   {threads, cursor}   newest first; cursor null on the last page
 *   POST   /api/threads                     {id, title, createdAt, updatedAt, archived, preview?} → 201 {thread}
 *   GET    /api/threads/:id                 {thread}
 *   PATCH  /api/threads/:id                 {title?, archived?, preview?, updatedAt?} → {thread}
 *   DELETE /api/threads/:id                 204
 */
import { Router, type Request, type Response } from 'express';
import { isSafeId } from '../session-ids.js';
import type { ThreadIndex, ThreadRecord } from './thread-index.js';

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
function pick(body: Record<string, unknown>): Partial<ThreadRecord> {
  const picked: Partial<ThreadRecord> = {};
  for (const name of ['title', 'preview', 'archived', 'createdAt', 'updatedAt'] as const) {
    if (body[name] !== undefined) Object.assign(picked, { [name]: body[name] });
  }
  return picked;
}

function recordOf(body: unknown): Check<ThreadRecord> {
  if (!body || typeof body !== 'object') return { problem: 'Expected a thread.' };
  const fields = body as Record<string, unknown>;
  if (!isSafeId(fields.id)) return { problem: 'Invalid id: expected 1-128 characters of A-Z, a-z, 0-9, "_" or "-".' };
  const problem = fieldProblem(fields, false);
  return problem ? { problem } : { value: { id: fields.id, ...(pick(fields) as Omit<ThreadRecord, 'id'>) } };
}

/** The routes over a thread index; `userHeader` names the header that carries the user id. */
export function threadsRoute(index: ThreadIndex, userHeader = DEFAULT_USER_HEADER): Router {
  const router = Router();
  const userOf = (req: Request, res: Response): string | null => {
    const user = req.get(userHeader);
    if (isSafeId(user)) return user;
    res.status(401).json({ status: 'UNAUTHENTICATED', message: `Requests to /api/threads name their user in ${userHeader}.` });
    return null;
  };
  const missing = (res: Response) => res.status(404).json({ status: 'NOT_FOUND', message: 'No such thread.' });
  const invalid = (res: Response, message: string) => res.status(400).json({ status: 'INVALID_ARGUMENT', message });

  router.get('/', async (req, res, next) => {
    try {
      const user = userOf(req, res);
      if (!user) return;
      const limit = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(String(req.query.limit ?? '50'), 10) || 50));
      const cursor = typeof req.query.cursor === 'string' && req.query.cursor.length <= 200 ? req.query.cursor : null;
      res.json(await index.list(user, cursor, limit));
    } catch (error) {
      next(error);
    }
  });
  router.post('/', async (req, res, next) => {
    try {
      const user = userOf(req, res);
      if (!user) return;
      const record = recordOf(req.body);
      if ('problem' in record) return void invalid(res, record.problem);
      if (await index.get(user, record.value.id)) return void res.status(409).json({ status: 'ALREADY_EXISTS', message: 'The thread exists.' });
      if (!(await index.put(user, record.value))) return void res.status(409).json({ status: 'ALREADY_EXISTS', message: 'The id is taken.' });
      res.status(201).json({ thread: record.value });
    } catch (error) {
      next(error);
    }
  });
  router.get('/:id', async (req, res, next) => {
    try {
      const user = userOf(req, res);
      if (!user) return;
      const thread = isSafeId(req.params.id) ? await index.get(user, req.params.id) : null;
      if (!thread) return void missing(res);
      res.json({ thread });
    } catch (error) {
      next(error);
    }
  });
  router.patch('/:id', async (req, res, next) => {
    try {
      const user = userOf(req, res);
      if (!user) return;
      const thread = isSafeId(req.params.id) ? await index.get(user, req.params.id) : null;
      if (!thread) return void missing(res);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const problem = typeof body === 'object' ? fieldProblem(body, true) : 'Expected an object.';
      if (problem) return void invalid(res, problem);
      const updated = { ...thread, ...pick(body), id: thread.id };
      await index.put(user, updated);
      res.json({ thread: updated });
    } catch (error) {
      next(error);
    }
  });
  router.delete('/:id', async (req, res, next) => {
    try {
      const user = userOf(req, res);
      if (!user) return;
      if (!isSafeId(req.params.id) || !(await index.remove(user, req.params.id))) return void missing(res);
      res.status(204).end();
    } catch (error) {
      next(error);
    }
  });
  return router;
}
