// AgentChatView with threads over the browser's IndexedDB, for the browser check. `?thread=<id>` opens a thread (the
// URL follows the active one); the scripted agent answers "Answer to <text>" a word at a time.
import { createAgentChat, resumable, scriptedTransport, textOf, versionTree, type AgentEvent, type TurnRequest } from '@agent-chat/core';
import { createThreadList, localThreadAdapter, type ThreadContent, type ThreadSummary } from '@agent-chat/core/threads';
import { openDB } from 'idb';
import { createRoot } from 'react-dom/client';
import { AgentChatView } from '../../src/agent-chat-view/agent-chat-view.js';
import '../../src/styles.css';

const answer = (request: TurnRequest): AgentEvent[] => {
  const text = textOf(request.input.message?.content ?? []);
  const words = `Answer to ${text}: ${'and some more words '.repeat(text === 'long' ? 40 : 1)}`.split(/(?<= )/);
  return [...words.map((word): AgentEvent => ({ type: 'text-delta', text: word, messageKey: 'm' })), { type: 'turn-end', finishReason: 'stop' }];
};
const transport = scriptedTransport([answer], { loop: true, delayMs: 15 });
const started = performance.now();
const params = new URLSearchParams(location.search);
const paint = () => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()))));

/** `?seed=N`: N threads in the page's database (and `big`, a thread of 1,000 messages), then a reload measures. */
async function seed(count: number) {
  const time = Date.UTC(2026, 0, 1);
  const threads = Array.from({ length: count }, (_, index): [string, ThreadSummary] => [`t${index}`, { id: `t${index}`, title: `Thread ${index}`, createdAt: time, updatedAt: time + index, archived: false }]);
  threads.push(['big', { id: 'big', title: 'A thousand messages', createdAt: time, updatedAt: time - 1, archived: false }]);
  const adapter = localThreadAdapter({ name: 'e2e' });
  // The adapter makes its databases (and their index); one transaction then writes them all.
  await adapter.list({ limit: 1 });
  await adapter.loadContent!('big');
  const summaries = await openDB('agent-chat-threads-e2e');
  const write = summaries.transaction('summaries', 'readwrite');
  await Promise.all([...threads.map(([id, thread]) => write.store.put(thread, id)), write.done]);
  summaries.close();
  const nodes = Array.from({ length: 1000 }, (_, index) => ({
    id: `big-${index}`, parent: index ? `big-${index - 1}` : '', role: index % 2 ? 'model' as const : 'user' as const,
    message: { content: [{ text: `Message ${index}: ${'some words to wrap the line '.repeat(3)}` }], status: 'done' as const },
  }));
  const content: ThreadContent = { tree: { version: 1, nodes, shown: {} } };
  await adapter.saveContent!('big', content);
}
if (params.has('seed')) await seed(Number(params.get('seed')));

const asked = new URLSearchParams(location.search).get('thread');
// The address's thread is the list's initial one (active, or "not found", before loading ends): switching to it after
// `ready` raced the view's "a new chat when none is active" on a busy machine.
const list = createThreadList({
  adapter: localThreadAdapter({ name: 'e2e' }),
  createChat: (id) => createAgentChat({ transport, sessionId: id, features: [versionTree(), resumable()] }),
  ...(asked ? { initialId: asked } : {}),
});
void list.ready.then(() => document.body.setAttribute('data-ready', 'true'));
list.subscribe((state) => {
  const url = new URL(location.href);
  if (state.activeId) url.searchParams.set('thread', state.activeId);
  if (url.href !== location.href) history.replaceState(null, '', url);
});
/** What the check reads: when the list first painted, and how long a switch takes to paint its thread. */
const timings = {
  listRead: list.ready.then(() => performance.now() - started),
  listPainted: list.ready.then(async () => {
    while (!document.querySelector('.acu-thread-open')) await new Promise((resolve) => requestAnimationFrame(resolve));
    return (await paint()) - started;
  }),
  async switchTo(id: string) {
    const from = performance.now();
    await list.switchTo(id);
    while (!document.querySelector('.acu-threaded__chat article')) await new Promise((resolve) => requestAnimationFrame(resolve));
    return (await paint()) - from;
  },
};
Object.assign(window, { threads: list, timings });
createRoot(document.getElementById('root')!).render(<AgentChatView threads={list} artifacts="never" />);
