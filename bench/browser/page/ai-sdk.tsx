import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { memo, type ReactNode } from 'react';
import ReactMarkdown from 'react-markdown';
import { Streamdown } from 'streamdown';
import { historyTexts } from './content.js';

type Renderer = 'streamdown' | 'react-markdown';

// Rows memoized by message, as a careful app would write them: a token re-renders the streaming row only.
const Row = memo(function Row({ message, renderer }: { message: UIMessage; renderer: Renderer }) {
  return (
    <article data-role={message.role}>
      {message.parts.map((part, index) =>
        part.type !== 'text' ? null : renderer === 'streamdown' ? <Streamdown key={index}>{part.text}</Streamdown> : <ReactMarkdown key={index}>{part.text}</ReactMarkdown>,
      )}
    </article>
  );
});

export function aiSdkApp(renderer: Renderer, history: number, onSend: (send: () => Promise<unknown>) => void): ReactNode {
  const messages: UIMessage[] = historyTexts(history).map(({ role, text }, index) => ({ id: `h${index}`, role, parts: [{ type: 'text', text }] }));
  const transport = new DefaultChatTransport({ api: '/api/chat' });
  function App() {
    const chat = useChat({ transport, messages });
    onSend(() => chat.sendMessage({ text: 'go' }));
    return <section>{chat.messages.map((message) => <Row key={message.id} message={message} renderer={renderer} />)}</section>;
  }
  return <App />;
}
