import { createAgentChat, scriptedTransport, versionTree } from '@agent-chat/core';
import { createThreadList, memoryThreadAdapter, type ThreadSummary } from '@agent-chat/core/threads';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.js';
import { AgentChatView } from './agent-chat-view.js';
import { markdownPart } from '../markdown/lazy-markdown.js';
import { virtualRowsPart } from '../message-list/message-rows.js';
import { messageSourcesPart } from '../message-list/row-parts.js';
import { toolActivityPart } from '../tools/lazy-tool-activity.js';
import { messageActionsPart } from './view-parts.js';

afterEach(cleanup);

// Its own file: the thread layout's chunk is not loaded yet when the first test renders (a module loads once per file).
describe('AgentChatView with threads, before its thread layout is loaded', () => {
  it('paints the first page of the list at once from what is loaded, rows that open their thread; then the whole layout', async () => {
    const summaries = Array.from({ length: 60 }, (_, index): ThreadSummary => ({ id: `t${index}`, title: `Thread ${index}`, createdAt: index, updatedAt: index, archived: false }));
    const transport = scriptedTransport([]);
    const list = createThreadList({ adapter: memoryThreadAdapter(summaries), createChat: (id) => createAgentChat({ features: [versionTree()], transport, sessionId: id }) });
    await list.ready;
    const parts = [markdownPart, virtualRowsPart, messageActionsPart, toolActivityPart, messageSourcesPart];
    const preloads = parts.map((part) => vi.spyOn(part, 'preload'));
    const view = render(<AgentChatView threads={list} />);
    // The first commit: the list's first page (40 rows, newest first), the layout's chunk still loading. Read before
    // anything is awaited: the layout's chunk may come in at any later await.
    expect(view.container.querySelector('.acu-threaded')!.getAttribute('data-state')).toBe('loading');
    const rows = [...view.container.querySelectorAll('.acu-thread-open')].map((row) => row.textContent);
    expect(rows).toHaveLength(40);
    expect(rows.slice(0, 2)).toEqual(['Thread 59', 'Thread 58']);
    expect(screen.getByRole('navigation', { name: 'Conversations' }).getAttribute('aria-busy')).toBe('true');
    // What a conversation's rows render loads once the first page is read, before the layout: a switch right after
    // the list shows finds it there.
    for (const preload of preloads) expect(preload).not.toHaveBeenCalled();
    // A row of the first page opens its thread (the layout, once in, shows it and makes no new chat).
    fireEvent.click(screen.getByRole('button', { name: 'Thread 58' }));
    await waitFor(() => expect(list.getState().activeId).toBe('t58'));
    await waitFor(() => {
      for (const preload of preloads) expect(preload).toHaveBeenCalled();
    }, { timeout: 10_000 });
    for (const preload of preloads) preload.mockRestore();
    // Then the whole layout: the chat beside the list, the rows with their actions.
    await screen.findByRole('textbox', { name: 'Message' });
    expect(view.container.querySelector('.acu-threaded')!.getAttribute('data-state')).toBeNull();
    expect(screen.getByRole('button', { name: 'Thread 58' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Rename: Thread 58' })).toBeTruthy();
    expect(list.getState().activeId).toBe('t58');
    expect(await axeViolations(view.container)).toEqual([]);
  });
});
