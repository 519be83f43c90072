import { withRecording } from '@agent-chat/testing/react';
import type { Recording, ReplayFault } from '@agent-chat/testing';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { AgentChatView } from '../src/agent-chat-view/agent-chat-view.js';
import { AGENTFLOW_RECORDING, TASK_RECORDINGS, TNSAI_RECORDING } from './support/recordings.js';

/** Plays a recording into the story's chat: at its recorded pace, or 8× in the "fast" replay mode (and in tests). */
const recorded = (recording: Recording, faults?: ReplayFault | ReplayFault[], upTo?: number): Decorator => (Story, context) =>
  withRecording(recording, { speed: context.globals.replay === 'fast' ? 8 : 1, ...(faults ? { faults } : {}), ...(upTo !== undefined ? { upTo } : {}) })(Story, context);

const meta = {
  title: 'Recordings',
  component: AgentChatView,
  parameters: { layout: 'fullscreen' },
  // No props: the view shows the chat the recording plays into (the decorator's provider).
  render: () => <AgentChatView />,
} satisfies Meta;

export default meta;
type Story = StoryObj;

const TIMEOUT = { timeout: 8000 };
const tasksStory = (recording: Recording): Story => ({
  decorators: [recorded(recording)],
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByText(/I cleared all 2 tasks/)).toBeInTheDocument(), TIMEOUT);
    await expect(canvas.getByRole('heading', { name: 'report.md' })).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Message' })).toBeEnabled());
  },
});

/** The demo agent over Genkit, recorded: two tasks added (custom state), the report artifact, "clear" confirmed. */
export const GenkitTasks: Story = tasksStory(TASK_RECORDINGS.genkit);
/** The same conversation over the demo agent's AG-UI route. */
export const AguiTasks: Story = tasksStory(TASK_RECORDINGS.agui);
/** The same conversation over the demo agent's AI SDK chat route. */
export const AiSdkTasks: Story = tasksStory(TASK_RECORDINGS['ai-sdk']);

/** AgentFlow: the answer, an interrupt, and the reply once it was answered. */
export const AgentFlowCapital: Story = {
  decorators: [recorded(AGENTFLOW_RECORDING)],
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByText('Resumed with yes.')).toBeInTheDocument(), TIMEOUT);
    await expect(canvas.getByText('The capital of France is Paris.')).toBeInTheDocument();
  },
};

/** TnsAI: a tool call ends the turn; its result comes back in the next. */
export const TnsaiSearch: Story = {
  decorators: [recorded(TNSAI_RECORDING)],
  play: async ({ canvas }) => {
    // The reply is markdown: its brackets are markdown's, so only the tool's output is matched.
    await waitFor(() => expect(canvas.getByText(/^Found:/)).toHaveTextContent(/notes\.md.*todo\.md/), TIMEOUT);
  },
};

/** Stopped at the open interrupt: the Genkit recording's first four turns end waiting for "clear all" to be confirmed. */
export const WaitingOnInterrupt: Story = {
  decorators: [recorded(TASK_RECORDINGS.genkit, undefined, 4)],
  play: async ({ canvas }) => {
    // The clear-all question waits inline in the conversation; no dialog over the page.
    await canvas.findByRole('group', { name: 'Answer Confirm clear all' }, TIMEOUT);
    await expect(canvas.queryByRole('alertdialog')).toBeNull();
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  },
};

/** Fault: the connection drops halfway through the last reply (Genkit): the partial reply stays, with the error; the question it answered is open again. */
export const FaultCutConnection: Story = {
  decorators: [recorded(TASK_RECORDINGS.genkit, { kind: 'cut', afterFrames: 8, turn: 4 })],
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getAllByRole('alert')[0]).toHaveTextContent(/cut after 8 frame/), TIMEOUT);
    // The cut turn carried the answer to "Clear all tasks?": the question is open again, and says its answer failed.
    await expect(canvas.getByText(/Your answer did not reach the agent/)).toBeInTheDocument();
    await expect(canvas.queryByText(/The list is empty/)).toBeNull();
    // One notice for the failed answer (not a label per message of it, nor a banner beside it).
    await expect(canvas.getAllByText(/this reply is incomplete/)).toHaveLength(1);
  },
};

/** Fault: a frame of the last AG-UI reply does not parse: the error shows, the rest of the stream still applies. */
export const FaultCorruptFrame: Story = {
  decorators: [recorded(TASK_RECORDINGS.agui, { kind: 'corrupt', frame: 3, turn: 4 })],
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent(/Could not parse an AG-UI event/), TIMEOUT);
  },
};

/** Fault: the AI SDK route goes quiet mid-reply on the first turn (for ten minutes): the chat stays on its partial reply. */
export const FaultStalled: Story = {
  decorators: [recorded(TASK_RECORDINGS['ai-sdk'], { kind: 'stall', afterFrames: 3, ms: 600_000, turn: 0 })],
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByText('add Buy milk')).toBeInTheDocument(), TIMEOUT);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Stop' })).toBeInTheDocument(), TIMEOUT);
    await expect(canvas.queryByText(/Walk the dog/)).toBeNull();
  },
};

/** Fault: the TnsAI server answers the last turn with HTTP 503: the error row shows the server's message. */
export const FaultHttpError: Story = {
  decorators: [recorded(TNSAI_RECORDING, { kind: 'http', status: 503, message: 'The agent is overloaded', turn: 2 })],
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('The agent is overloaded'), TIMEOUT);
    await expect(canvas.queryByText(/Found:/)).toBeNull();
  },
};
