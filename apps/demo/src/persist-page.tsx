/**
 * `/persist` (`?protocol=agui|ai-sdk`): the demo's agent in a view whose only reload handling is `persist()`. No
 * storage code of the page's own: the conversation, the turn running when the page went away, the version tree and the
 * message queue come back with the next page (the e2e journeys reload it mid-answer on each protocol). Under the
 * composer, the message queue: what is sent while a turn runs (or offline) waits there, editable, and goes after it.
 */
import { aguiTransport, aiSdkTransport, clientTools, genkitTransport, versionTree } from '@agent-chat/core';
import { createMessageQueue, persist } from '@agent-chat/core/persist';
import { useAgentChat } from '@agent-chat/react';
import { AgentChatView } from '@agent-chat/ui';
import { Queue } from '@agent-chat/ui/queue';
import { useState } from 'react';
import { demoUser } from './conversations/demo-user.js';

const protocol = new URLSearchParams(window.location.search).get('protocol');
// Every request names this browser's user (the agent server's stand-in for auth), as the demo's other pages do.
const headers = () => ({ 'x-agent-user': demoUser() });
const transport =
  protocol === 'agui' ? aguiTransport({ url: '/api/agui', headers, resumable: true })
  : protocol === 'ai-sdk' ? aiSdkTransport({ url: '/api/ai-sdk', headers, resumable: true })
  : genkitTransport({ url: '/api/agent', headers, resumable: true });
// One key per protocol: the three routes are three pages' conversations.
const features = [versionTree(), clientTools(), persist({ key: `agent-chat-demo/persist/${protocol ?? 'genkit'}` })];

/** The queue of the view's chat (inside the view's provider), and a field to queue a message while a turn runs. */
function QueuePanel() {
  const { chat } = useAgentChat();
  // One queue per chat (a second call, as StrictMode's, returns the first).
  const [queue] = useState(() => createMessageQueue(chat));
  const [text, setText] = useState('');
  return (
    <section aria-label="Message queue" className="demo-queue">
      {/* Named apart from the composer's "Message" field. */}
      <Queue.Root queue={queue} labels={{ text: 'Queued text' }} />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!text.trim()) return;
          queue.send(text);
          setText('');
        }}
      >
        <input aria-label="Add to the queue" value={text} onChange={(event) => setText(event.target.value)} />
        <button type="submit">Queue</button>
      </form>
    </section>
  );
}

export function PersistPage() {
  return (
    <AgentChatView className="demo-persist" transport={transport} features={features} placeholder="Message the agent…">
      <QueuePanel />
    </AgentChatView>
  );
}
