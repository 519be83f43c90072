import { createAgentChat, scriptedTransport } from '@agent-chat/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { MessageList } from '../src/message-list/message-list.js';
import { captureTransport } from './support/genkit-captures.js';
import { chatOf, StoryChat } from './support/story-chat.js';
import { TurnInspector } from '../src/inspector/turn-inspector.js';

const meta = {
  title: 'Dev/TurnInspector',
  component: TurnInspector,
} satisfies Meta<typeof TurnInspector>;

export default meta;
type Story = StoryObj<typeof meta>;

const kinds = (canvas: HTMLElement) => [...canvas.querySelectorAll('.acu-inspector__event')].map((entry) => entry.getAttribute('data-kind'));

/** The real `custom-turn1.sse` capture: custom-state patches as sent, two versions of notes.md, and the turn end with its snapshot. */
export const GenkitCustomTurn: Story = {
  render: () => (
    <StoryChat create={() => createAgentChat({ transport: captureTransport({ paceMs: 200 }) })} start={(chat) => void chat.send('go')}>
      <div className="story-row">
        <MessageList />
        <TurnInspector />
      </div>
    </StoryChat>
  ),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(kinds(canvasElement)).toContain('turn-end'), { timeout: 5000 });
    const text = canvasElement.querySelector('.acu-inspector')!.textContent!;
    await expect(kinds(canvasElement)[0]).toBe('turn-start');
    // The patches as the server sent them (the first replaces the root).
    await expect(text).toContain('replace ""');
    await expect(text).toContain('replace /status, add /items');
    await expect(text).toContain('notes.md v1');
    await expect(text).toContain('notes.md v2');
    await expect(text).toContain('stop · snapshot 9bd93ad0-2c07-4d5a-989b-1382c21b6b41');
    await expect(canvas.getByText('Turn 1')).toBeInTheDocument();
    // The event list is the scroll region: focusable, and named for screen readers.
    const events = canvas.getByRole('list', { name: 'Turn inspector events' });
    await expect(events).toHaveAttribute('tabindex', '0');
  },
};

/** Two artifact versions in one network read stay two entries; a reset starts the inspector over. */
export const ResetStartsOver: Story = {
  render: () => (
    <StoryChat
      create={() =>
        createAgentChat({
          transport: scriptedTransport([[
            { type: 'artifact-upsert', artifact: { name: 'plan.md', parts: [{ text: 'v1' }] } },
            { type: 'artifact-upsert', artifact: { name: 'plan.md', parts: [{ text: 'v2' }] } },
            { type: 'turn-end', finishReason: 'stop', snapshotId: 'snap-1' },
          ]], { batchSize: 3, delayMs: 20 }),
        })
      }
      start={(chat) => void chat.send('plan')}
    >
      <TurnInspector />
    </StoryChat>
  ),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(kinds(canvasElement)).toEqual(['turn-start', 'artifact-upsert', 'artifact-upsert', 'turn-end']));
    const text = canvasElement.querySelector('.acu-inspector')!.textContent!;
    await expect(text).toContain('plan.md v1');
    await expect(text).toContain('plan.md v2');
    await expect(text).toContain('stop · snapshot snap-1');
    chatOf(canvasElement).reset();
    await waitFor(() => expect(canvas.getByText('No turn yet')).toBeInTheDocument());
    await expect(kinds(canvasElement)).toEqual([]);
  },
};
