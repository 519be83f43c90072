import { createAgentChat, scriptedTransport } from '@agent-chat/core';
import { createThreadList, memoryThreadAdapter, type ThreadSummary } from '@agent-chat/core/threads';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { AgentChatView } from '../src/agent-chat-view/agent-chat-view.js';
import { reply } from './support/scripts.js';
import { ThreadList } from '../src/thread-list/thread-list.js';
import { versionTree } from '@agent-chat/core';

const NOW = new Date(2026, 11, 3, 12, 0).getTime();
const HOUR = 3_600_000;
const SAMPLE: ThreadSummary[] = [
  { id: 'trip', title: 'Plan the trip to Lisbon', createdAt: NOW - 2 * HOUR, updatedAt: NOW - HOUR, archived: false, preview: 'Here is a three-day plan…' },
  { id: 'groceries', title: 'Groceries for the week', createdAt: NOW - 20 * HOUR, updatedAt: NOW - 15 * HOUR, archived: false, preview: 'Added 6 tasks.' },
  { id: 'report', title: 'Quarterly report draft', createdAt: NOW - 4 * 24 * HOUR, updatedAt: NOW - 4 * 24 * HOUR, archived: false },
  { id: 'old', title: 'Old ideas', createdAt: NOW - 60 * 24 * HOUR, updatedAt: NOW - 60 * 24 * HOUR, archived: true },
];

/** A list over an in-memory store whose chats answer from a script. */
function sampleList(threads: ThreadSummary[] = SAMPLE) {
  const transport = scriptedTransport([reply('Sure — here is what I found.')], { loop: true });
  return createThreadList({ adapter: memoryThreadAdapter(threads), now: () => NOW, createChat: (id) => createAgentChat({ features: [versionTree()], transport, sessionId: id }) });
}

const meta = {
  title: 'Components/ThreadList',
  component: ThreadList,
  args: { threads: sampleList(), now: NOW },
} satisfies Meta<typeof ThreadList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Grouped by date, archived last; arrows move between threads, F2 renames, Delete removes with an undo. */
export const Grouped: Story = {
  render: () => {
    const list = sampleList();
    void list.ready.then(() => list.switchTo('groceries'));
    return <div style={{ height: 420, width: 300 }}><ThreadList threads={list} now={NOW} /></div>;
  },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Groceries for the week' })).toHaveAttribute('aria-current', 'page'));
    await expect(canvas.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Today', 'Yesterday', 'Previous 7 days', 'Archived']);
  },
};

/** Deleting shows an undo for a few seconds. */
export const DeleteWithUndo: Story = {
  render: () => {
    const list = sampleList();
    return <div style={{ height: 420, width: 300 }}><ThreadList threads={list} now={NOW} /></div>;
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete: Quarterly report draft' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Deleted “Quarterly report draft”.'));
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Quarterly report draft' })).toBeInTheDocument());
  },
};

/** `AgentChatView` given a thread list: the conversations beside the active chat (a sheet on phones). */
export const InAgentChatView: Story = {
  render: () => {
    const list = sampleList();
    void list.ready.then(() => list.switchTo('trip'));
    return <div style={{ height: 520 }}><AgentChatView threads={list} artifacts="never" /></div>;
  },
  play: async ({ canvas }) => {
    // On a phone the list is a sheet behind its toggle: hidden, still rendered.
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Plan the trip to Lisbon', hidden: true })).toHaveAttribute('aria-current', 'page'));
    await expect(await canvas.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  },
};
