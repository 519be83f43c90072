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
  it('threadsOpen: the app owns the phone sheet — its value shows, and the toggle and opening a conversation report a change instead', async () => {
    const list = threads();
    const changes: boolean[] = [];
    const view = render(<AgentChatView threads={list} threadsOpen={false} onThreadsOpenChange={(open) => changes.push(open)} />);
    await screen.findByRole('textbox', { name: 'Message' });
    const layout = () => view.container.querySelector<HTMLElement>('.acu-threaded')!;
    expect(layout().dataset.sheet).toBe('closed');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Conversations' })));
    // Controlled: the click is reported, the sheet stays as the app says.
    expect(changes).toEqual([true]);
    expect(layout().dataset.sheet).toBe('closed');
    view.rerender(<AgentChatView threads={list} threadsOpen onThreadsOpenChange={(open) => changes.push(open)} />);
    expect(layout().dataset.sheet).toBe('open');
    expect(screen.getByRole('button', { name: 'Conversations' }).getAttribute('aria-expanded')).toBe('true');
    // Opening a conversation from the list closes the sheet: reported to the app.
    await waitFor(() => expect(view.container.querySelector('.acu-thread-open')).not.toBeNull());
    await act(async () => fireEvent.click(view.container.querySelector<HTMLElement>('.acu-thread-open')!));
    expect(changes.at(-1)).toBe(false);
  });
});
