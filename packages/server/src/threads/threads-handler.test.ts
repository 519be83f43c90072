import { httpThreadAdapter } from '@agent-chat/core/threads';
import { describe, expect, it } from 'vitest';
import { memoryThreadIndex, threadsHandler } from '../index.js';

/** The app's auth: a bearer token per user (a Next route handler would read its session cookie the same way). */
const TOKENS: Record<string, string> = { 'token-ann': 'ann', 'token-bob': 'bob' };
const handler = threadsHandler({
  index: memoryThreadIndex(),
  route: '/api/chat/threads',
  user: (request) => TOKENS[request.headers.get('authorization')?.replace(/^Bearer /, '') ?? ''] ?? null,
});
/** core's httpThreadAdapter calling the handler as Next calls a route module's exports: a Web Request in. */
const adapterFor = (token: string) =>
  httpThreadAdapter({ url: 'http://localhost/api/chat/threads', headers: { authorization: `Bearer ${token}` }, fetch: async (input, init) => handler(new Request(input, init)) });

describe('threadsHandler with a user(request) hook', () => {
  it('scopes every route to the user the hook names; another user cannot see, change or take the id; no user is 401', async () => {
    const ann = adapterFor('token-ann');
    const bob = adapterFor('token-bob');
    const thread = { id: 'chat-1', title: 'Groceries', createdAt: 1, updatedAt: 2, archived: false };
    await ann.save(thread);
    expect(await ann.get('chat-1')).toEqual(thread);
    expect(await ann.list({ cursor: null, limit: 10 })).toEqual({ threads: [thread], cursor: null });
    expect(await bob.get('chat-1')).toBeNull();
    expect(await bob.list({ cursor: null, limit: 10 })).toEqual({ threads: [], cursor: null });
    const taken = await handler(new Request('http://localhost/api/chat/threads', { method: 'POST', headers: { authorization: 'Bearer token-bob', 'content-type': 'application/json' }, body: JSON.stringify(thread) }));
    expect(taken.status).toBe(409);
    const patched = await handler(new Request('http://localhost/api/chat/threads/chat-1', { method: 'PATCH', headers: { authorization: 'Bearer token-bob', 'content-type': 'application/json' }, body: '{"title":"mine"}' }));
    expect(patched.status).toBe(404);
    const anonymous = await handler(new Request('http://localhost/api/chat/threads'));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ status: 'UNAUTHENTICATED' });
    await ann.remove('chat-1');
    expect(await ann.get('chat-1')).toBeNull();
  });
});
