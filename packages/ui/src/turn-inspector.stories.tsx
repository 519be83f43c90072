import { createAgentChat } from '@agent-chat/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { MessageList } from './message-list.js';
import { captureTransport } from './stories/genkit-captures.js';
import { StoryChat } from './stories/story-chat.js';
import { TurnInspector } from './turn-inspector.js';

const meta = {
  title: 'Dev/TurnInspector',
  component: TurnInspector,
} satisfies Meta<typeof TurnInspector>;

export default meta;
type Story = StoryObj<typeof meta>;

const kinds = (canvas: HTMLElement) => [...canvas.querySelectorAll('.acu-inspector__event')].map((entry) => entry.getAttribute('data-kind'));

/** The real `custom-turn1.sse` capture: custom-state patches, two versions of notes.md, and the turn end with its snapshot. */
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
    await expect(text).toContain('add ""');
    await expect(text).toContain('replace /status, add /items');
    await expect(text).toContain('notes.md v1');
    await expect(text).toContain('notes.md v2');
    await expect(text).toContain('stop · snapshot 9bd93ad0-2c07-4d5a-989b-1382c21b6b41');
    await expect(canvas.getByText('Turn 1')).toBeInTheDocument();
  },
};
