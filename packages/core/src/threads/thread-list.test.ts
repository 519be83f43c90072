import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionAgent, texts, type Count } from '../../test/session-agent.js';
import { createThreadList, type ThreadListHandle } from './thread-list.js';
import { memoryThreadAdapter } from './memory-thread-adapter.js';
import type { ThreadAdapter, ThreadSummary } from './thread-types.js';

let clock = 1_000;
const now = () => ++clock;
const lists: ThreadListHandle<Count>[] = [];
function threadList(agent: ReturnType<typeof sessionAgent>, adapter: ThreadAdapter, extra: Partial<Parameters<typeof createThreadList<Count>>[0]> = {}) {
  let ids = 0;
  const list = createThreadList<Count>({ adapter, createChat: agent.createChat, now, generateId: () => `t${++ids}-${clock}`, ...extra });
  lists.push(list);
  return list;
}
afterEach(() => {
  for (const list of lists.splice(0)) list.dispose();
  vi.useRealTimers();
});

describe('createThreadList', () => {
  it('a new thread is titled by its first user message, previewed by its last answer, and listed newest first', async () => {
    const agent = sessionAgent();
    const adapter = memoryThreadAdapter();
    const list = threadList(agent, adapter);
    await list.ready;
    expect(list.getState()).toMatchObject({ status: 'ready', threads: [], activeId: null });
    const first = await list.create();
    await list.chat()!.send('Plan the trip\nwith details');
    const second = await list.create();
    expect(second).not.toBe(first);
    await list.chat()!.send('Buy milk');
    const { threads, activeId } = list.getState();
    expect(activeId).toBe(second);
    expect(threads.map((thread) => [thread.id, thread.title, thread.preview])).toEqual([
      [second, 'Buy milk', 're: Buy milk'],
      [first, 'Plan the trip', 're: Plan the trip\nwith details'.replace('\n', ' ')],
    ]);
    expect((await adapter.list({ limit: 10 })).threads).toEqual(threads);
    // The chat's conversation id is the thread's id.
    expect(agent.transport.requests.map((request) => request.sessionId)).toEqual([first, second]);
  });

  it('create() while the active thread is still empty shows that one instead of adding another', async () => {
    const list = threadList(sessionAgent(), memoryThreadAdapter());
    const id = await list.create();
    expect(await list.create()).toBe(id);
    expect(list.getState().threads).toHaveLength(1);
  });

  it('two create() at once (an effect run twice) make one thread', async () => {
    const list = threadList(sessionAgent(), memoryThreadAdapter());
    await list.ready;
    const [first, second] = await Promise.all([list.create(), list.create()]);
    expect(second).toBe(first);
    expect(list.getState().threads.map((thread) => thread.id)).toEqual([first]);
  });

  it('initialId (a link) is active, or notFound, by the time status leaves loading: a view never makes a thread first', async () => {
    const threads = Array.from({ length: 60 }, (_, index): ThreadSummary => ({ id: `s${index}`, title: `S${index}`, createdAt: index, updatedAt: index, archived: false }));
    for (const [initialId, expected] of [['s59', { activeId: 's59', notFound: null }], ['s0', { activeId: 's0', notFound: null }], ['nowhere', { activeId: null, notFound: 'nowhere' }]] as const) {
      const list = threadList(sessionAgent(), memoryThreadAdapter(threads), { initialId, pageSize: 10 });
      const atReady: unknown[] = [];
      list.subscribe((state, previous) => {
        if (state.status === 'ready' && previous.status === 'loading') atReady.push({ activeId: state.activeId, notFound: state.notFound });
      });
      await list.ready;
      expect(atReady).toEqual([expected]);
    }
  });

  it('generateTitle replaces the default title after the first turn; a rename before it resolves wins', async () => {
    const agent = sessionAgent();
    let answer: (title: string) => void = () => {};
    const generateTitle = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const list = threadList(agent, memoryThreadAdapter(), { generateTitle });
    const id = await list.create();
    await list.chat()!.send('what is the weather');
    expect(generateTitle).toHaveBeenCalledTimes(1);
    answer('Weather today');
    await vi.waitFor(() => expect(list.getState().threads[0]!.title).toBe('Weather today'));

    const other = await list.create();
    await list.chat()!.send('second question');
    await list.rename(other, 'Mine');
    answer('Generated');
    await Promise.resolve();
    expect(list.getState().threads.find((thread) => thread.id === other)!.title).toBe('Mine');
    await list.chat()!.send('a follow-up');
    expect(generateTitle).toHaveBeenCalledTimes(2);
    expect(list.getState().threads.find((thread) => thread.id === id)!.title).toBe('Weather today');
  });

  it('after a reload, switching restores messages, custom state, artifacts and the branches from the kept tree', async () => {
    const agent = sessionAgent();
    const adapter = memoryThreadAdapter();
    const before = threadList(agent, adapter);
    const id = await before.create();
    const chat = before.chat()!;
    await chat.send('one');
    await chat.send('two');
    await chat.regenerate();
    await chat.switchBranch(chat.getState().messages[3]!.id, 0);
    expect(texts(chat)).toEqual(['user:one', 'model:re: one', 'user:two', 'model:re: two']);
    await before.create();
    before.dispose();

    const after = threadList(agent, adapter);
    await after.ready;
    expect(after.getState().threads.map((thread) => thread.title)).toEqual(['', 'one']);
    expect(await after.switchTo(id)).toBe(true);
    const restored = after.chat()!;
    expect(texts(restored)).toEqual(['user:one', 'model:re: one', 'user:two', 'model:re: two']);
    expect(restored.getState().messages[3]!.siblings).toEqual({ index: 0, count: 2 });
    expect(restored.getState().custom).toEqual({ users: 2 });
    expect(restored.getState().artifacts).toEqual([{ name: 'report', parts: [{ text: 'report of two' }] }]);
  });

  it('without a kept tree (a server-side store), the chat restores its session from the server', async () => {
    const agent = sessionAgent();
    const chat = agent.createChat('server-thread');
    await chat.send('kept by the server');
    const summary: ThreadSummary = { id: 'server-thread', title: 'kept by the server', createdAt: 1, updatedAt: 2, archived: false };
    const serverOnly = memoryThreadAdapter([summary]);
    delete serverOnly.loadContent;
    delete serverOnly.saveContent;
    const list = threadList(agent, serverOnly);
    await list.switchTo('server-thread');
    expect(texts(list.chat())).toEqual(['user:kept by the server', 'model:re: kept by the server']);
    expect(list.chat()!.getState().custom).toEqual({ users: 1 });
  });

  it('background runs: a thread switched away from mid-turn answers on, is marked unread when it ends, and read once shown', async () => {
    const agent = sessionAgent();
    const list = threadList(agent, memoryThreadAdapter(), { backgroundRuns: 1 });
    const first = await list.create();
    await list.chat()!.send('hello');
    const second = await list.create();
    const busy = list.chat()!;
    const turn = busy.send('slow');
    await vi.waitFor(() => expect(texts(busy).at(-1)).toBe('model:thinking'));
    await list.switchTo(first);
    // Not stopped: it still runs, shown as running, while the other thread is shown.
    expect(agent.transport.stops).toHaveLength(0);
    expect(list.getState()).toMatchObject({ activeId: first, running: [second], unread: [] });
    agent.release();
    expect((await turn).finishReason).toBe('stop');
    await vi.waitFor(() => expect(list.getState()).toMatchObject({ running: [], unread: [second], needsYou: [] }));
    expect(texts(busy).at(-1)).toBe('model:thinking done');
    await list.switchTo(second);
    expect(list.getState().unread).toEqual([]);
    expect(texts(list.chat())).toEqual(['user:slow', 'model:thinking done']);
  });

  it('background runs past the limit: the thread switched away from is left as without them (stopped here)', async () => {
    const agent = sessionAgent();
    const list = threadList(agent, memoryThreadAdapter(), { backgroundRuns: 1 });
    const first = await list.create();
    void list.chat()!.send('slow');
    await vi.waitFor(() => expect(list.getState().running).toEqual([first]));
    const second = await list.create();
    expect(list.getState().running).toEqual([first]);
    void list.chat()!.send('slow');
    await vi.waitFor(() => expect(list.getState().running).toEqual([first, second]));
    // One already runs in the background: leaving the second stops it.
    await list.create();
    expect(agent.transport.stops).toHaveLength(1);
    expect(list.getState().running).toEqual([first]);
    // A turn stopped because its thread was left is no new answer (it is not marked unread).
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(list.getState().unread).toEqual([]);
  });

  it('switching during a turn stops it (the transport cannot reattach) and keeps its partial answer; the other thread shows at once', async () => {
    const agent = sessionAgent();
    const list = threadList(agent, memoryThreadAdapter());
    const first = await list.create();
    await list.chat()!.send('hello');
    const second = await list.create();
    const busy = list.chat()!;
    const turn = busy.send('slow');
    await vi.waitFor(() => expect(texts(busy).at(-1)).toBe('model:thinking'));
    expect(list.getState().running).toEqual([second]);
    await list.switchTo(first);
    agent.release();
    await turn;
    expect(agent.transport.stops).toHaveLength(1);
    expect(busy.getState().messages.at(-1)!.status).toBe('aborted');
    expect(list.getState()).toMatchObject({ activeId: first, running: [] });
    expect(texts(list.chat())).toEqual(['user:hello', 'model:re: hello']);
    await list.switchTo(second);
    expect(texts(list.chat())).toEqual(['user:slow', 'model:thinking']);
  });

  it('rename, archive and unarchive are saved', async () => {
    const adapter = memoryThreadAdapter();
    const list = threadList(sessionAgent(), adapter);
    const id = await list.create();
    await list.rename(id, '  Holidays  ');
    await list.archive(id);
    expect(await adapter.get(id)).toMatchObject({ title: 'Holidays', archived: true });
    await list.unarchive(id);
    expect(await adapter.get(id)).toMatchObject({ archived: false });
  });

  it('remove takes a thread off the list at once, shows the next one, can be undone, and deletes it after undoMs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const adapter = memoryThreadAdapter();
    const list = threadList(sessionAgent(), adapter, { undoMs: 5000 });
    const a = await list.create({ title: 'a' });
    const b = await list.create({ title: 'b' });
    const c = await list.create({ title: 'c' });
    expect(list.getState().threads.map((thread) => thread.id)).toEqual([c, b, a]);
    await list.switchTo(b);
    await list.remove(b);
    expect(list.getState()).toMatchObject({ activeId: a, removed: [{ id: b }] });
    expect(list.getState().threads.map((thread) => thread.id)).toEqual([c, a]);
    list.undoRemove(b);
    expect(list.getState().threads.map((thread) => thread.id)).toEqual([c, b, a]);
    await vi.advanceTimersByTimeAsync(6000);
    expect(await adapter.get(b)).not.toBeNull();

    await list.remove(c);
    await vi.advanceTimersByTimeAsync(4999);
    expect(await adapter.get(c)).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(await adapter.get(c)).toBeNull();
    expect(list.getState().removed).toEqual([]);
  });

  it('reads page after page; switching to a thread on a later page finds it in the store', async () => {
    const many = Array.from({ length: 120 }, (_, index): ThreadSummary => ({ id: `t${index}`, title: `thread ${index}`, createdAt: index, updatedAt: index, archived: false }));
    const list = threadList(sessionAgent(), memoryThreadAdapter(many), { pageSize: 50 });
    await list.ready;
    expect(list.getState()).toMatchObject({ hasMore: true });
    expect(list.getState().threads.map((thread) => thread.id).slice(0, 2)).toEqual(['t119', 't118']);
    expect(await list.switchTo('t3')).toBe(true);
    await list.loadMore();
    await list.loadMore();
    expect(list.getState().hasMore).toBe(false);
    expect(list.getState().threads.map((thread) => thread.id)).toEqual(many.map((thread) => thread.id).reverse());
  });

  it('an unknown id is reported as not found and changes nothing', async () => {
    const list = threadList(sessionAgent(), memoryThreadAdapter());
    const id = await list.create();
    expect(await list.switchTo('no-such-thread')).toBe(false);
    expect(list.getState()).toMatchObject({ activeId: id, notFound: 'no-such-thread' });
  });

  it('refresh() shows what another browser changed in a shared store (no channel between them): new, renamed, removed, a new turn', async () => {
    const agent = sessionAgent();
    // One store, two lists that hear nothing from each other (as two browsers of one user over a server).
    const shared = memoryThreadAdapter();
    const here = threadList(agent, shared);
    const there = threadList(agent, shared);
    const first = await here.create();
    await here.chat()!.send('one');
    const second = await here.create();
    await here.chat()!.send('two');
    await there.ready;
    expect(there.getState().threads).toEqual([]);
    await there.refresh();
    expect(there.getState().threads.map((thread) => thread.title)).toEqual(['two', 'one']);
    expect(await there.switchTo(first)).toBe(true);
    expect(texts(there.chat())).toEqual(['user:one', 'model:re: one']);

    await here.rename(second, 'Renamed');
    await here.switchTo(first);
    await here.chat()!.send('three');
    await here.remove(second);
    here.dispose(); // carries out the removal now
    await there.refresh();
    expect(there.getState().threads.map((thread) => [thread.id, thread.title])).toEqual([[first, 'one']]);
    // The shown thread changed elsewhere: its conversation is loaded again.
    await vi.waitFor(() => expect(texts(there.chat())).toEqual(['user:one', 'model:re: one', 'user:three', 'model:re: three']));
  });

  it('a refresh keeps what this list is still writing (a rename saved meanwhile, a new thread not yet stored)', async () => {
    const shared = memoryThreadAdapter();
    let hold: (() => void) | null = null;
    const slow: ThreadAdapter = {
      ...shared,
      // Saves wait until released: the store keeps the old copy meanwhile.
      save: (thread) => new Promise<void>((resolve) => (hold = () => void shared.save(thread).then(resolve))),
    };
    const list = threadList(sessionAgent(), slow);
    await list.ready;
    const creating = list.create({ title: 'draft' });
    await vi.waitFor(() => expect(hold).not.toBeNull());
    await list.refresh();
    expect(list.getState().threads.map((thread) => thread.title)).toEqual(['draft']);
    hold!();
    const id = await creating;
    hold = null;
    const renaming = list.rename(id, 'final');
    await list.refresh();
    expect(list.getState().threads.map((thread) => thread.title)).toEqual(['final']);
    hold!();
    await renaming;
    expect(await shared.get(id)).toMatchObject({ title: 'final' });
  });

  it("the adapter's watch() asks for a refresh; dispose stops listening", async () => {
    const shared = memoryThreadAdapter();
    const refreshers: Array<() => void> = [];
    const watched: ThreadAdapter = {
      ...shared,
      watch(refresh) {
        refreshers.push(refresh);
        return () => refreshers.splice(refreshers.indexOf(refresh), 1);
      },
    };
    const list = threadList(sessionAgent(), watched);
    await list.ready;
    await shared.save({ id: 'elsewhere', title: 'Made elsewhere', createdAt: 1, updatedAt: 2, archived: false });
    expect(refreshers).toHaveLength(1);
    refreshers[0]!();
    await vi.waitFor(() => expect(list.getState().threads.map((thread) => thread.title)).toEqual(['Made elsewhere']));
    list.dispose();
    expect(refreshers).toHaveLength(0);
  });

  it('the list owns the chats it made: dispose() disposes them (a later send is dropped, nothing reaches the agent)', async () => {
    const agent = sessionAgent();
    const list = threadList(agent, memoryThreadAdapter());
    await list.create();
    const chat = list.chat()!;
    expect((await chat.send('before')).finishReason).toBe('stop');
    list.dispose();
    expect((await chat.send('after')).finishReason).toBe('aborted');
    expect(texts(chat).filter((text) => text.includes('after'))).toEqual([]);
  });

  it('a failing store shows an error and loses nothing on screen; a failed delete brings the thread back', async () => {
    const adapter = memoryThreadAdapter();
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const list = threadList(sessionAgent(), { ...adapter, save: () => Promise.reject(quota), remove: () => Promise.reject(new Error('HTTP 500')) }, { undoMs: 10 });
    const id = await list.create();
    await list.chat()!.send('keep me');
    expect(list.getState()).toMatchObject({ status: 'error', error: quota, threads: [{ id, title: 'keep me' }] });
    expect(texts(list.chat())).toEqual(['user:keep me', 'model:re: keep me']);
    list.clearError();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await list.remove(id);
    await vi.advanceTimersByTimeAsync(10);
    expect(list.getState()).toMatchObject({ status: 'error', threads: [{ id }] });
    expect(list.getState().error!.message).toBe('HTTP 500');
  });
});
