/** No handler starts open by mistake: without a `user` hook each refuses to start, unless the app says 'anonymous'. */
import { genkit, InMemorySessionStore } from 'genkit/beta';
import { describe, expect, it } from 'vitest';
import { genkitRoutes, memorySessionStore } from '../genkit/index.js';
import { memoryThreadIndex, resumableTurns, threadsHandler, userFromHeader } from '../index.js';

const agent = () => genkit({}).defineAgent({ name: 'a', model: 'none', store: memorySessionStore() });

describe('the user option', () => {
  it('is required: genkitRoutes, threadsHandler and the turn routes throw without one, and say how to choose', () => {
    const missing = undefined as unknown as 'anonymous';
    expect(() => genkitRoutes({ agent: agent(), store: memorySessionStore(), user: missing })).toThrow(/needs a `user` option.*'anonymous'/);
    expect(() => threadsHandler({ index: memoryThreadIndex(), user: missing })).toThrow(/threadsHandler needs a `user` option/);
    expect(() => resumableTurns().handler('/api/agent', { headers: {}, user: missing })).toThrow(/turns.handler needs a `user` option/);
  });

  it("'anonymous' is one user for every request: a single-user tool", async () => {
    const routes = genkitRoutes({ agent: agent(), store: memorySessionStore(), user: 'anonymous' });
    const created = await routes(new Request('http://localhost/api/threads', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 't1', title: 't', createdAt: 1, updatedAt: 1, archived: false }) }));
    expect(created.status).toBe(201);
    expect((await routes(new Request('http://localhost/api/threads/t1'))).status).toBe(200);
    await routes.turns.dispose();
  });

  it('genkitRoutes refuses a session store that cannot delete a session (a deleted conversation would stay)', () => {
    const store = new InMemorySessionStore() as unknown as ReturnType<typeof memorySessionStore>;
    expect(() => genkitRoutes({ agent: agent(), store, user: 'anonymous' })).toThrow(/deleteSession/);
  });

  it('userFromHeader (a development stand-in) takes plain names only', () => {
    const hook = userFromHeader();
    const named = (value: string) => hook(new Request('http://localhost/', { headers: { 'x-agent-user': value } }));
    expect(named('ann@example.com')).toBe('ann@example.com');
    for (const value of ['../etc', 'a b', 'x'.repeat(129), '']) expect(named(value)).toBeNull();
  });
});
