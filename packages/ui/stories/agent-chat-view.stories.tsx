import type { AgentEvent } from '@agent-chat/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AgentChatView } from '../src/agent-chat-view/agent-chat-view.js';
import { TurnInspector } from '../src/inspector/turn-inspector.js';
import { captureTransport } from './support/genkit-captures.js';
import { LONG_REPLY, artifact, interruptPart, interruptTurn, longHistory, reply, resumeTurn, scriptedChat, toolCall, words } from './support/scripts.js';
import { scriptedTransport, type Transport } from '@agent-chat/core';
import { useState } from 'react';
import type { AgentChatViewProps } from '../src/agent-chat-view/agent-chat-view.js';
import type { AgentChat } from '@agent-chat/core';

/** A view over a transport (or chat) made once per mount, so every visit to a story starts its script afresh. */
function Fresh({ make, ...props }: Omit<AgentChatViewProps, 'transport' | 'chat'> & { make: () => Transport | AgentChat }) {
  const [made] = useState(make);
  return 'getState' in made ? <AgentChatView {...props} chat={made} /> : <AgentChatView {...props} transport={made} />;
}

const meta = {
  title: 'AgentChatView',
  component: AgentChatView,
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj;

const tripTurn: AgentEvent[] = [
  ...words('Let me check flights first. '),
  ...toolCall('searchFlights', 's1', { from: 'AMS', to: 'LIS' }, { cheapest: '€89', flights: 3 }),
  artifact('itinerary.md', '## Itinerary\n\n1. Fly AMS → LIS (€89)\n2. Two nights in Alfama'),
  ...interruptTurn('I can book the €89 flight. ', [interruptPart('bookFlight', 'b1', { flight: 'TP667', price: 89 })]).map((event) =>
    event.type === 'text-delta' ? { ...event, messageKey: 'm2' } : event.type === 'tool-request' ? { ...event, messageKey: 'm2' } : event,
  ),
];

/** The whole flow with `scriptedTransport`: type and press Enter, watch the tool run, confirm the booking, see the artifact. */
export const Scripted: Story = {
  render: () => (
    <Fresh make={() => scriptedTransport([tripTurn, resumeTurn('Booked! Your itinerary is in the panel.')], { delayMs: 120, loop: true })} placeholder="Try: plan a trip to Lisbon" />
  ),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Plan a trip to Lisbon{Enter}');
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(/Thinking…|Running search flights…/), { timeout: 3000 });
    // Asked inline, where the agent asked; no dialog over the page.
    const answers = await canvas.findByRole('group', { name: 'Answer Book flight' }, { timeout: 6000 });
    await expect(canvas.queryByRole('alertdialog')).toBeNull();
    await expect(within(answers).getByRole('button', { name: 'Deny' })).toHaveFocus();
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    await userEvent.click(within(answers).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(canvas.getByText('Booked! Your itinerary is in the panel.')).toBeInTheDocument(), { timeout: 6000 });
    await expect(canvas.getByRole('heading', { name: 'itinerary.md' })).toBeInTheDocument();
  },
};

/**
 * `interruptDialog="destructive"`: a destructive interrupt also opens a modal confirmation; Escape closes it without
 * answering, and the question waits inline (focus on it) — one set of answer controls on screen at a time.
 */
export const DestructiveDialog: Story = {
  render: () => (
    <Fresh
      make={() => scriptedTransport([
        interruptTurn('I will delete every file in the project. ', [{
          toolRequest: { name: 'deleteAll', ref: 'x1', input: { question: 'Delete all 42 files? This cannot be undone.' } },
          metadata: { interrupt: { title: 'Delete all files', destructive: true, confirmLabel: 'Delete all files', denyLabel: 'Keep them' } },
        }]),
        resumeTurn('Okay, I kept every file.'),
      ], { delayMs: 20 })}
      interruptDialog="destructive"
    />
  ),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Clean the project{Enter}');
    const dialog = await canvas.findByRole('alertdialog', { name: 'Delete all files' }, { timeout: 4000 });
    await expect(within(dialog).getByRole('button', { name: 'Keep them' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('alertdialog')).toBeNull());
    const answers = canvas.getByRole('group', { name: 'Answer Delete all' });
    await waitFor(() => expect(within(answers).getByRole('button', { name: 'Keep them' })).toHaveFocus());
    await userEvent.click(within(answers).getByRole('button', { name: 'Keep them' }));
    await waitFor(() => expect(canvas.getByText('Okay, I kept every file.')).toBeInTheDocument(), { timeout: 4000 });
  },
};

/** Every real Genkit capture, replayed at a visible pace: say "hi", "please interrupt", "go", "again" or "boom". */
export const GenkitCaptures: Story = {
  render: () => <Fresh make={() => captureTransport({ paceMs: 200 })} aside={<TurnInspector className="acu-chat__inspector" />} placeholder='Say hi, "please interrupt", "go", or "boom"' />,
  play: async ({ canvas }) => {
    const field = canvas.getByRole('textbox', { name: 'Message' });
    await userEvent.type(field, 'hi there{Enter}');
    await waitFor(() => expect(canvas.getByText('Hello, world!')).toBeInTheDocument(), { timeout: 4000 });
    // The turn ends with the capture's turnEnd frame, a frame after the last text.
    await canvas.findByRole('button', { name: 'Send' }, { timeout: 4000 });
    await userEvent.type(field, 'please interrupt{Enter}');
    const answers = await canvas.findByRole('group', { name: 'Answer Ask user', description: 'Proceed?' }, { timeout: 4000 });
    await userEvent.click(within(answers).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(canvas.getByText('Got "yes".')).toBeInTheDocument(), { timeout: 4000 });
    await waitFor(() => expect(field).toBeEnabled());
  },
};

/** The real failed capture: the turn fails with Genkit's INTERNAL error; the next send still works. */
export const FailedTurn: Story = {
  render: () => <Fresh make={() => captureTransport({ paceMs: 150 })} />,
  play: async ({ canvas }) => {
    const field = canvas.getByRole('textbox', { name: 'Message' });
    await userEvent.type(field, 'boom{Enter}');
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('model exploded'), { timeout: 4000 });
    await canvas.findByRole('button', { name: 'Send' }, { timeout: 4000 });
    await userEvent.type(field, 'hi{Enter}');
    await waitFor(() => expect(canvas.getByText('Hello, world!')).toBeInTheDocument(), { timeout: 4000 });
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Stop in the middle of a reply: the partial text stays, marked as stopped. */
export const AbortedTurn: Story = {
  render: () => <Fresh make={() => scriptedTransport([reply(LONG_REPLY.repeat(3))], { delayMs: 60, loop: true })} />,
  play: async ({ canvas, canvasElement }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Write a lot{Enter}');
    await waitFor(() => expect(canvasElement.querySelector('.acu-message[data-state="streaming"]')?.textContent ?? '').toMatch(/Here is a plan/), { timeout: 3000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(canvas.getByText('Stopped: this reply is incomplete.')).toBeInTheDocument(), { timeout: 3000 });
  },
};

/** 5,000 messages: the latest 50 rows render, earlier ones on demand; sending stays instant. */
export const LongHistory: Story = {
  render: () => <Fresh make={() => scriptedChat([reply('Still quick.')], { delayMs: 20, history: longHistory(5000) })} />,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelectorAll('.acu-message').length).toBeLessThanOrEqual(50);
    await expect(canvas.getByRole('button', { name: 'Show earlier messages (4950)' })).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'One more{Enter}');
    await waitFor(() => expect(canvas.getByText('Still quick.')).toBeInTheDocument(), { timeout: 3000 });
  },
};
