import { storeOf } from '@agent-chat/core/binding';
import { createAgentChat, scriptedTransport, type Transport } from '@agent-chat/core';
import { createThreadList, memoryThreadAdapter, type ThreadSummary } from '@agent-chat/core/threads';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.js';
import { ThreadList } from './thread-list.js';
import { versionTree } from '@agent-chat/core';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const NOW = new Date(2026, 11, 3, 12, 0).getTime();
const HOUR = 3_600_000;
const summary = (id: string, title: string, updatedAt: number, archived = false): ThreadSummary => ({ id, title, createdAt: updatedAt, updatedAt, archived });

function setup(threads: ThreadSummary[], undoMs = 5000) {
  const transport = scriptedTransport([[{ type: 'text-delta', text: 'ok', messageKey: 'm' }, { type: 'turn-end', finishReason: 'stop' }]], { loop: true });
  const adapter = memoryThreadAdapter(threads);
  const list = createThreadList({ adapter, undoMs, now: () => NOW, createChat: (id) => createAgentChat({ features: [versionTree()], transport, sessionId: id }) });
  const onOpen = vi.fn();
  const view = render(<ThreadList threads={list} now={NOW} onOpen={onOpen} />);
  return { list, adapter, view, onOpen };
}
const threadButtons = () => screen.getAllByRole('button').filter((button) => button.hasAttribute('data-thread-id'));
const titles = () => threadButtons().map((button) => button.querySelector('.acu-thread-title')!.textContent);

describe('ThreadList', () => {
  it('groups threads by date with archived ones last, marks the active one, and is axe-clean', async () => {
    const { list, view } = setup([
      summary('a', 'This morning', NOW - 2 * HOUR),
      summary('b', 'Last night', NOW - 14 * HOUR),
      summary('c', 'Monday', NOW - 3 * 24 * HOUR),
      summary('d', 'Long ago', NOW - 40 * 24 * HOUR),
      summary('e', 'Put away', NOW - HOUR, true),
    ]);
    await act(() => list.ready);
    await act(async () => void (await list.switchTo('b')));
    const nav = screen.getByRole('navigation', { name: 'Conversations' });
    expect(within(nav).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Today', 'Yesterday', 'Previous 7 days', 'Older', 'Archived']);
    expect(titles()).toEqual(['This morning', 'Last night', 'Monday', 'Long ago', 'Put away']);
    expect(threadButtons().find((button) => button.getAttribute('aria-current') === 'page')!.textContent).toBe('Last night');
    // One tab stop: the active thread.
    expect(threadButtons().filter((button) => button.tabIndex === 0).map((button) => button.dataset.threadId)).toEqual(['b']);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('New chat creates and opens a thread; clicking a thread opens it', async () => {
    const { list, onOpen } = setup([summary('a', 'Older one', NOW - HOUR)]);
    await act(() => list.ready);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'New chat' })));
    await waitFor(() => expect(onOpen).toHaveBeenCalledTimes(1));
    const created = onOpen.mock.calls[0]![0] as string;
    expect(list.getState().activeId).toBe(created);
    expect(titles()).toEqual(['New chat', 'Older one']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Older one' })));
    await waitFor(() => expect(list.getState().activeId).toBe('a'));
    expect(onOpen).toHaveBeenLastCalledWith('a');
  });

  it('keyboard: arrows, Home and End move between threads, F2 renames inline (Escape cancels), Delete removes with an undo; a click opens', async () => {
    const { list, adapter } = setup([summary('a', 'First', NOW - HOUR), summary('b', 'Second', NOW - 2 * HOUR), summary('c', 'Third', NOW - 3 * HOUR)]);
    await act(() => list.ready);
    const button = (id: string) => threadButtons().find((candidate) => candidate.dataset.threadId === id)!;
    button('a').focus();
    fireEvent.keyDown(button('a'), { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(button('b')));
    fireEvent.keyDown(button('b'), { key: 'End' });
    await waitFor(() => expect(document.activeElement).toBe(button('c')));
    fireEvent.keyDown(button('c'), { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement).toBe(button('b')));
    await act(async () => fireEvent.click(button('b')));
    await waitFor(() => expect(list.getState().activeId).toBe('b'));

    fireEvent.keyDown(button('b'), { key: 'F2' });
    const field = screen.getByRole('textbox', { name: 'Rename' });
    fireEvent.change(field, { target: { value: 'Renamed' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(titles()).toEqual(['First', 'Second', 'Third']);
    fireEvent.keyDown(button('b'), { key: 'F2' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Rename' }), { target: { value: 'Renamed' } });
    await act(async () => fireEvent.keyDown(screen.getByRole('textbox', { name: 'Rename' }), { key: 'Enter' }));
    expect(titles()).toEqual(['First', 'Renamed', 'Third']);
    expect(await adapter.get('b')).toMatchObject({ title: 'Renamed' });

    await act(async () => fireEvent.keyDown(button('b'), { key: 'Delete' }));
    expect(titles()).toEqual(['First', 'Third']);
    expect(list.getState().activeId).toBe('c');
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Deleted “Renamed”.');
    await act(async () => fireEvent.click(within(status).getByRole('button', { name: 'Undo' })));
    expect(titles()).toEqual(['First', 'Renamed', 'Third']);
    expect(status.textContent).toBe('');
  });

  it('archive moves a thread under Archived; the running thread is marked; a store failure shows an alert and keeps the list', async () => {
    const { list, adapter } = setup([summary('a', 'Keep', NOW - HOUR), summary('b', 'Old news', NOW - 2 * HOUR)]);
    await act(() => list.ready);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Archive: Old news' })));
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Today', 'Archived']);
    expect(await adapter.get('b')).toMatchObject({ archived: true });

    await act(async () => void (await list.switchTo('a')));
    act(() => storeOf(list.chat('a')!).setState({ status: 'streaming' }));
    expect(screen.getByRole('img', { name: 'Answering…' })).toBeTruthy();

    adapter.save = () => Promise.reject(new Error('QuotaExceededError'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Unarchive: Old news' })));
    expect(screen.getByRole('alert').textContent).toContain('Your conversations could not be saved: QuotaExceededError');
    expect(titles()).toEqual(['Keep', 'Old news']);
  });

  it('background runs: threads answering while another is shown are marked running, then unread (a dot, said politely), read once opened', async () => {
    // Each turn answers when the test releases it.
    const waiting: Array<() => void> = [];
    const transport: Transport = {
      name: 'held',
      async *run(request) {
        await new Promise<void>((resolve) => waiting.push(resolve));
        const text = (request.input.message!.content[0] as { text: string }).text;
        yield [{ raw: null, events: [{ type: 'text-delta', text: `re: ${text}`, messageKey: 'm' }, { type: 'turn-end', finishReason: 'stop' }] }];
      },
    };
    const threads = [summary('a', 'First', NOW - HOUR), summary('b', 'Second', NOW - 2 * HOUR), summary('c', 'Third', NOW - 3 * HOUR), summary('d', 'Shown', NOW - 4 * HOUR)];
    const list = createThreadList({ adapter: memoryThreadAdapter(threads), now: () => NOW, backgroundRuns: 3, createChat: (id) => createAgentChat({ features: [versionTree()], transport, sessionId: id }) });
    const view = render(<ThreadList threads={list} now={NOW} />);
    await act(() => list.ready);
    for (const id of ['a', 'b', 'c']) {
      await act(async () => void (await list.switchTo(id)));
      act(() => void list.chat()!.send(`question ${id}`));
    }
    await act(async () => void (await list.switchTo('d')));
    // Three run in the background at once.
    expect(screen.getAllByRole('img', { name: 'Answering…' })).toHaveLength(3);
    await act(async () => waiting.splice(0).forEach((release) => release()));
    await waitFor(() => expect(screen.getAllByRole('img', { name: 'New answer' })).toHaveLength(3));
    expect(screen.queryByRole('img', { name: 'Answering…' })).toBeNull();
    expect([...view.container.querySelectorAll('[aria-live="polite"]')].map((region) => region.textContent).filter(Boolean).sort()).toEqual(['First: New answer', 'Second: New answer', 'Third: New answer']);
    expect(await axeViolations(view.container)).toEqual([]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Second/ })));
    expect(screen.getAllByRole('img', { name: 'New answer' })).toHaveLength(2);
    expect(list.getState().unread.sort()).toEqual(['a', 'c']);
    expect(list.chat()!.getState().messages.map((message) => message.content[0])).toEqual([{ text: 'question b' }, { text: 're: question b' }]);
  });

  it('10,000 threads render a window of rows, not all of them', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) => summary(`t${index}`, `Thread ${index}`, NOW - index * 60_000));
    const transport = scriptedTransport([]);
    const list = createThreadList({ adapter: memoryThreadAdapter(many), pageSize: 10_000, createChat: (id) => createAgentChat({ features: [versionTree()], transport, sessionId: id }) });
    render(<ThreadList threads={list} now={NOW} />);
    await act(() => list.ready);
    expect(list.getState().threads).toHaveLength(10_000);
    expect(threadButtons().length).toBeLessThanOrEqual(40);
  });
});
