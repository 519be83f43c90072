'use client';
// A client component: the transport is a function (not data), so it is made here, in the browser's bundle. The chat
// starts from a history, so its session is client-managed (the conversation travels with each turn).
import { genkitTransport, type Message } from '@agent-chat/core';
import { AgentChatView } from '@agent-chat/ui';

const transport = genkitTransport({ url: '/api/agent-client' });

/** The whole chat, starting from the history the server page passed as plain data. */
export function Chat({ history }: { history: Message[] }) {
  return <AgentChatView transport={transport} state={{ messages: history, artifacts: [] }} placeholder="Ask the agent…" />;
}
