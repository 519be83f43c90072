import { createAgentChat } from '@agent-chat/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { InterruptConfirmDialog } from './interrupt-confirm-dialog.js';
import { MessageList } from './message-list.js';
import { captureTransport } from './stories/genkit-captures.js';
import { interruptPart, interruptTurn, resumeTurn, scriptedChat, transportOf } from './stories/scripts.js';
import { StoryChat, chatOf } from './stories/story-chat.js';

const meta = {
  title: 'Components/InterruptConfirmDialog',
  component: InterruptConfirmDialog,
} satisfies Meta<typeof InterruptConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const DELETE = interruptPart('deleteFiles', 'd1', { paths: ['/tmp/report.csv', '/tmp/old.log'] });

/** A turn ended waiting for a confirmation: focus starts on Deny, Escape keeps the dialog open, Confirm resumes. */
export const Pending: Story = {
  render: () => (
    <StoryChat
      create={() => scriptedChat([interruptTurn('I will delete two files. ', [DELETE]), resumeTurn('Deleted both files.')], { delayMs: 20 })}
      start={(chat) => void chat.send('Clean up the temp files.')}
    >
      <MessageList />
      <InterruptConfirmDialog />
    </StoryChat>
  ),
  play: async ({ canvas, canvasElement }) => {
    const dialog = await canvas.findByRole('alertdialog', { name: 'deleteFiles' }, { timeout: 3000 });
    await expect(dialog).toHaveTextContent('/tmp/report.csv');
    await expect(within(canvas.getByRole('alertdialog')).getByRole('button', { name: 'Deny' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('alertdialog')).toBeInTheDocument();
    await expect(canvas.getByRole('alert')).toHaveTextContent('The agent is waiting');
    await userEvent.click(within(canvas.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(canvas.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(canvas.getByText('Deleted both files.')).toBeInTheDocument(), { timeout: 3000 });
    await expect(canvasElement.querySelector('.acu-tool')).toHaveAttribute('data-state', 'done');
    await expect(transportOf(chatOf(canvasElement)).requests[1]!.input.resume?.respond).toEqual([{ toolResponse: { name: 'deleteFiles', ref: 'd1', output: true } }]);
  },
};

/** Left open: the dialog as a person first sees it (Escape only explains that an answer is needed). */
export const Open: Story = {
  render: () => (
    <StoryChat
      create={() => scriptedChat([interruptTurn('I will delete two files. ', [DELETE]), resumeTurn('Deleted both files.')], { delayMs: 0 })}
      start={(chat) => void chat.send('Clean up the temp files.')}
    >
      <MessageList />
      <InterruptConfirmDialog />
    </StoryChat>
  ),
  play: async ({ canvas }) => {
    await canvas.findByRole('alertdialog', { name: 'deleteFiles' }, { timeout: 3000 });
    await expect(within(canvas.getByRole('alertdialog')).getByRole('button', { name: 'Deny' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('alertdialog', { name: 'deleteFiles' })).toHaveAttribute('data-state', 'open');
  },
};

/** The real interrupt capture (`askUser` asks "Proceed?"): the typed answer is sent, and the resume capture replies. */
export const Question: Story = {
  render: () => (
    <StoryChat create={() => createAgentChat({ transport: captureTransport({ paceMs: 150 }) })} start={(chat) => void chat.send('please interrupt')}>
      <MessageList />
      <InterruptConfirmDialog />
    </StoryChat>
  ),
  play: async ({ canvas }) => {
    await canvas.findByRole('alertdialog', { name: 'askUser' }, { timeout: 3000 });
    await expect(within(canvas.getByRole('alertdialog')).getByRole('button', { name: 'Deny' })).toHaveFocus();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Proceed?' }), 'yes');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByText('Got "yes".')).toBeInTheDocument(), { timeout: 4000 });
  },
};

const TWO = [interruptPart('sendEmail', 'e1', { to: 'team@example.com' }), interruptPart('bookRoom', 'b1', { room: 'Atlas', at: '10:00' })];

/** Two interrupts at once: one answer covers both; Deny sends `false` to each. */
export const SeveralPending: Story = {
  render: () => (
    <StoryChat
      create={() => scriptedChat([interruptTurn('Two things need your approval. ', TWO), resumeTurn('Okay, I did neither.')], { delayMs: 10 })}
      start={(chat) => void chat.send('Set up the meeting.')}
    >
      <MessageList />
      <InterruptConfirmDialog />
    </StoryChat>
  ),
  play: async ({ canvas, canvasElement }) => {
    const dialog = await canvas.findByRole('alertdialog', { name: 'sendEmail, bookRoom' }, { timeout: 3000 });
    await expect(dialog).toHaveTextContent('The agent paused for 2 answers.');
    await userEvent.click(within(canvas.getByRole('alertdialog')).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(canvas.getByText('Okay, I did neither.')).toBeInTheDocument(), { timeout: 3000 });
    await expect(transportOf(chatOf(canvasElement)).requests[1]!.input.resume).toEqual({
      respond: [
        { toolResponse: { name: 'sendEmail', ref: 'e1', output: false } },
        { toolResponse: { name: 'bookRoom', ref: 'b1', output: false } },
      ],
    });
    await expect(canvasElement.querySelectorAll('.acu-tool[data-state="denied"]')).toHaveLength(2);
  },
};
