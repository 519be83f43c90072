import type { AgentEvent } from '@agent-chat/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { reply, scriptedChat, toolCall, words } from './support/scripts.js';
import { StoryChat } from './support/story-chat.js';
import { ThinkingIndicator } from '../src/thinking-indicator/thinking-indicator.js';

const meta = {
  title: 'Components/ThinkingIndicator',
  component: ThinkingIndicator,
} satisfies Meta<typeof ThinkingIndicator>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([])}>
      <ThinkingIndicator />
    </StoryChat>
  ),
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status');
    await expect(status).toHaveAttribute('data-state', 'idle');
    await expect(status).toBeEmptyDOMElement();
  },
};

const slowStart: AgentEvent[] = [...Array.from({ length: 12 }, (): AgentEvent => ({ type: 'passthrough' })), ...reply('One moment while I think about this.')];

/** "Thinking…" from send until the answer's text streams (the text shows progress then), and empty after the turn. */
export const Thinking: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([slowStart], { delayMs: 60 })} start={(chat) => void chat.send('Hi')}>
      <ThinkingIndicator />
    </StoryChat>
  ),
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Thinking…'));
    await expect(status).toHaveAttribute('data-state', 'thinking');
    await waitFor(() => expect(status).toHaveAttribute('data-state', 'writing'), { timeout: 4000 });
    await expect(status).toBeEmptyDOMElement();
    await waitFor(() => expect(status).toHaveAttribute('data-state', 'idle'), { timeout: 4000 });
    await expect(status).toBeEmptyDOMElement();
  },
};

const toolTurn: AgentEvent[] = [
  ...toolCall('searchFlights', 's1', { to: 'LIS' }),
  ...Array.from({ length: 100 }, (): AgentEvent => ({ type: 'passthrough' })),
  ...words('Found them.', 'm2'),
  { type: 'turn-end', finishReason: 'stop' },
];

/** While a tool runs, the label names it. */
export const RunningTool: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([toolTurn], { delayMs: 50 })} start={(chat) => void chat.send('Find flights')}>
      <ThinkingIndicator />
    </StoryChat>
  ),
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Running search flights…'), { timeout: 3000 });
  },
};
