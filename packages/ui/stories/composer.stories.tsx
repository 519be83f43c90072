import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { Composer } from '../src/composer/composer.js';
import { MessageList } from '../src/message-list/message-list.js';
import { LONG_REPLY, interruptPart, interruptTurn, reply, scriptedChat, transportOf } from './support/scripts.js';
import { StoryChat, chatOf } from './support/story-chat.js';

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

const PIXEL = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (char) => char.charCodeAt(0));

/** Pastes `file` into `field`: a real clipboard event in a browser; in jsdom (no DataTransfer) the two fields the composer reads. */
function pasteFile(field: HTMLElement, file: File): void {
  if (typeof DataTransfer !== 'function') {
    fireEvent.paste(field, { clipboardData: { files: [file], types: ['Files'] } });
    return;
  }
  const data = new DataTransfer();
  data.items.add(file);
  field.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
}

/** Files by the attach button, paste or drop: a chip each (removable), a limit with an alert, and the image in the sent message. */
export const Attachments: Story = {
  args: { attachments: { maxFileSize: 64 * 1024 } },
  render: (args) => (
    <StoryChat create={() => scriptedChat([reply('I see a 1×1 PNG.')], { delayMs: 10 })}>
      <MessageList />
      <Composer {...args} />
    </StoryChat>
  ),
  play: async ({ canvas, canvasElement }) => {
    const picker = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(picker, [new File([PIXEL], 'pixel.png', { type: 'image/png' }), new File(['# Notes'], 'notes.md', { type: 'text/markdown' })]);
    const list = canvas.getByRole('list', { name: 'Attachments' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove notes.md' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    pasteFile(canvas.getByRole('textbox', { name: 'Message' }), new File([new Uint8Array(100 * 1024)], 'huge.png', { type: 'image/png' }));
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('huge.png is too large: files can be up to 64 KB.'));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'What is this?{Enter}');
    await waitFor(() => expect(canvas.getByText('I see a 1×1 PNG.')).toBeInTheDocument(), { timeout: 3000 });
    // The message's image view is a chunk loaded at the first media part shown.
    await expect(await canvas.findByRole('img', { name: 'pixel.png' })).toBeInTheDocument();
    await expect(transportOf(chatOf(canvasElement)).requests[0]!.input.message?.content).toEqual([
      { media: { url: expect.stringMatching(/^data:image\/png;base64,/), contentType: 'image/png' }, metadata: { filename: 'pixel.png' } },
      { text: 'What is this?' },
    ]);
  },
};
