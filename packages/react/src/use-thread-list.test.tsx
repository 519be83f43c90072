import { createAgentChat, scriptedTransport, textOf } from '@agent-chat/core';
import { createThreadList, memoryThreadAdapter } from '@agent-chat/core/threads';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAgentChat } from './use-agent-chat.js';
import { useThreadList } from './use-thread-list.js';
import type { AgentChat } from '@agent-chat/core';
import { versionTree } from '@agent-chat/core';

const answer = (text: string) => [
  { type: 'text-delta' as const, text: `re: ${text}`, messageKey: 'm' },
  { type: 'turn-end' as const, finishReason: 'stop' as const },
];

function Conversation({ chat }: { chat: AgentChat }) {
  const { messages } = useAgentChat({ chat, throttle: false });
  return <ol aria-label="conversation">{messages.map((message) => <li key={message.id}>{textOf(message.content)}</li>)}</ol>;
}

function App({ list }: { list: ReturnType<typeof createThreadList> }) {
  const threads = useThreadList(list);
  return (
    <>
      <ul aria-label="threads">
        {threads.threads.map((thread) => (
          <li key={thread.id} aria-current={thread.id === threads.activeId}>{thread.title || 'New chat'}</li>
        ))}
      </ul>
      {threads.chat && <Conversation key={threads.activeId} chat={threads.chat} />}
    </>
  );
}

describe('useThreadList', () => {
  it('renders the threads and the active chat; create, send and switch re-render it', async () => {
    const transport = scriptedTransport([(request) => answer(textOf(request.input.message?.content ?? []))], { loop: true });
    const list = createThreadList({ adapter: memoryThreadAdapter(), createChat: (id) => createAgentChat({ features: [versionTree()], transport, sessionId: id }) });
    render(<App list={list} />);
    const first = await act(() => list.create());
    await act(async () => void (await list.chat()!.send('first question')));
    await act(() => list.create());
    await act(async () => void (await list.chat()!.send('second question')));
    const items = () => screen.getByRole('list', { name: 'threads' }).querySelectorAll('li');
    await waitFor(() => expect([...items()].map((item) => item.textContent)).toEqual(['second question', 'first question']));
    expect(screen.getByRole('list', { name: 'conversation' }).textContent).toBe('second questionre: second question');
    await act(async () => void (await list.switchTo(first)));
    expect(screen.getByRole('list', { name: 'conversation' }).textContent).toBe('first questionre: first question');
    expect(items()[1]!.getAttribute('aria-current')).toBe('true');
  });
});
