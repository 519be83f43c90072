import type { AgentEvent } from '@agent-chat/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { MessageActions } from '../src/message-actions/message-actions.js';
import { MessageList } from '../src/message-list/message-list.js';
import { captureTransport } from './support/genkit-captures.js';
import { HOSTILE_TEXT, LONG_REPLY, failedTurn, longHistory, reply, scriptedChat, toolCall, words } from './support/scripts.js';
import { StoryChat, chatOf } from './support/story-chat.js';
import { createAgentChat } from '@agent-chat/core';
import { versionTree } from '@agent-chat/core';

const meta = {
  title: 'Components/MessageList',
  component: MessageList,
} satisfies Meta<typeof MessageList>;

export default meta;
type Story = StoryObj<typeof meta>;

const rows = (canvas: HTMLElement) => [...canvas.querySelectorAll<HTMLElement>('.acu-message')];

export const Empty: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([])}>
      <MessageList empty="Say hello to start." />
    </StoryChat>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Conversation' })).toHaveAttribute('data-state', 'empty');
    await expect(canvas.getByText('Say hello to start.')).toBeInTheDocument();
  },
};

export const Streaming: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([reply(LONG_REPLY.repeat(4))], { delayMs: 60 })} start={(chat) => void chat.send('Plan the release, please.')}>
      <MessageList />
    </StoryChat>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('.acu-message[data-state="streaming"]')).not.toBeNull(), { timeout: 3000 });
    const streaming = canvasElement.querySelector('.acu-message[data-state="streaming"]')!;
    await expect(streaming).toHaveAttribute('aria-live', 'polite');
    const before = streaming.textContent!.length;
    await waitFor(() => expect(streaming.textContent!.length).toBeGreaterThan(before), { timeout: 3000 });
    // The finished user row is not a live region: only the streaming row is announced.
    await expect(rows(canvasElement)[0]).not.toHaveAttribute('aria-live');
  },
};

const searchTurn: AgentEvent[] = [
  ...words('Let me look that up. '),
  ...toolCall('searchFlights', 's1', { from: 'AMS', to: 'LIS', date: '2026-05-01' }),
  // The tool's result arrives only after a long while: the row shows a spinner meanwhile.
  ...Array.from({ length: 200 }, (): AgentEvent => ({ type: 'passthrough' })),
  { type: 'tool-response', part: { toolResponse: { name: 'searchFlights', ref: 's1', output: { flights: 3 } } }, role: 'tool', messageKey: 't' },
  ...words('I found 3 flights.', 'm2'),
  { type: 'turn-end', finishReason: 'stop' },
];

export const ToolCallRunning: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([searchTurn], { delayMs: 50 })} start={(chat) => void chat.send('Find me a flight to Lisbon.')}>
      <MessageList />
    </StoryChat>
  ),
  play: async ({ canvasElement, canvas }) => {
    await waitFor(() => expect(canvasElement.querySelector('.acu-tool[data-state="running"]')).not.toBeNull(), { timeout: 3000 });
    await expect(canvas.getByText('Search flights')).toBeInTheDocument();
    await expect(canvas.getByText('running')).toBeInTheDocument();
  },
};

export const FailedTurn: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([failedTurn('I was halfway through the answer when')])} start={(chat) => void chat.send('Explain it.')}>
      <MessageList />
    </StoryChat>
  ),
  play: async ({ canvasElement, canvas }) => {
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('The model exploded'), { timeout: 3000 });
    const failed = canvasElement.querySelector('.acu-message[data-state="failed"]')!;
    await expect(failed).toHaveTextContent('I was halfway through the answer when');
    await expect(failed).toHaveTextContent('Failed: this reply is incomplete.');
  },
};

export const Branches: Story = {
  render: () => (
    <StoryChat
      create={() => scriptedChat([reply('Paris is the capital of France.'), reply('The capital of France is Paris.'), reply('Berlin is the capital of Germany.'), failedTurn('Let me check')], { delayMs: 0 })}
      start={(chat) => {
        void chat.send('What is the capital of France?');
        void chat.regenerate();
        void chat.send('And of Germany?');
      }}
    >
      <MessageList messageActions={MessageActions} />
    </StoryChat>
  ),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvas.getByText('Berlin is the capital of Germany.')).toBeInTheDocument(), { timeout: 3000 });
    // The regenerated answer is version 2 of 2; the switcher goes back to the first one, which has no later turn.
    const versions = canvas.getByRole('group', { name: 'Version 2 of 2' });
    await userEvent.click(within(versions).getByRole('button', { name: 'Previous version' }));
    await waitFor(() => expect(canvas.getByText('Paris is the capital of France.')).toBeInTheDocument());
    await expect(canvas.queryByText('Berlin is the capital of Germany.')).toBeNull();
    await userEvent.click(within(canvas.getByRole('group', { name: 'Version 1 of 2' })).getByRole('button', { name: 'Next version' }));
    await waitFor(() => expect(canvas.getByText('Berlin is the capital of Germany.')).toBeInTheDocument());
    // Edit the second question: the inline editor, then a failing turn with Retry on its row.
    const question = canvas.getByText('And of Germany?').closest('article')!;
    await userEvent.click(within(question as HTMLElement).getByRole('button', { name: 'Edit message' }));
    const field = canvas.getByRole('textbox', { name: 'Edit message' });
    await userEvent.clear(field);
    await userEvent.type(field, 'And of Spain?{Enter}');
    await waitFor(() => expect(canvasElement.querySelector('.acu-message[data-state="failed"]')).not.toBeNull(), { timeout: 3000 });
    const failed = canvasElement.querySelector<HTMLElement>('.acu-message[data-state="failed"]')!;
    await expect(within(failed).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await expect(canvas.getByText('And of Spain?').closest('article')).toHaveTextContent('2 / 2');
  },
};

export const AbortedTurn: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([reply(LONG_REPLY.repeat(4))], { delayMs: 40 })} start={(chat) => void chat.send('Write a long story.')}>
      <MessageList />
    </StoryChat>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('.acu-message[data-state="streaming"]')?.textContent ?? '').toMatch(/plan\./), { timeout: 3000 });
    await chatOf(canvasElement).stop();
    await waitFor(() => expect(canvasElement.querySelector('.acu-message[data-state="aborted"]')).not.toBeNull(), { timeout: 3000 });
    const aborted = canvasElement.querySelector('.acu-message[data-state="aborted"]')!;
    await expect(aborted).toHaveTextContent('Here is a plan.');
    await expect(aborted).toHaveTextContent('Stopped: this reply is incomplete.');
  },
};

export const LongHistory: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([reply('Still fast after 5,000 messages.')], { history: longHistory(5000) })}>
      <MessageList />
    </StoryChat>
  ),
  play: async ({ canvasElement, canvas }) => {
    // The latest 50 messages taken (a tool result shown on its call's row has no row of its own): all rendered where
    // there is no layout (jsdom), only those near the viewport in a browser.
    const all = canvasElement.querySelector('[role="feed"]')?.getAttribute('data-state') === 'all';
    const first = rows(canvasElement).length;
    await expect(first).toBeGreaterThan(all ? 40 : 4);
    await expect(first).toBeLessThanOrEqual(50);
    await expect(canvas.getByRole('button', { name: 'Show earlier messages (4950)' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: /Show earlier messages/ }));
    await expect(canvas.getByRole('button', { name: 'Show earlier messages (4900)' })).toBeInTheDocument();
    if (all) await expect(rows(canvasElement).length).toBeGreaterThan(first + 40);
    else await expect(rows(canvasElement).length).toBeLessThanOrEqual(50);
    await chatOf(canvasElement).send('And now?');
    await waitFor(() => expect(canvas.getByText('Still fast after 5,000 messages.')).toBeInTheDocument(), { timeout: 10_000 });
  },
};

export const HostileContent: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([reply(HOSTILE_TEXT)], { delayMs: 0 })} start={(chat) => void chat.send(HOSTILE_TEXT)}>
      <MessageList />
    </StoryChat>
  ),
  play: async ({ canvasElement, canvas }) => {
    await waitFor(() => expect(canvasElement.querySelector('.acu-message[data-role="model"][data-state="done"]')).not.toBeNull(), { timeout: 3000 });
    await expect(canvasElement.querySelector('.acu-message-list script, .acu-message-list img, .acu-message-list [onerror]')).toBeNull();
    for (const link of canvasElement.querySelectorAll('a')) await expect(link.getAttribute('href')).toMatch(/^https:/);
    // The Markdown renderer is a lazy chunk: on a first load the text shows as it came until it arrives.
    await expect(await canvas.findByRole('link', { name: /^safe ?\(/ }, { timeout: 10_000 })).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(canvas.getAllByText(/<script>window.__pwned = true<\/script>/).length).toBeGreaterThan(0);
    await expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  },
};

const RICH = [
  '### Trip summary',
  '',
  '| Day | City |',
  '|-----|------|',
  '| 1 | Lisbon |',
  '| 2 | Porto |',
  '',
  '1. Book the flight',
  '2. Reserve the hotel',
  '',
  '> Remember your passport.',
  '',
  '```ts',
  'const trip = plan({ from: "AMS", to: "LIS" });',
  '```',
  '',
  'More on [the city guide](https://example.com/lisbon).',
].join('\n');

export const RichContent: Story = {
  render: () => (
    <StoryChat
      create={() =>
        scriptedChat([
          [
            { type: 'reasoning-delta', text: 'The user wants a two-day trip; Lisbon first, then Porto.', messageKey: 'm' },
            ...toolCall('weather', 'w1', { city: 'Lisbon' }, { forecast: 'sunny', high: 24 }),
            { type: 'part-add', part: { media: { url: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSI4MCIgaGVpZ2h0PSI0MCI+PHJlY3Qgd2lkdGg9IjgwIiBoZWlnaHQ9IjQwIiBmaWxsPSIjNDQ5M2Y4Ii8+PC9zdmc+', contentType: 'image/svg+xml' } }, messageKey: 'm2' },
            ...words(RICH, 'm2'),
            { type: 'turn-end', finishReason: 'stop' },
          ],
        ], { delayMs: 0 })
      }
      start={(chat) => void chat.send('Plan two days in Portugal.')}
    >
      <MessageList />
    </StoryChat>
  ),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('.acu-message[data-role="model"][data-state="done"]')).not.toBeNull(), { timeout: 3000 });
    await expect(canvas.getByRole('table')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: /^the city guide ?\(example\.com\)$/ })).toHaveAttribute('href', 'https://example.com/lisbon');
    await expect(canvas.getByText('Reasoning')).toBeInTheDocument();
    await expect(canvasElement.querySelector('.acu-tool[data-state="done"]')).toHaveTextContent('sunny');
    await expect(canvas.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
    // The image part's chunk may still be loading when the message is done (a loaded machine): waited for.
    await expect(await canvas.findByRole('img')).toBeInTheDocument();
  },
};

/** The real `chat-turn.sse` capture, replayed one SSE frame every 300 ms through `genkitTransport`. */
export const GenkitCapture: Story = {
  render: () => (
    <StoryChat create={() => createAgentChat({ features: [versionTree()], transport: captureTransport({ paceMs: 300 }) })} start={(chat) => void chat.send('hi there')}>
      <MessageList />
    </StoryChat>
  ),
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByText('Hello,')).toBeInTheDocument(), { timeout: 3000 });
    await waitFor(() => expect(canvas.getByText('Hello, world!')).toBeInTheDocument(), { timeout: 4000 });
  },
};
