import { AgentChatView } from '@agent-chat/ui';
import { recordingLoader, recordingPlayed, replayArgTypes, withRecording, type ReplayArgs } from '@agent-chat/testing/react';
import genkitTasks from '@agent-chat/testing/recordings/genkit-tasks.json' with { type: 'json' };
import genkitTasksDenied from '@agent-chat/testing/recordings/genkit-tasks-denied.json' with { type: 'json' };
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';

const meta = {
  title: 'Recorded/Tasks',
  decorators: [withRecording(genkitTasks)],
  // The replay controls in the Controls panel; each change replays the conversation from the start.
  argTypes: replayArgTypes,
  args: { replaySpeed: 2 } satisfies ReplayArgs,
  // No props: the view shows the decorator's chat, with the view's own features (Retry, Edit, Regenerate).
  render: () => <AgentChatView />,
} satisfies Meta<ReplayArgs>;
export default meta;
type Story = StoryObj<ReplayArgs>;

/** The whole conversation; the play function (and a visual snapshot) waits for its end. */
export const Replay: Story = {
  play: async (context) => {
    await recordingPlayed(context);
    await expect(context.canvas.getByText(/I cleared all 2 tasks/)).toBeInTheDocument();
  },
};

/** Speed: instant (no waits). */
export const Instant: Story = { args: { replaySpeed: 'instant' } };

/** Fault: HTTP 503 on the last turn played (the answer to "Clear all tasks?"): the question is open again; Retry. */
export const AnswerFails: Story = {
  args: { replaySpeed: 'instant', replayFault: 'http-503' },
  play: async (context) => {
    await recordingPlayed(context);
    await userEvent.click(await context.canvas.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(context.canvas.getByText(/I cleared all 2 tasks/)).toBeInTheDocument());
  },
};

/** Fault: the connection is cut; or the first byte is slow (3 s). */
export const Cut: Story = { args: { replaySpeed: 'instant', replayFault: 'cut' } };
export const SlowFirstByte: Story = { args: { replaySpeed: 'instant', replayFault: 'slow-first-byte', replayUpTo: 1 } };

/** Play up to turn N, with a pause between turns and the servers' cold start trimmed. */
export const FirstThreeTurns: Story = { args: { replayUpTo: 3, replayPauseMs: 500, replayTrimColdStart: true } };

/** Loaded by URL from `staticDirs`: relative, so it works when the Storybook is served under a sub-path. */
export const FromStaticDir: Story = {
  loaders: [recordingLoader('recordings/genkit-tasks.json')],
  decorators: [withRecording()],
  args: { replaySpeed: 'instant' },
};

/** What if the user cancels? A fork recorded with `--deny` answers there. */
export const WhatIfCancelled: Story = {
  decorators: [withRecording(genkitTasks, { forks: [genkitTasksDenied] })],
  args: { replaySpeed: 'instant', replayUpTo: 4 },
  play: async (context) => {
    await recordingPlayed(context);
    await userEvent.click(await context.canvas.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(context.canvas.getByText(/nothing was cleared/)).toBeInTheDocument());
  },
};
