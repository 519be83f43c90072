import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionAgent, texts, type Count } from '../../test/session-agent.js';
import { localThreadAdapter } from './local-thread-adapter.js';
import { createThreadList, type ThreadListHandle } from './thread-list.js';
import type { ThreadSummary } from './thread-types.js';

let clock = 5_000;
let tests = 0;
const lists: ThreadListHandle<Count>[] = [];
const open = (agent: ReturnType<typeof sessionAgent>, name: string) => {
  const list = createThreadList<Count>({ adapter: localThreadAdapter({ name }), createChat: agent.createChat, now: () => ++clock });
  lists.push(list);
  return list;
};
afterEach(() => {
  for (const list of lists.splice(0)) list.dispose();
});
const summary = (id: string, updatedAt: number): ThreadSummary => ({ id, title: id, createdAt: updatedAt, updatedAt, archived: false });

describe('localThreadAdapter (IndexedDB through idb)', () => {
  it('keeps summaries and trees across a reload: a new list on the same database restores the conversation', async () => {
    const name = `reload-${++tests}`;
    const agent = sessionAgent();
    const first = open(agent, name);
    const id = await first.create();
    await first.chat()!.send('remember me');
    await vi.waitFor(async () => expect(await localThreadAdapter({ name }).loadContent!(id)).not.toBeNull());
    first.dispose();

    const reloaded = open(agent, name);
    await reloaded.ready;
    expect(reloaded.getState().threads).toMatchObject([{ id, title: 'remember me', preview: 're: remember me' }]);
    await reloaded.switchTo(id);
    expect(texts(reloaded.chat())).toEqual(['user:remember me', 'model:re: remember me']);
  });

  // Browsers without IDBIndex.getAllRecords (before Chromium 141) read a page with a cursor: both ways page alike.
  describe.each([['one getAllRecords request', false], ['a cursor, where the browser has no getAllRecords', true]])('a page read with %s', (_way, withoutGetAllRecords) => {
    const prototype = IDBIndex.prototype as { getAllRecords?: unknown };
    const getAllRecords = prototype.getAllRecords;
    beforeEach(() => {
      expect(typeof getAllRecords).toBe('function');
      if (withoutGetAllRecords) delete prototype.getAllRecords;
    });
    afterEach(() => {
      prototype.getAllRecords = getAllRecords;
    });

    it('pages newest first with a cursor that holds its place', async () => {
      const adapter = localThreadAdapter({ name: `pages-${++tests}` });
      for (let index = 0; index < 25; index++) await adapter.save(summary(`t${String(index).padStart(2, '0')}`, 100 + (index % 5)));
      const seen: string[] = [];
      const sizes: number[] = [];
      let cursor: string | null = null;
      do {
        const page = await adapter.list({ cursor, limit: 10 });
        seen.push(...page.threads.map((thread) => thread.id));
        sizes.push(page.threads.length);
        cursor = page.cursor;
      } while (cursor);
      expect(sizes).toEqual([10, 10, 5]);
      expect(new Set(seen).size).toBe(25);
      expect(seen.slice(0, 5)).toEqual(['t24', 't19', 't14', 't09', 't04']);
      expect(seen.at(-1)).toBe('t00');
      // A page that ends exactly at the last thread says that none follows.
      expect((await adapter.list({ cursor: null, limit: 25 })).cursor).toBeNull();
    });

    it('a page of corrupt records is passed over: the next page goes on after it', async () => {
      const name = `corrupt-page-${++tests}`;
      const adapter = localThreadAdapter({ name });
      await adapter.save(summary('old', 1));
      await adapter.save(summary('new', 10));
      const database = await openDB(`agent-chat-threads-${name}`);
      for (let index = 2; index < 6; index++) await database.put('summaries', { id: `broken${index}`, title: 42, updatedAt: index }, `broken${index}`);
      database.close();
      const first = await adapter.list({ limit: 2 });
      expect(first.threads.map((thread) => thread.id)).toEqual(['new']);
      const second = await adapter.list({ cursor: first.cursor, limit: 2 });
      expect(second.threads).toEqual([]);
      const third = await adapter.list({ cursor: second.cursor, limit: 2 });
      expect(third).toEqual({ threads: [summary('old', 1)], cursor: null });
    });
  });

  it('two tabs: a thread created, renamed or removed in one appears, changes or goes in the other', async () => {
    const name = `tabs-${++tests}`;
    const agent = sessionAgent();
    const one = open(agent, name);
    const two = open(agent, name);
    await Promise.all([one.ready, two.ready]);
    const id = await one.create();
    await one.chat()!.send('from tab one');
    await vi.waitFor(() => expect(two.getState().threads).toMatchObject([{ id, title: 'from tab one' }]));
    await two.switchTo(id);
    expect(texts(two.chat())).toEqual(['user:from tab one', 'model:re: from tab one']);
    await one.chat()!.send('more');
    await vi.waitFor(() => expect(texts(two.chat()).at(-1)).toBe('model:re: more'));
    await one.rename(id, 'Renamed');
    await vi.waitFor(() => expect(two.getState().threads[0]!.title).toBe('Renamed'));
    await one.remove(id);
    one.dispose();
    await vi.waitFor(() => expect(two.getState()).toMatchObject({ threads: [], activeId: null }));
  });

  it('a corrupt record is skipped in the list; a corrupt tree shows an error and the server restores the thread', async () => {
    const name = `corrupt-${++tests}`;
    const agent = sessionAgent();
    await agent.createChat('good').send('still here');
    const adapter = localThreadAdapter({ name });
    await adapter.save(summary('good', 10));
    await adapter.list({ limit: 1 });
    await adapter.loadContent!('none');
    const summaries = await openDB(`agent-chat-threads-${name}`);
    await summaries.put('summaries', { id: 'broken', title: 42, updatedAt: 11 }, 'broken');
    summaries.close();
    const trees = await openDB(`agent-chat-thread-trees-${name}`);
    await trees.put('trees', { tree: 'not a tree' }, 'good');
    trees.close();
    const list = open(agent, name);
    await list.ready;
    expect(list.getState().threads.map((thread) => thread.id)).toEqual(['good']);
    await list.switchTo('good');
    expect(list.getState().error?.message).toBe('The stored conversation of thread good is unreadable.');
    expect(texts(list.chat())).toEqual(['user:still here', 'model:re: still here']);
  });

  it('reads on a list kept by the version before (idb-keyval: summaries without an index), its trees too', async () => {
    const name = `upgrade-${++tests}`;
    const agent = sessionAgent();
    await agent.createChat('old').send('kept before');
    const before = await openDB(`agent-chat-threads-${name}`, 1, { upgrade: (database) => void database.createObjectStore('summaries') });
    for (let index = 0; index < 3; index++) await before.put('summaries', summary(`old${index}`, 10 + index), `old${index}`);
    before.close();
    const list = open(agent, name);
    await list.ready;
    expect(list.getState().threads.map((thread) => thread.id)).toEqual(['old2', 'old1', 'old0']);
    await list.rename('old0', 'Renamed');
    expect(await localThreadAdapter({ name }).get('old0')).toMatchObject({ title: 'Renamed' });
  });
});
