import { createAgentChat } from '@agent-chat/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { InterruptConfirmDialog } from '../src/interrupt-prompt/interrupt-confirm-dialog.js';
import { MessageList } from '../src/message-list/message-list.js';
import { captureTransport } from './support/genkit-captures.js';
import type { ToolRequestPart } from '@agent-chat/core';
import { interruptPart, interruptTurn, resumeTurn, scriptedChat, transportOf } from './support/scripts.js';
import { StoryChat, chatOf } from './support/story-chat.js';

const meta = {
  title: 'Components/InterruptConfirmDialog',
  component: InterruptConfirmDialog,
} satisfies Meta<typeof InterruptConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const DELETE = interruptPart('deleteFiles', 'd1', { paths: ['/tmp/report.csv', '/tmp/old.log'] });

/** A turn ended waiting for a confirmation: titled in words, the input behind Details; focus starts on Deny, a click outside keeps it open, Confirm resumes. */
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
    const dialog = await canvas.findByRole('alertdialog', { name: 'Delete files' }, { timeout: 3000 });
    await expect(within(dialog).getByRole('button', { name: 'Deny' })).toHaveFocus();
    await userEvent.pointer({ keys: '[MouseLeft]', target: dialog });
    await expect(canvas.getByRole('alertdialog')).toBeInTheDocument();
    await expect(canvas.getByRole('alert')).toHaveTextContent('The agent is waiting');
    await userEvent.click(within(dialog).getByText('Details'));
    await expect(within(dialog).getByText(/\/tmp\/report\.csv/)).toBeVisible();
    await userEvent.click(within(canvas.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(canvas.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(canvas.getByText('Deleted both files.')).toBeInTheDocument(), { timeout: 3000 });
    await expect(canvasElement.querySelector('.acu-tool')).toHaveAttribute('data-state', 'done');
    await expect(transportOf(chatOf(canvasElement)).requests[1]!.input.resume?.respond).toEqual([{ toolResponse: { name: 'deleteFiles', ref: 'd1', output: true } }]);
  },
};

/** Left open: the dialog as a person first sees it; Escape closes it without answering (the question waits inline in the list). */
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
    await canvas.findByRole('alertdialog', { name: 'Delete files' }, { timeout: 3000 });
    await expect(within(canvas.getByRole('alertdialog')).getByRole('button', { name: 'Deny' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('alertdialog')).toBeNull());
    // The inline question is in the tool row, a chunk of its own: it shows once loaded.
    await expect(await canvas.findByRole('group', { name: 'Answer Delete files' }, { timeout: 5000 })).toBeInTheDocument();
  },
};

/** The real interrupt capture (`askUser` asks "Proceed?"): a yes/no question, so no text box; Confirm resumes and the resume capture replies. */
export const Question: Story = {
  render: () => (
    <StoryChat create={() => createAgentChat({ transport: captureTransport({ paceMs: 150 }) })} start={(chat) => void chat.send('please interrupt')}>
      <MessageList />
      <InterruptConfirmDialog />
    </StoryChat>
  ),
  play: async ({ canvas }) => {
    const dialog = await canvas.findByRole('alertdialog', { name: 'Ask user', description: 'Proceed?' }, { timeout: 3000 });
    await expect(within(dialog).queryByRole('textbox')).toBeNull();
    await expect(within(dialog).getByRole('button', { name: 'Deny' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
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
    const dialog = await canvas.findByRole('alertdialog', { name: 'Send email, Book room' }, { timeout: 3000 });
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

const CLEAR: ToolRequestPart = {
  toolRequest: { name: 'confirmClearAll', ref: 'c1', input: { question: 'Clear all tasks? This cannot be undone.' } },
  metadata: { interrupt: { title: 'Clear all tasks', destructive: true, confirmLabel: 'Clear all tasks', denyLabel: 'Keep my tasks' } },
};

/** A destructive interrupt: the agent's title and question, danger styling, and a confirm button that names the action. */
export const Destructive: Story = {
  render: () => (
    <StoryChat
      create={() => scriptedChat([interruptTurn('This needs your confirmation. ', [CLEAR]), resumeTurn('Okay, your tasks are still there.')], { delayMs: 0 })}
      start={(chat) => void chat.send('clear')}
    >
      <MessageList />
      <InterruptConfirmDialog />
    </StoryChat>
  ),
  play: async ({ canvas, canvasElement }) => {
    const dialog = await canvas.findByRole('alertdialog', { name: 'Clear all tasks', description: 'Clear all tasks? This cannot be undone.' }, { timeout: 3000 });
    await expect(dialog).toHaveAttribute('data-variant', 'danger');
    await expect(within(dialog).getByRole('button', { name: 'Clear all tasks' })).toHaveAttribute('data-variant', 'danger');
    await expect(within(dialog).getByRole('button', { name: 'Keep my tasks' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByText('Okay, your tasks are still there.')).toBeInTheDocument(), { timeout: 3000 });
    await expect(transportOf(chatOf(canvasElement)).requests[1]!.input.resume?.respond).toEqual([{ toolResponse: { name: 'confirmClearAll', ref: 'c1', output: false } }]);
  },
};

const NAME: ToolRequestPart = {
  toolRequest: { name: 'askName', ref: 'n1', input: { question: 'What should the project be called?' } },
  metadata: { interrupt: { title: 'Name the project', responseSchema: { type: 'string', title: 'Project name' } } },
};

/**
 * An interrupt that asks for text: a labelled field, focused first; Confirm with it empty says what is missing and
 * sends nothing (typing and Enter are covered by the component's tests).
 */
export const TextAnswer: Story = {
  render: () => (
    <StoryChat
      create={() => scriptedChat([interruptTurn('One question first. ', [NAME]), resumeTurn('Created the project.')], { delayMs: 0 })}
      start={(chat) => void chat.send('new project')}
    >
      <MessageList />
      <InterruptConfirmDialog />
    </StoryChat>
  ),
  play: async ({ canvas, canvasElement }) => {
    const dialog = await canvas.findByRole('alertdialog', { name: 'Name the project', description: 'What should the project be called?' }, { timeout: 3000 });
    const field = within(dialog).getByRole('textbox', { name: 'Project name' });
    await expect(field).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('Type an answer, or choose Deny.');
    await expect(transportOf(chatOf(canvasElement)).requests).toHaveLength(1);
  },
};
