import { recordingPlayed, replayArgTypes, withRecording, type ReplayArgs } from '@agent-chat/testing/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { AgentChatView } from '../src/agent-chat-view/agent-chat-view.js';
import { TASK_RECORDINGS, TASK_DENIED_RECORDING } from './support/recordings.js';

/**
 * The replay controls of `@agent-chat/testing/react`, one story each, over the demo agent's Genkit conversation (add two
 * tasks, write the report, clear all, confirm). The view is the product's: `<AgentChatView />` with no props shows the
 * decorator's chat, which has the view's features (Retry, Edit, Regenerate, versions).
 */
const meta = {
  title: 'Recordings/Controls',
  parameters: { layout: 'fullscreen' },
  decorators: [withRecording(TASK_RECORDINGS.genkit)],
  argTypes: replayArgTypes,
  args: { replaySpeed: 'instant' } satisfies ReplayArgs,
  render: () => <AgentChatView />,
} satisfies Meta<ReplayArgs>;

export default meta;
type Story = StoryObj<ReplayArgs>;

const TIMEOUT = { timeout: 8000 };

/** The product's view: the recorded answers carry the same actions as live ones. */
export const ProductView: Story = {
  play: async (context) => {
    await recordingPlayed(context);
    const { canvas } = context;
    await waitFor(() => expect(canvas.getByText(/I cleared all 2 tasks/)).toBeInTheDocument(), TIMEOUT);
    await expect(canvas.getAllByRole('button', { name: 'Regenerate answer' }).length).toBeGreaterThan(0);
    await expect(canvas.getAllByRole('button', { name: 'Edit message' }).length).toBeGreaterThan(0);
  },
};

/** Speed: 4× the recorded pace. */
export const Speed: Story = {
  args: { replaySpeed: 4 },
  play: async (context) => {
    await recordingPlayed(context);
    await expect(context.canvas.getByText(/I cleared all 2 tasks/)).toBeInTheDocument();
  },
};

/** Fault: HTTP 503 on the last turn played, the answer to "Clear all tasks?": the question is open again, and says why. */
export const FaultOnTheAnswer: Story = {
  args: { replayFault: 'http-503' },
  play: async (context) => {
    await recordingPlayed(context);
    const { canvas, canvasElement } = context;
    await waitFor(() => expect(canvasElement.querySelector('[data-answer="failed"]')).not.toBeNull(), TIMEOUT);
    await expect(canvas.getByText(/Your answer did not reach the agent/)).toBeInTheDocument();
    // Retry sends the same answer again; the recording plays the same turn (the fault hits it once).
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(canvas.getByText(/I cleared all 2 tasks/)).toBeInTheDocument(), TIMEOUT);
  },
};

/** Fault: the connection is cut two frames into the last turn. */
export const FaultCut: Story = {
  args: { replayFault: 'cut', replayFaultTurn: 2, replayUpTo: 3 },
  play: async (context) => {
    await recordingPlayed(context);
    await waitFor(() => expect(context.canvas.getAllByRole('alert')[0]).toHaveTextContent(/cut after 2 frame/), TIMEOUT);
  },
};

/** Fault: a slow first byte (3 s of silence before the first turn's answer starts): the thinking state shows meanwhile. */
export const SlowFirstByte: Story = {
  args: { replayFault: 'slow-first-byte', replayUpTo: 1 },
  play: async (context) => {
    await waitFor(() => expect(context.canvasElement.querySelector('.acu-chat')?.getAttribute('data-state')).toBe('thinking'), TIMEOUT);
    await recordingPlayed(context);
    await expect(context.canvas.getByText(/Added “Buy milk”/)).toBeInTheDocument();
  },
};

/** Play up to turn N: the first two turns, then the chat is the story's (or the user's). */
export const UpToTurn: Story = {
  args: { replayUpTo: 2 },
  play: async (context) => {
    await recordingPlayed(context);
    await expect(context.canvas.getByText(/Added “Walk the dog”/)).toBeInTheDocument();
    await expect(context.canvas.queryByText(/report\.md/)).toBeNull();
  },
};

/** A pause between turns (here 400 ms), to read each answer before the next question. */
export const PauseBetweenTurns: Story = {
  args: { replayPauseMs: 400, replayUpTo: 3 },
  play: async (context) => {
    await recordingPlayed(context);
    await expect(context.canvas.getAllByText(/report\.md/).length).toBeGreaterThan(0);
  },
};

/** Cold-start trimming: the recorded pace, without the wait for each turn's first frame. */
export const TrimColdStart: Story = {
  args: { replaySpeed: 1, replayTrimColdStart: true, replayUpTo: 1 },
  play: async (context) => {
    await recordingPlayed(context);
    await expect(context.canvas.getByText(/Added “Buy milk”/)).toBeInTheDocument();
  },
};

/** A message the recording does not have fails loudly: the recording expected "report". */
export const MismatchFailsLoudly: Story = {
  args: { replayUpTo: 2 },
  play: async (context) => {
    await recordingPlayed(context);
    await userEvent.type(context.canvas.getByRole('textbox', { name: 'Message' }), 'hello{Enter}');
    await waitFor(() => expect(context.canvas.getByRole('alert')).toHaveTextContent('Replay mismatch at turn 3: the recording expects "report", the chat sent "hello"'), TIMEOUT);
  },
};

/** Lenient replay: whatever the chat sends gets the next recorded turn. */
export const LenientReplay: Story = {
  args: { replayUpTo: 2, replayLenient: true },
  play: async (context) => {
    await recordingPlayed(context);
    await userEvent.type(context.canvas.getByRole('textbox', { name: 'Message' }), 'hello{Enter}');
    await waitFor(() => expect(context.canvas.getAllByText(/I wrote report\.md/).length).toBeGreaterThan(0), TIMEOUT);
  },
};

/** What if the user cancels? A fork recorded with Cancel (`--deny`) answers there: the card shows denied, nothing is cleared. */
export const WhatIfCancelled: Story = {
  decorators: [withRecording(TASK_RECORDINGS.genkit, { forks: [TASK_DENIED_RECORDING] })],
  args: { replayUpTo: 4 },
  play: async (context) => {
    await recordingPlayed(context);
    await userEvent.click(await context.canvas.findByRole('button', { name: 'Cancel' }, TIMEOUT));
    await waitFor(() => expect(context.canvas.getByText('Okay, nothing was cleared. Your tasks are still there.')).toBeInTheDocument(), TIMEOUT);
    await expect(context.canvasElement.querySelector('.acu-tool__status[data-state="denied"]')).not.toBeNull();
  },
};
