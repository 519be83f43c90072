import { aiSdkTransport, type Message } from '@agent-chat/core';
import { useAgentChat } from '@agent-chat/react';
import { MessageList } from '@agent-chat/ui';
import '@agent-chat/ui/styles.css';
import type { ReactNode } from 'react';

// The code blocks are highlighted, as an app that shows code has them: Shiki in a lazy chunk, at each finished block.
const loadHighlighter = () => import('@agent-chat/ui/highlighter').then((module) => module.highlighter);
import { historyTexts } from './content.js';

export function kitApp(history: number, onSend: (send: () => Promise<unknown>) => void): ReactNode {
  const messages: Message[] = historyTexts(history).map(({ role, text }) => ({ role: role === 'user' ? 'user' : 'model', content: [{ text }] }));
  function App() {
    const { chat } = useAgentChat({ transport: aiSdkTransport({ url: '/api/chat' }), state: { messages, artifacts: [] } });
    onSend(() => chat.send('go'));
    return <MessageList.Root chat={chat} codeHighlighter={loadHighlighter} />;
  }
  return <App />;
}
