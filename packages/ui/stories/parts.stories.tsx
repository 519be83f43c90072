import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Composer, InterruptPrompt, MessageActions, MessageList, type MessageActionsProps } from '../src/index.js';
import { reply, scriptedChat, transportOf } from './support/scripts.js';
import { StoryChat, chatOf } from './support/story-chat.js';

const meta = {
  title: 'Components/Parts',
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** An app's own actions: Copy as a link, Regenerate, and an app button that gets the group's look and hover. */
function ShareActions(props: MessageActionsProps) {
  const [shared, setShared] = useState(false);
  return (
    <MessageActions {...props}>
      <MessageActions.Regenerate />
      <MessageActions.Copy asChild>
        <a href="#copy">Copy text</a>
      </MessageActions.Copy>
      {props.message.role === 'model' ? (
        <button type="button" data-action="share" data-state={shared ? 'shared' : 'idle'} onClick={() => setShared(true)}>
          {shared ? 'Shared' : 'Share'}
        </button>
      ) : null}
    </MessageActions>
  );
}

/** MessageActions composed by the app: Regenerate before a Copy link, and a Share button of its own. */
export const MessageActionsParts: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([reply('Paris is the capital of France.'), reply('The capital of France is Paris.')], { delayMs: 0 })}
      start={(chat) => void chat.send('What is the capital of France?')}>
      <MessageList actions={ShareActions} />
    </StoryChat>
  ),
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByText('Paris is the capital of France.')).toBeInTheDocument(), { timeout: 3000 });
    const answer = canvas.getByText('Paris is the capital of France.').closest('article')!;
    // A tap focuses the message: its actions show on a touch screen too (no hover there).
    (answer as HTMLElement).focus();
    // The actions come once the answer has finished streaming.
    const group = await within(answer as HTMLElement).findByRole('group', { name: 'Message actions' }, { timeout: 3000 });
    const controls = [...group.querySelectorAll('a, button')].map((element) => element.getAttribute('data-action'));
    await expect(controls).toEqual(['regenerate', 'copy', 'share']);
    await userEvent.click(within(group).getByRole('button', { name: 'Share' }));
    await expect(within(group).getByRole('button', { name: 'Shared' })).toHaveAttribute('data-state', 'shared');
    await userEvent.click(within(group).getByRole('button', { name: 'Regenerate answer' }));
    await waitFor(() => expect(canvas.getByText('The capital of France is Paris.')).toBeInTheDocument(), { timeout: 3000 });
  },
};

/** A composer of the app's own order: Send before the field, no attach button, a word for the Send icon. */
export const ComposerParts: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([reply('Noted.')], { delayMs: 10 })}>
      <MessageList />
      <Composer attachments={false}>
        <div className="acu-composer__row">
          <Composer.Input placeholder="Say something" />
          <Composer.Stop />
          <Composer.Send>Send it</Composer.Send>
        </div>
      </Composer>
    </StoryChat>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByRole('button', { name: 'Attach files' })).toBeNull();
    const field = canvas.getByRole('textbox', { name: 'Message' });
    await expect(field).toHaveAttribute('placeholder', 'Say something');
    await userEvent.type(field, 'Remember the milk{Enter}');
    await waitFor(() => expect(canvas.getByText('Noted.')).toBeInTheDocument(), { timeout: 3000 });
    await expect(transportOf(chatOf(canvasElement)).requests[0]!.input.message?.content).toEqual([{ text: 'Remember the milk' }]);
  },
};

/** An interrupt prompt of the app's own (e.g. in a tool renderer): its title as a heading, Deny first, a third answer. */
export const InterruptPromptParts: Story = {
  render: function Render() {
    const [answer, setAnswer] = useState('none');
    return (
      <div>
        <InterruptPrompt toolName="Delete files" prompt={{ title: 'Delete two files?', question: 'They cannot be restored.', destructive: true }}
          onApprove={() => setAnswer('approved')} onDeny={() => setAnswer('denied')}>
          <InterruptPrompt.Title />
          <InterruptPrompt.Description />
          <InterruptPrompt.Actions>
            <InterruptPrompt.Deny>Keep them</InterruptPrompt.Deny>
            <InterruptPrompt.Confirm>Delete</InterruptPrompt.Confirm>
            <button type="button" onClick={() => setAnswer('later')}>Ask me later</button>
          </InterruptPrompt.Actions>
        </InterruptPrompt>
        <output>{answer}</output>
      </div>
    );
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Delete two files?' })).toBeInTheDocument();
    const group = canvas.getByRole('group', { name: 'Answer Delete files' });
    await expect(group).toHaveAccessibleDescription('They cannot be restored.');
    // Enter on the focused Delete confirms (first focus and Tab order are the unit tests': Storybook moves the focus).
    within(group).getByRole('button', { name: 'Delete' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByText('approved')).toBeInTheDocument();
  },
};
