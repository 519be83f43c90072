// AgentChatView with threads over the browser's IndexedDB, for the browser check. `?thread=<id>` opens a thread (the
// URL follows the active one); the scripted agent answers "Answer to <text>" a word at a time.
import { createAgentChat, scriptedTransport, textOf, type AgentEvent, type TurnRequest } from '@agent-chat/core';
import { createThreadList, localThreadAdapter } from '@agent-chat/core/threads';
import { createRoot } from 'react-dom/client';
import { AgentChatView } from '../../src/agent-chat-view.js';
import '../../src/styles.css';

const answer = (request: TurnRequest): AgentEvent[] => {
  const text = textOf(request.input.message?.content ?? []);
  const words = `Answer to ${text}: ${'and some more words '.repeat(text === 'long' ? 40 : 1)}`.split(/(?<= )/);
  return [...words.map((word): AgentEvent => ({ type: 'text-delta', text: word, messageKey: 'm' })), { type: 'turn-end', finishReason: 'stop' }];
};
const transport = scriptedTransport([answer], { loop: true, delayMs: 15 });
const list = createThreadList({ adapter: localThreadAdapter({ name: 'e2e' }), createChat: (id) => createAgentChat({ transport, sessionId: id }) });
const asked = new URLSearchParams(location.search).get('thread');
void list.ready.then(() => (asked ? list.switchTo(asked) : undefined)).then(() => document.body.setAttribute('data-ready', 'true'));
list.subscribe((state) => {
  const url = new URL(location.href);
  if (state.activeId) url.searchParams.set('thread', state.activeId);
  if (url.href !== location.href) history.replaceState(null, '', url);
});
(window as unknown as { threads: typeof list }).threads = list;
createRoot(document.getElementById('root')!).render(<AgentChatView threads={list} artifacts="never" />);
