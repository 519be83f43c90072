import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { Composer } from './composer.js';
import { MessageList } from './message-list.js';
import { LONG_REPLY, interruptPart, interruptTurn, reply, scriptedChat, transportOf } from './stories/scripts.js';
import { StoryChat, chatOf } from './stories/story-chat.js';

const meta = {
  title: 'Components/Composer',
  component: Composer,
} satisfies Meta<typeof Composer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Enter sends; Shift+Enter adds a line; an empty message cannot be sent. */
export const Idle: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([reply('Got it.')], { delayMs: 10 })}>
      <MessageList />
      <Composer />
    </StoryChat>
  ),
  play: async ({ canvas, canvasElement }) => {
    const field = canvas.getByRole('textbox', { name: 'Message' });
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(field, 'first line{Shift>}{Enter}{/Shift}second line');
    await expect(field).toHaveValue('first line\nsecond line');
    await userEvent.keyboard('{Enter}');
    await expect(field).toHaveValue('');
    await waitFor(() => expect(canvas.getByText('Got it.')).toBeInTheDocument(), { timeout: 3000 });
    await expect(transportOf(chatOf(canvasElement)).requests[0]!.input.message?.content).toEqual([{ text: 'first line\nsecond line' }]);
  },
};

/** While the agent thinks, Stop replaces Send and stops the turn. */
export const Thinking: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([reply(LONG_REPLY.repeat(3))], { delayMs: 50 })} start={(chat) => void chat.send('Tell me everything.')}>
      <MessageList />
      <Composer />
    </StoryChat>
  ),
  play: async ({ canvas, canvasElement }) => {
    const stop = await canvas.findByRole('button', { name: 'Stop' });
    await waitFor(() => expect(canvasElement.querySelector('.acu-message[data-state="streaming"]')).not.toBeNull(), { timeout: 3000 });
    await userEvent.click(stop);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Send' })).toBeInTheDocument());
    await expect(canvasElement.querySelector('.acu-message[data-state="aborted"]')).not.toBeNull();
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toHaveFocus();
  },
};

/** While an interrupt waits for an answer, the composer is disabled. */
export const InterruptPending: Story = {
  render: () => (
    <StoryChat
      create={() => scriptedChat([interruptTurn('Please confirm. ', [interruptPart('approve', 'a1', { amount: 120 })])], { delayMs: 0 })}
      start={(chat) => void chat.send('Pay the invoice.')}
    >
      <Composer />
    </StoryChat>
  ),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Message' })).toBeDisabled(), { timeout: 3000 });
    await expect(canvasElement.querySelector('.acu-composer')).toHaveAttribute('data-state', 'disabled');
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};
