// A MessageList over a long conversation, for the browser check: ?count=N&pageSize=M. `window.chat` sends turns.
import { createAgentChat, scriptedTransport, type AgentEvent } from '@agent-chat/core';
import { createRoot } from 'react-dom/client';
import { MessageList } from '../../src/message-list/message-list.js';
import { longHistory } from '../../stories/support/scripts.js';
import '../../src/styles.css';

const params = new URLSearchParams(location.search);
const count = Number(params.get('count') ?? 10_000);
const pageSize = Number(params.get('pageSize') ?? 50);
const reply = (turn: number): AgentEvent[] => [
  ...`Reply ${turn}: a few words **streamed** one by one, long enough to wrap. `.repeat(4).split(/(?<= )/).map((text): AgentEvent => ({ type: 'text-delta', text, messageKey: 'm' })),
  { type: 'turn-end', finishReason: 'stop' },
];
const chat = createAgentChat({
  transport: scriptedTransport(Array.from({ length: 8 }, (_, turn) => reply(turn)), { delayMs: 5 }),
  state: { messages: longHistory(count), artifacts: [] },
});
(window as unknown as { chat: typeof chat }).chat = chat;
createRoot(document.getElementById('root')!).render(<MessageList chat={chat} pageSize={pageSize} />);
document.body.setAttribute('data-ready', 'true');
