/**
 * `/persist` (`?protocol=agui|ai-sdk`): the demo's agent in a view whose only reload handling is `persist()`. No
 * storage code of the page's own: the conversation, the turn running when the page went away and the version tree come
 * back with the next page (the e2e journeys reload it mid-answer on each protocol).
 */
import { aguiTransport, aiSdkTransport, clientTools, genkitTransport, versionTree } from '@agent-chat/core';
import { persist } from '@agent-chat/core/persist';
import { AgentChatView } from '@agent-chat/ui';
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

export function PersistPage() {
  return <AgentChatView className="demo-persist" transport={transport} features={features} placeholder="Message the agent…" />;
}
