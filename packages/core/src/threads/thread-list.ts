import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AgentChat } from '../chat/agent-chat.js';
import type { ChatMessage } from '../model/message.js';
import { textOf } from '../model/part.js';
import { asyncDispose } from '../util/dispose.js';
import { runNotifications, type BackgroundRunOptions } from './run-notifications.js';
import { createThreadChat, previewOf, type ThreadChat } from './thread-chat.js';
import { compareThreads, upsertThread } from './thread-order.js';
import type { ThreadAdapter, ThreadChange, ThreadListState, ThreadSummary } from './thread-types.js';

/** Options of {@link createThreadList}. */
export interface ThreadListOptions<S = unknown> {
  adapter: ThreadAdapter;
  /**
   * The chat of one thread; give the id to the transport as its conversation id, and the `versionTree()` feature (the
   * thread keeps its tree; `resumable()` too to rejoin running turns): `createAgentChat({transport, sessionId: id, features})`.
   * The list owns the chats it made: a removed thread's chat, and all of them with `dispose()`, are disposed.
   */
  createChat: (id: string) => AgentChat<S>;
  /** Replaces the default title (the first user message) after the first turn; async allowed. A rename wins over it. */
  generateTitle?: (messages: ChatMessage[]) => string | Promise<string>;
  /** Ids of new threads (default `crypto.randomUUID()`). */
  generateId?: () => string;
  /** Threads per page (default 50). */
  pageSize?: number;
  /** The thread to show first (a link's, `/c/:id`): active (or `notFound`) before `status` leaves 'loading'. */
  initialId?: string;
  /** How long a removal can be undone, in ms (default 5000). */
  undoMs?: number;
  /** The clock of `createdAt`/`updatedAt` (default `Date.now`). */
  now?: () => number;
  /** Hears every store failure (also shown as `state.error`). */
  onError?: (error: Error) => void;
  /**
   * Background runs: how many threads may go on answering while another one is shown (default 0: switching away leaves
   * the turn, detached where the transport can reattach to it, stopped otherwise). A thread whose turn ends while it
   * is not shown is `unread` (and `needsYou` when it ended asking for an answer) until it is shown. Past the limit, the
   * thread switched away from is left as without background runs. As an object, `{ max?: 3, notify?: true }`: `notify`
   * also shows a browser notification when such a run ends while the page is hidden (run-notifications.ts).
   */
  backgroundRuns?: number | BackgroundRunOptions;
}

/** Many conversations: summaries from a store, one chat per thread, the active one shown. */
export interface ThreadListHandle<S = unknown> {
  readonly store: StoreApi<ThreadListState>;
  getState(): ThreadListState;
  subscribe(listener: (state: ThreadListState, previous: ThreadListState) => void): () => void;
  /** Settles when the first page is read (and `initialId` is shown, or `notFound`). */
  readonly ready: Promise<void>;
  /** Starts a conversation and shows it (the active one when it is still empty); resolves with its id. */
  create(init?: { id?: string; title?: string }): Promise<string>;
  /** Shows a thread, leaving a running turn (detached or stopped); false, with `notFound` set, for an unknown id. */
  switchTo(id: string): Promise<boolean>;
  rename(id: string, title: string): Promise<void>;
  archive(id: string): Promise<void>;
  unarchive(id: string): Promise<void>;
  /** Removes a thread from the list at once, from the store after `undoMs`; a removed active thread shows the next one. */
  remove(id: string): Promise<void>;
  /** Brings back a thread removed less than `undoMs` ago. */
  undoRemove(id: string): void;
  /** Reads the next page. */
  loadMore(): Promise<void>;
  /**
   * Reads the loaded threads again from the store: what another browser or device changed shows (the active thread's
   * conversation is loaded again when it changed), and threads gone from the store leave the list. Threads with a write
   * of this list still under way keep what this list gave them. The adapter's `watch` calls it (focus, an interval).
   */
  refresh(): Promise<void>;
  /** A thread's chat (default the active one; null when none is active). */
  chat(id?: string): AgentChat<S> | null;
  /** Settles when the thread's kept conversation is loaded into its chat. */
  restored(id?: string): Promise<void>;
  clearError(): void;
  /**
   * Stops listening to the store, other tabs and the adapter's refetch timer; removals waiting for their undo time are
   * carried out now. Call it when the list goes (a Node script, a test, a page that swaps lists): nothing of the list
   * keeps a Node process alive (its channel and timers are unref'd), but a removal in its undo time is only sent by
   * `dispose` or when that time ends.
   */
  dispose(): void;
  /**
   * `await using list = createThreadList(…)`: `dispose()`, then waits for the removals it carried out to be sent (the
   * key is `Symbol.asyncDispose`).
   */
  [asyncDispose](): Promise<void>;
}

/** The title the first user message gives: its first line, at most 60 characters. */
export function titleFrom(messages: readonly ChatMessage[]): string {
  const first = messages.find((message) => message.role === 'user');
  const text = first ? textOf(first.content).trim().split('\n')[0]!.trim() : '';
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

const defaultId = () => globalThis.crypto.randomUUID();

/** Creates a {@link ThreadListHandle} and reads its first page. */
export function createThreadList<S = unknown>(options: ThreadListOptions<S>): ThreadListHandle<S> {
  const { adapter, createChat } = options;
  const now = options.now ?? Date.now;
  const pageSize = options.pageSize ?? 50;
  const undoMs = options.undoMs ?? 5000;
  const store = createStore<ThreadListState>()(() => ({
    threads: [], activeId: null, status: 'loading', error: null, hasMore: false, removed: [], running: [], unread: [], needsYou: [], notFound: null,
  }));
  const runs = typeof options.backgroundRuns === 'object' ? options.backgroundRuns : { max: options.backgroundRuns ?? 0 };
  const backgroundRuns = runs.max ?? 3;
  // A notification's click shows its thread.
  const notifier = runNotifications(runs.notify, (id) => void switchTo(id));
  /** Threads answering on in the background (kept under `backgroundRuns`): only their turn's end is a new answer. */
  const inBackground = new Set<string>();
  const without = (ids: string[], id: string) => (ids.includes(id) ? ids.filter((other) => other !== id) : ids);
  const set = (partial: Partial<ThreadListState>) => store.setState(partial);
  const chats = new Map<string, ThreadChat<S>>();
  const autoTitles = new Map<string, string>();
  const removals = new Map<string, ReturnType<typeof setTimeout>>();
  /** Ids with a summary write of this list under way: a refresh leaves them as they are. */
  const writing = new Map<string, number>();
  let cursor: string | null = null;

  const fail = (error: unknown) => {
    const failure = error instanceof Error ? error : new Error(String(error));
    set({ status: 'error', error: failure });
    options.onError?.(failure);
  };
  /** Runs a store write; a failure is shown and never thrown (what is on screen stays). */
  const attempt = async (write: () => Promise<void>) => {
    try {
      await write();
    } catch (error) {
      fail(error);
    }
  };
  /** Saves a summary, marked as under way meanwhile (a refresh does not undo it with the store's older copy). */
  const saveSummary = async (thread: ThreadSummary) => {
    writing.set(thread.id, (writing.get(thread.id) ?? 0) + 1);
    try {
      await adapter.save(thread);
    } finally {
      const left = writing.get(thread.id)! - 1;
      if (left) writing.set(thread.id, left);
      else writing.delete(thread.id);
    }
  };
  const find = (id: string) => store.getState().threads.find((thread) => thread.id === id);
  /** Puts a summary in the list and saves it. */
  const update = (id: string, change: Partial<ThreadSummary>) => {
    const thread = find(id);
    if (!thread) return Promise.resolve();
    const next = { ...thread, ...change };
    set({ threads: upsertThread(store.getState().threads, next) });
    return attempt(() => saveSummary(next));
  };

  const events = {
    onFirstMessage(id: string, messages: ChatMessage[]) {
      const title = titleFrom(messages);
      if (find(id)?.title || !title) return;
      autoTitles.set(id, title);
      void update(id, { title, updatedAt: now() });
    },
    onTurnEnd(id: string, messages: ChatMessage[]) {
      // A background run ended: unread until shown; waiting for an answer, it needs the user.
      const { activeId, unread, needsYou } = store.getState();
      const preview = previewOf(messages);
      void update(id, { updatedAt: now(), ...(preview ? { preview } : {}) });
      // A turn left (stopped or detached) when its thread was switched away from is no new answer.
      if (id !== activeId && inBackground.delete(id)) {
        const interrupted = (chats.get(id)?.chat.getState().interrupts.length ?? 0) > 0;
        set({ unread: [...without(unread, id), id], ...(interrupted && { needsYou: [...without(needsYou, id), id] }) });
        notifier?.tell(find(id), interrupted ? 'needsYou' : 'unread');
      }
      const auto = autoTitles.get(id);
      if (!options.generateTitle || auto === undefined) return;
      autoTitles.delete(id);
      void Promise.resolve()
        .then(() => options.generateTitle!(messages))
        .then((title) => {
          // A rename in the meantime wins.
          if (title.trim() && find(id)?.title === auto) return update(id, { title: title.trim() });
        })
        .catch(fail);
    },
    onRunning(id: string, running: boolean) {
      const others = store.getState().running.filter((other) => other !== id);
      set({ running: running ? [...others, id] : others });
    },
    onError: fail,
  };
  const threadChat = (id: string, fresh = false) => {
    let entry = chats.get(id);
    if (!entry) {
      entry = createThreadChat(id, createChat(id), adapter, events, fresh);
      chats.set(id, entry);
    }
    return entry;
  };

  const loadPage = async (markReady = true) => {
    const page = await adapter.list({ cursor, limit: pageSize });
    cursor = page.cursor;
    let threads = store.getState().threads;
    for (const thread of page.threads) if (!removals.has(thread.id)) threads = upsertThread(threads, thread);
    set({ threads, hasMore: page.cursor !== null, ...(markReady && store.getState().status === 'loading' ? { status: 'ready' } : {}) });
  };

  /** The thread shown after `id` leaves the list: the next one down, else the one above. */
  const neighbourOf = (id: string) => {
    const visible = store.getState().threads.filter((thread) => !thread.archived || thread.id === id);
    const index = visible.findIndex((thread) => thread.id === id);
    return (visible[index + 1] ?? visible[index - 1])?.id ?? null;
  };
  const show = async (id: string | null) => {
    const { activeId, running, unread, needsYou } = store.getState();
    // The thread shown until now runs on in the background while fewer than `backgroundRuns` do; else it is left.
    const background = running.filter((other) => other !== activeId && other !== id).length;
    if (activeId && activeId !== id) {
      if (running.includes(activeId) && background < backgroundRuns) {
        inBackground.add(activeId);
        notifier?.ask();
      } else await chats.get(activeId)?.leave();
    }
    if (id) inBackground.delete(id);
    set({ activeId: id, notFound: null, ...(id ? { unread: without(unread, id), needsYou: without(needsYou, id) } : {}) });
    if (!id) return;
    const entry = threadChat(id);
    entry.rejoin();
    await entry.restored;
  };
  const forget = (id: string) => {
    chats.get(id)?.dispose();
    chats.delete(id);
  };
  /** Stops listening, carries out the waiting removals and gives their writes. */
  const dispose = async () => {
    unsubscribe?.();
    unwatch?.();
    const writes = [...removals.keys()].map(finishRemoval);
    for (const id of [...chats.keys()]) forget(id);
    await Promise.all(writes);
  };
  const finishRemoval = (id: string) => {
    clearTimeout(removals.get(id));
    removals.delete(id);
    const thread = store.getState().removed.find((removed) => removed.id === id);
    set({ removed: store.getState().removed.filter((removed) => removed.id !== id) });
    forget(id);
    return attempt(async () => {
      try {
        await adapter.remove(id);
      } catch (error) {
        // Not deleted: it comes back.
        if (thread) set({ threads: upsertThread(store.getState().threads, thread) });
        throw error;
      }
    });
  };

  const onChange = (change: ThreadChange) => {
    if (change.type === 'remove') {
      if (!find(change.id)) return;
      const next = store.getState().activeId === change.id ? neighbourOf(change.id) : undefined;
      set({ threads: store.getState().threads.filter((thread) => thread.id !== change.id) });
      forget(change.id);
      if (next !== undefined) void show(next);
      return;
    }
    const known = find(change.thread.id);
    set({ threads: upsertThread(store.getState().threads, change.thread) });
    if (known && known.updatedAt === change.thread.updatedAt) return;
    // Its conversation changed elsewhere: the shown thread loads it again, others when they are next shown.
    if (store.getState().activeId === change.thread.id) void chats.get(change.thread.id)?.reload();
    else if (!store.getState().running.includes(change.thread.id)) forget(change.thread.id);
  };
  const unsubscribe = adapter.subscribe?.(onChange);

  const same = (a: ThreadSummary, b: ThreadSummary) =>
    a.updatedAt === b.updatedAt && a.title === b.title && a.archived === b.archived && a.preview === b.preview && a.createdAt === b.createdAt;
  let refreshing: Promise<void> | null = null;
  /** The loaded threads read again in one page: changed ones updated, the ones the store no longer has taken off. */
  const refresh = () => {
    refreshing ??= attempt(async () => {
      await ready;
      const loaded = store.getState().threads.length;
      const page = await adapter.list({ cursor: null, limit: Math.max(pageSize, loaded) });
      const seen = new Set<string>();
      for (const thread of page.threads) {
        seen.add(thread.id);
        if (removals.has(thread.id) || writing.has(thread.id)) continue;
        const known = find(thread.id);
        if (!known || !same(known, thread)) onChange({ type: 'upsert', thread });
      }
      // Up to the page's last thread the store gave every thread it has: one not among them was removed elsewhere.
      const last = page.threads.at(-1);
      for (const thread of store.getState().threads) {
        if (seen.has(thread.id) || writing.has(thread.id)) continue;
        if (page.cursor === null || (last && compareThreads(thread, last) <= 0)) onChange({ type: 'remove', id: thread.id });
      }
      cursor = page.cursor;
      set({ hasMore: page.cursor !== null });
    }).finally(() => {
      refreshing = null;
    });
    return refreshing;
  };
  const unwatch = adapter.watch?.(() => void refresh());

  let creating: Promise<string> | null = null;
  /** A new thread shown (or the active one, when it is still empty). */
  const createThread = async (init: { id?: string; title?: string }) => {
    const { activeId } = store.getState();
    const active = activeId ? find(activeId) : undefined;
    if (active && !init.id && !active.title && !chats.get(active.id)?.chat.getState().messages.length) {
      set({ notFound: null });
      return active.id;
    }
    const time = now();
    const thread: ThreadSummary = { id: init.id ?? (options.generateId ?? defaultId)(), title: init.title ?? '', createdAt: time, updatedAt: time, archived: false };
    set({ threads: upsertThread(store.getState().threads, thread) });
    threadChat(thread.id, true);
    // Not in the store until saved: a refresh meanwhile keeps it.
    writing.set(thread.id, (writing.get(thread.id) ?? 0) + 1);
    try {
      await show(thread.id);
    } finally {
      writing.set(thread.id, writing.get(thread.id)! - 1);
      if (!writing.get(thread.id)) writing.delete(thread.id);
    }
    await attempt(() => saveSummary(thread));
    return thread.id;
  };

  const switchTo = async (id: string): Promise<boolean> => {
    if (store.getState().activeId === id) return true;
    let thread = find(id);
    if (!thread && !removals.has(id)) {
      try {
        thread = (await adapter.get(id)) ?? undefined;
      } catch (error) {
        fail(error);
        return false;
      }
    }
    if (!thread) {
      set({ notFound: id });
      return false;
    }
    set({ threads: upsertThread(store.getState().threads, thread) });
    await show(id);
    return true;
  };

  // The first page, then the thread asked for: a view that makes a new thread when none is active sees it first.
  const ready = attempt(async () => {
    await loadPage(false);
    const first = options.initialId;
    if (first !== undefined) {
      const switching = switchTo(first);
      // Found on the first page, it is active at once (its conversation restores after); else the store is asked.
      if (!find(first)) await switching;
    }
  }).then(() => {
    if (store.getState().status === 'loading') set({ status: 'ready' });
  });

  return {
    store,
    getState: store.getState,
    subscribe: store.subscribe,
    ready,
    create(init = {}) {
      // A second plain create() while one is under way (a double-run effect) is the same new thread.
      if (init.id || init.title !== undefined) return createThread(init);
      creating ??= createThread(init).finally(() => {
        creating = null;
      });
      return creating;
    },
    switchTo,
    rename: (id, title) => update(id, { title: title.trim() }),
    archive: (id) => update(id, { archived: true }),
    unarchive: (id) => update(id, { archived: false }),
    async remove(id) {
      const thread = find(id);
      if (!thread) return;
      const next = store.getState().activeId === id ? neighbourOf(id) : undefined;
      set({ threads: store.getState().threads.filter((other) => other.id !== id), removed: [...store.getState().removed, thread] });
      removals.set(id, setTimeout(() => void finishRemoval(id), undoMs));
      if (next !== undefined) await show(next);
    },
    undoRemove(id) {
      const thread = store.getState().removed.find((removed) => removed.id === id);
      if (!thread) return;
      clearTimeout(removals.get(id));
      removals.delete(id);
      set({ removed: store.getState().removed.filter((removed) => removed.id !== id), threads: upsertThread(store.getState().threads, thread) });
    },
    loadMore: () => (cursor === null ? Promise.resolve() : attempt(loadPage)),
    refresh,
    chat(id) {
      const target = id ?? store.getState().activeId;
      return target ? threadChat(target).chat : null;
    },
    restored(id) {
      const target = id ?? store.getState().activeId;
      return target ? threadChat(target).restored : Promise.resolve();
    },
    clearError: () => set({ error: null, status: 'ready' }),
    dispose() {
      void dispose();
    },
    [asyncDispose]: () => dispose(),
  };
}
