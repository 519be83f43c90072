'use client';
// The chat with the in-process agent, on resumable turns: `resumable: true` on the transport makes each turn outlive
// its request, and `persist()` keeps the conversation in this tab's sessionStorage (its session, the turn running when
// the page went away, the version tree) and brings it back on the next page, joining the running turn: a reload in the
// middle of an answer shows the answer going on (core README: "A reload mid-answer").
import { clientTools, genkitTransport, versionTree } from '@agent-chat/core';
import { persist } from '@agent-chat/core/persist';
import { AgentChatView } from '@agent-chat/ui';

const transport = genkitTransport({ url: '/api/in-process/agent', resumable: true });
const features = [versionTree(), clientTools(), persist()];

export function InProcessChat() {
  return <AgentChatView transport={transport} features={features} placeholder="Ask the in-process agent…" />;
}
