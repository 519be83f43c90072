import { createAgentChat, scriptedTransport, versionTree } from '@agent-chat/core';
import { createThreadList, localThreadAdapter, type ThreadAdapter, type ThreadContent, type ThreadSummary } from '@agent-chat/core/threads';
import { AgentChatView } from '@agent-chat/ui';
import '@agent-chat/ui/styles.css';
import { openDB } from 'idb';
import type { ReactNode } from 'react';

/** What the `threads` row reads: when the list was made, its first page read and painted; a timed switch. */
export interface ThreadTimings {
  created: number;
  /** When the adapter's first `list` call resolved: the database opened and the first page read from it. */
  fetched: Promise<number>;
  read: Promise<number>;
  painted: Promise<number>;
  /** Resolves with [restored, painted]: ms from the call until the thread's tree is loaded into its chat, and until painted. */
  switchTo(id: string): Promise<[number, number]>;
}

const NAME = 'bench';
const frame = () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));
/** The first frame after `selector` is in the DOM (its content is painted when that frame starts). */
async function paintedWith(selector: string): Promise<number> {
  while (!document.querySelector(selector)) await frame();
  return frame();
}

/** `count` threads (`t0`… one millisecond apart) and `big`, a thread of 1,000 messages, in the page's IndexedDB. */
async function seed(count: number) {
  const adapter = localThreadAdapter({ name: NAME });
  await adapter.list({ limit: 1 });
  const time = Date.UTC(2026, 0, 1);
  const database = await openDB(`agent-chat-threads-${NAME}`);
  const write = database.transaction('summaries', 'readwrite');
  const threads = Array.from({ length: count }, (_, index): ThreadSummary => ({ id: `t${index}`, title: `Thread ${index}`, createdAt: time, updatedAt: time + index, archived: false }));
  threads.push({ id: 'big', title: 'A thousand messages', createdAt: time, updatedAt: time - 1, archived: false });
  await Promise.all([...threads.map((thread) => write.store.put(thread, thread.id)), write.done]);
  database.close();
  const nodes = Array.from({ length: 1000 }, (_, index) => ({
    id: `big-${index}`, parent: index ? `big-${index - 1}` : '', role: index % 2 ? 'model' as const : 'user' as const,
    message: { content: [{ text: `Message ${index}: some **Markdown** words that wrap over a line or two on a normal screen, ${'and a few more '.repeat(3)}` }], status: 'done' as const },
  }));
  const content: ThreadContent = { tree: { version: 1, nodes, shown: {} } };
  await adapter.saveContent!('big', content);
}

/**
 * `?seed=N` fills the database and stops; otherwise AgentChatView with a thread list over it, and `window.benchThreads`
 * (ThreadTimings, from `performance.now()`: the navigation's start is 0).
 */
export async function threadsApp(seedCount: number): Promise<ReactNode> {
  if (seedCount > 0) {
    await seed(seedCount);
    return <p>seeded</p>;
  }
  const transport = scriptedTransport([]);
  const created = performance.now();
  const local = localThreadAdapter({ name: NAME });
  let fetched: Promise<number> | undefined;
  // The same adapter, its first page timed on its way to the list.
  const adapter: ThreadAdapter = { ...local, list: (request) => {
    const page = local.list(request);
    fetched ??= page.then(() => performance.now());
    return page;
  } };
  const list = createThreadList({ adapter, createChat: (id) => createAgentChat({ transport, sessionId: id, features: [versionTree()] }) });
  const timings: ThreadTimings = {
    created,
    fetched: list.ready.then(() => fetched!),
    read: list.ready.then(() => performance.now()),
    painted: list.ready.then(() => paintedWith('.acu-thread-open')),
    async switchTo(id) {
      const from = performance.now();
      await list.switchTo(id);
      const restored = performance.now() - from;
      return [restored, (await paintedWith('.acu-threaded__chat article')) - from];
    },
  };
  Object.assign(window, { benchThreads: timings });
  return <AgentChatView threads={list} artifacts="never" />;
}
