// A server component: it imports the kit (core for data, ui for a client component with plain props) and renders
// the chat with its history, which the browser hydrates.
import { textOf } from '@agent-chat/core';
import { LabelsProvider } from '@agent-chat/ui';
import Link from 'next/link';
import { Chat } from './chat';
import { WELCOME } from './history';

export default function Home() {
  const question = textOf(WELCOME[0]!.content);
  return (
    <main className="page">
      <header>
        <h1>AgentChatView</h1>
        <span data-testid="server-question">{question}</span>
        <Link href="/parts">Composed from the parts</Link>
      </header>
      <LabelsProvider labels={{ send: 'Send' }}>
        <Chat history={WELCOME} />
      </LabelsProvider>
    </main>
  );
}
