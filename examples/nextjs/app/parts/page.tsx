import Link from 'next/link';
import { PartsChat } from './parts-chat';

export default function PartsPage() {
  return (
    <main className="page">
      <header>
        <h1>Composed from the parts</h1>
        <Link href="/">AgentChatView</Link>
      </header>
      <PartsChat />
    </main>
  );
}
