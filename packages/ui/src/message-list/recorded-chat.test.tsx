import { agentChatMatchers, renderRecording } from '@agent-chat/testing/testing-library';
import { cleanup, screen, within } from '@testing-library/react';
import { beforeAll, afterEach, describe, expect, it } from 'vitest';
import { AgentChatView } from '../agent-chat-view/agent-chat-view.js';
import { AGENTFLOW_RECORDING, TASK_RECORDINGS, TNSAI_RECORDING, firstTurns } from '../../stories/support/recordings.js';
import { preloadAgentChatView } from '../agent-chat-view/preload-agent-chat-view.js';

// As an app that preloaded the view's parts: the rows' tool cards, panels and Markdown render at once.
beforeAll(() => preloadAgentChatView());

expect.extend(agentChatMatchers);
afterEach(cleanup);

// The kit's view over the demo agent's recorded conversations, in every protocol: the same screen from each.
describe.each(Object.entries(TASK_RECORDINGS))('AgentChatView over the recorded %s task conversation', (_protocol, recording) => {
  it('shows the tasks conversation to its end: the report artifact, no dialog, an enabled composer', async () => {
    const view = await renderRecording(recording, (chat) => <AgentChatView chat={chat} />);
    expect(view).toEndWith('stop');
    expect(view).toHaveAssistantText('I cleared all 2 tasks');
    expect(view).toHaveCustomState({ tasks: [], nextId: 3 });
    expect(screen.getByRole('heading', { name: 'report.md' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).disabled).toBe(false);
  });

  it('stopped at the interrupt: the question waits inline (no dialog) and the composer waits for it', async () => {
    const view = await renderRecording(firstTurns(recording, 4), (chat) => <AgentChatView chat={chat} />);
    expect(view).toEndWith('interrupted');
    expect(view).toHaveCustomState({ tasks: [expect.objectContaining({ title: 'Buy milk' }), expect.objectContaining({ title: 'Walk the dog' })], nextId: 3 });
    // The agent's own words, inline where it asked: the destructive clear-all's confirm says what it does.
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const answers = screen.getByRole('group', { name: 'Answer Confirm clear all' });
    expect(screen.getByRole('region', { name: 'Conversation' }).contains(answers)).toBe(true);
    expect(within(answers).getByRole('button', { name: 'Clear all tasks' }).getAttribute('data-variant')).toBe('danger');
    expect(within(answers).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).disabled).toBe(true);
  });
});

describe('AgentChatView over recordings with faults', () => {
  it('a cut connection keeps the partial reply and shows the error', async () => {
    const view = await renderRecording(AGENTFLOW_RECORDING, (chat) => <AgentChatView chat={chat} />, { faults: { kind: 'cut', afterFrames: 1, turn: 2 } });
    expect(view).toEndWith('failed');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent).join('\n')).toMatch(/cut after 1 frame/);
    expect(view).not.toHaveAssistantText('Resumed with yes.');
    // The cut turn carried the answer to the interrupt: the question is asked again, saying the answer failed.
    expect(view.chat.getState().interrupts).toHaveLength(1);
    expect(screen.getByText(/Your answer did not reach the agent/)).toBeTruthy();
  });

  it('an HTTP error shows the server\'s message; the earlier turns are untouched', async () => {
    const view = await renderRecording(TNSAI_RECORDING, (chat) => <AgentChatView chat={chat} />, { faults: { kind: 'http', status: 429, message: 'slow down', turn: 2 } });
    expect(view).toEndWith('failed');
    expect(screen.getByRole('alert').textContent).toContain('slow down');
    expect(screen.getByText('Hello, world!')).toBeTruthy();
  });
});
