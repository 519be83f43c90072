import { createAgentChat, scriptedTransport } from '@agent-chat/core';
import { createThreadList, memoryThreadAdapter } from '@agent-chat/core/threads';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.js';
import { AgentChatView } from './agent-chat-view.js';
import { versionTree } from '@agent-chat/core';

afterEach(cleanup);

function threads() {
  const transport = scriptedTransport([[{ type: 'text-delta', text: 'Hello there', messageKey: 'm' }, { type: 'turn-end', finishReason: 'stop' }]], { loop: true });
  return createThreadList({ adapter: memoryThreadAdapter(), createChat: (id) => createAgentChat({ features: [versionTree()], transport, sessionId: id }) });
}

describe('AgentChatView with threads', () => {
  it('shows the conversations beside a new chat; sending titles the thread; New chat starts another', async () => {
    const list = threads();
    const view = render(<AgentChatView threads={list} />);
    const composer = await screen.findByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(list.getState().activeId).not.toBeNull());
    fireEvent.change(composer, { target: { value: 'Plan a trip' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    const chatColumn = view.container.querySelector<HTMLElement>('.acu-threaded__chat')!;
    await waitFor(() => expect(within(chatColumn).getByText('Hello there')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Plan a trip' }).getAttribute('aria-current')).toBe('page');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'New chat' })));
    await waitFor(() => expect(list.getState().threads).toHaveLength(2));
    await waitFor(() => expect(within(view.container.querySelector<HTMLElement>('.acu-threaded__chat')!).queryByText('Hello there')).toBeNull());
    expect(screen.getByRole('button', { name: 'Conversations', expanded: false })).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('an unknown thread id is a calm "not found" with a way to a new chat', async () => {
    const list = threads();
    render(<AgentChatView threads={list} />);
    await act(async () => void (await list.switchTo('no-such-thread')));
    expect((await screen.findByText('This conversation is not available.')).parentElement!.getAttribute('role')).toBe('status');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start a new chat' })));
    await waitFor(() => expect(screen.queryByText(/is not available/)).toBeNull());
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
  });
});
