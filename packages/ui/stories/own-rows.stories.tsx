import type { AgentEvent } from '@agent-chat/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor } from 'storybook/test';
import { MessageActions } from '../src/message-actions/message-actions.js';
import { MessageList } from '../src/message-list/message-list.js';
import { MessageListRow } from '../src/message-list/message-list-row.js';
import { useMessage, type MessageListComponents, type MessageRowComponentProps } from '../src/message-list/message-context.js';
import { interruptPart, interruptTurn, scriptedChat, toolCall, words } from './support/scripts.js';
import { StoryChat, chatOf } from './support/story-chat.js';

const meta = {
  title: 'Recipes/Own rows',
  component: MessageList,
} satisfies Meta<typeof MessageList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An app's action: shown only on finished answers (not on the user's messages, a streaming answer or a waiting question). */
function ShareAction() {
  const { isFinishedAnswer, messages } = useMessage();
  const [shared, setShared] = useState(false);
  if (!isFinishedAnswer) return null;
  return (
    <button type="button" className="app-share" data-message-count={messages.length} onClick={() => setShared(true)}>
      {shared ? 'Link copied' : 'Share'}
    </button>
  );
}

/** The app's user row: its own avatar beside the kit's bubble. */
function UserMessage({ children }: MessageRowComponentProps) {
  return (
    <MessageListRow className="app-user-row">
      <span className="app-avatar" aria-hidden="true">ME</span>
      {children}
    </MessageListRow>
  );
}

/** The app's answer row: one card around the whole answer (tool cards and text), with its Share action. */
function AssistantMessage({ children }: MessageRowComponentProps) {
  const { status } = useMessage();
  return (
    <MessageListRow className="app-answer-card">
      {children}
      <div className="app-answer-footer" data-status={status}>
        <ShareAction />
      </div>
    </MessageListRow>
  );
}

// Module scope: one stable object, as the prop asks.
const components: MessageListComponents = { UserMessage, AssistantMessage };

const weatherTurn: AgentEvent[] = [
  ...words('Let me check. '),
  ...toolCall('getWeather', 'w1', { city: 'Lisbon' }, { tempC: 21 }),
  ...words('It is 21 °C in Lisbon.', 'm2'),
  { type: 'turn-end', finishReason: 'stop', snapshotId: 'snap-1' },
];

const answers = (canvas: HTMLElement) => [...canvas.querySelectorAll<HTMLElement>('article.app-answer-card')];

/**
 * An app's own user and answer rows (`components`), each around the kit's content: an answer — its text, the tool
 * card and the text after it — is one article with one heading, and the app's Share shows only on finished answers.
 */
export const OwnRowsWithShare: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([weatherTurn, interruptTurn('Shall I book it?', [interruptPart('bookFlight', 'b1', { to: 'LIS' })])], { delayMs: 40 })}>
      <MessageList components={components} messageActions={MessageActions} />
    </StoryChat>
  ),
  play: async ({ canvasElement }) => {
    // The chat is registered in an effect of the story's first commit: the play may start before it.
    const chat = await waitFor(() => chatOf(canvasElement));
    // While the answer streams there is no Share: every DOM change is looked at (a poll could miss the streaming
    // commits on a loaded machine), from before the send to the answer's end.
    const whileStreaming: boolean[] = [];
    const observer = new MutationObserver(() => {
      if (answers(canvasElement)[0]?.getAttribute('data-state') === 'streaming') whileStreaming.push(canvasElement.querySelector('.app-share') !== null);
    });
    observer.observe(canvasElement, { subtree: true, childList: true, attributes: true, characterData: true });
    await chat.send('Weather in Lisbon?');
    observer.disconnect();
    await expect(whileStreaming.length).toBeGreaterThan(0);
    await expect(whileStreaming.every((shown) => !shown)).toBe(true);
    await waitFor(() => expect(canvasElement.querySelectorAll('.app-share')).toHaveLength(1));

    // The user's row is the app's, with its avatar; the whole answer is one article, labelled by its one heading.
    const user = canvasElement.querySelector<HTMLElement>('article.app-user-row')!;
    await expect(user.querySelector('.app-avatar')).not.toBeNull();
    await expect(user.querySelector('.app-share')).toBeNull();
    const [answer] = answers(canvasElement);
    await expect(answer!.querySelectorAll('h2')).toHaveLength(1);
    await expect(answer!.getAttribute('aria-labelledby')).toBe(answer!.querySelector('h2')!.id);
    await expect(answer!.querySelector('.acu-tool')).not.toBeNull();
    await expect(answer!.textContent).toContain('Let me check.');
    await expect(answer!.textContent).toContain('It is 21 °C in Lisbon.');
    // Its messages (text + tool call, the tool's result, the text after it) are the row's; the kit's actions sit once, at its end.
    await expect(answer!.querySelector('.app-share')).toHaveAttribute('data-message-count', '3');
    await expect(answer!.querySelectorAll('.acu-message-actions')).toHaveLength(1);
    await expect(canvasElement.querySelectorAll('[role="feed"] article.acu-message')).toHaveLength(2);

    await userEvent.click(answer!.querySelector<HTMLButtonElement>('.app-share')!);
    await expect(answer!.querySelector('.app-share')).toHaveTextContent('Link copied');

    // A question waiting for the user is not a finished answer: no Share on it.
    await chat.send('Book the flight');
    await waitFor(() => expect(answers(canvasElement)).toHaveLength(2));
    await waitFor(() => expect(answers(canvasElement)[1]!.querySelector('.acu-tool')).not.toBeNull());
    await expect(answers(canvasElement)[1]!.querySelector('.app-share')).toBeNull();
    await expect(canvasElement.querySelectorAll('.app-share')).toHaveLength(1);
  },
};
