import Link from 'next/link';
import { InProcessChat } from './in-process-chat';

// The chat with the agent this Next.js server runs itself (app/api/in-process): no separate agent server.
export default function InProcessPage() {
  return (
    <main className="page">
      <header>
        <h1>In-process agent</h1>
        <Link href="/">AgentChatView</Link>
      </header>
      <InProcessChat />
    </main>
  );
}
