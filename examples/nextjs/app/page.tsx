// A server component: it imports the kit (core for data, ui for a client component) and renders the whole chat from
// plain data — the protocol's name, the route's URL and the history — which the browser hydrates. The transport is
// built in the browser (a server component cannot pass a transport object or a function to a client component).
import { textOf } from '@agent-chat/core';
import { AgentChatView, LabelsProvider } from '@agent-chat/ui';
import Link from 'next/link';
import { WELCOME } from './history';

export default function Home() {
  const question = textOf(WELCOME[0]!.content);
  return (
    <main className="page">
      <header>
        <h1>AgentChatView</h1>
        <span data-testid="server-question">{question}</span>
        <Link href="/parts">Composed from the parts</Link>
        <Link href="/in-process">In-process agent</Link>
      </header>
      <LabelsProvider labels={{ send: 'Send' }}>
        {/* The chat starts from a history, so its session is client-managed (the conversation travels with each turn). */}
        <AgentChatView protocol="genkit" url="/api/agent-client" state={{ messages: WELCOME, artifacts: [] }} placeholder="Ask the agent…" />
      </LabelsProvider>
    </main>
  );
}
