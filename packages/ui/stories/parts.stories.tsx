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
    <MessageActions.Root {...props}>
      <MessageActions.Regenerate />
      <MessageActions.Copy asChild>
        <a href="#copy">Copy text</a>
      </MessageActions.Copy>
      {props.message.role === 'model' ? (
        <button type="button" data-action="share" data-state={shared ? 'shared' : 'idle'} onClick={() => setShared(true)}>
          {shared ? 'Shared' : 'Share'}
        </button>
      ) : null}
    </MessageActions.Root>
  );
}

/** MessageActions composed by the app: Regenerate before a Copy link, and a Share button of its own. */
export const MessageActionsParts: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([reply('Paris is the capital of France.'), reply('The capital of France is Paris.')], { delayMs: 0 })}
      start={(chat) => void chat.send('What is the capital of France?')}>
      <MessageList.Root messageActions={ShareActions} />
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
      <MessageList.Root />
      <Composer.Root attachments={false}>
        <div className="acu-composer__row">
          <Composer.Input placeholder="Say something" />
          <Composer.Stop />
          <Composer.Send>Send it</Composer.Send>
        </div>
      </Composer.Root>
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
        <InterruptPrompt.Root toolName="Delete files" prompt={{ title: 'Delete two files?', question: 'They cannot be restored.', destructive: true }}
          onConfirm={() => setAnswer('approved')} onDeny={() => setAnswer('denied')}>
          <InterruptPrompt.Title />
          <InterruptPrompt.Description />
          <InterruptPrompt.Actions>
            <InterruptPrompt.Deny>Keep them</InterruptPrompt.Deny>
            <InterruptPrompt.Confirm>Delete</InterruptPrompt.Confirm>
            <button type="button" onClick={() => setAnswer('later')}>Ask me later</button>
          </InterruptPrompt.Actions>
        </InterruptPrompt.Root>
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

/** A version picker of the app's own: its own buttons for Previous and Next (asChild), the position between them. */
function VersionActions(props: MessageActionsProps) {
  return (
    <MessageActions.Root {...props}>
      <MessageActions.BranchPicker.Root>
        <MessageActions.BranchPicker.Previous asChild>
          <button type="button" className="story-step">Older</button>
        </MessageActions.BranchPicker.Previous>
        <MessageActions.BranchPicker.Count className="story-position" />
        <MessageActions.BranchPicker.Next asChild>
          <button type="button" className="story-step">Newer</button>
        </MessageActions.BranchPicker.Next>
      </MessageActions.BranchPicker.Root>
      <MessageActions.Copy />
    </MessageActions.Root>
  );
}

/** An answer regenerated once: two versions, the second shown, each with the app's version picker. */
const twoVersions = () => (
  <StoryChat create={() => scriptedChat([reply('Paris is the capital of France.'), reply('The capital of France is Paris.')], { delayMs: 0 })}
    start={(chat) => void chat.send('What is the capital of France?').then(() => chat.regenerate())}>
    <MessageList.Root messageActions={VersionActions} />
  </StoryChat>
);

/** The picker of the answer shown (its group is named for the version), once that version is on screen. */
async function pickerShowing(canvas: ReturnType<typeof within>, text: string, name: string) {
  await waitFor(() => expect(canvas.getByText(text)).toBeInTheDocument(), { timeout: 3000 });
  return within(await canvas.findByRole('group', { name }, { timeout: 3000 }));
}

/** MessageActions.BranchPicker.Previous on the app's own button: "Older" steps back a version and is disabled on the first. */
export const BranchPickerPrevious: Story = {
  render: twoVersions,
  play: async ({ canvas }) => {
    const last = await pickerShowing(canvas, 'The capital of France is Paris.', 'Version 2 of 2');
    const older = last.getByRole('button', { name: 'Older' });
    await expect(older).toHaveAttribute('data-action', 'previous');
    await expect(older).toHaveClass('acu-button', 'story-step');
    await userEvent.click(older);
    const first = await pickerShowing(canvas, 'Paris is the capital of France.', 'Version 1 of 2');
    await expect(first.getByRole('button', { name: 'Older' })).toBeDisabled();
    await expect(first.getByRole('button', { name: 'Older' })).toHaveAttribute('data-disabled', '');
  },
};

/** MessageActions.BranchPicker.Next on the app's own button: "Newer" steps forward, from the keyboard, and is disabled on the last. */
export const BranchPickerNext: Story = {
  render: twoVersions,
  play: async ({ canvas }) => {
    const last = await pickerShowing(canvas, 'The capital of France is Paris.', 'Version 2 of 2');
    await expect(last.getByRole('button', { name: 'Newer' })).toHaveAttribute('data-state', 'disabled');
    await userEvent.click(last.getByRole('button', { name: 'Older' }));
    const first = await pickerShowing(canvas, 'Paris is the capital of France.', 'Version 1 of 2');
    const newer = first.getByRole('button', { name: 'Newer' });
    await expect(newer).toHaveAttribute('data-state', 'idle');
    newer.focus();
    await userEvent.keyboard('{Enter}');
    const again = await pickerShowing(canvas, 'The capital of France is Paris.', 'Version 2 of 2');
    await expect(again.getByRole('button', { name: 'Newer' })).toBeDisabled();
  },
};

/** MessageActions.BranchPicker.Count: the position `2 / 2` (hidden from screen readers: the group says "Version 2 of 2"), its state first or last. */
export const BranchPickerCount: Story = {
  render: twoVersions,
  play: async ({ canvasElement, canvas }) => {
    await pickerShowing(canvas, 'The capital of France is Paris.', 'Version 2 of 2');
    const position = () => canvasElement.querySelector<HTMLElement>('.story-position')!;
    await expect(position()).toHaveTextContent('2 / 2');
    await expect(position()).toHaveAttribute('data-state', 'last');
    await expect(position()).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Older' }));
    await pickerShowing(canvas, 'Paris is the capital of France.', 'Version 1 of 2');
    await expect(position()).toHaveTextContent('1 / 2');
    await expect(position()).toHaveAttribute('data-state', 'first');
  },
};
