// @vitest-environment jsdom
import { AgentChatView } from '@agent-chat/ui';
import { useAgentChat } from '@agent-chat/react';
import { cleanup, render, screen, act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { keptRecording } from '../../test/kept-recordings.js';
import { agentChatMatchers } from '../matchers.js';
import { renderRecording } from './render-recording.js';
import { withRecording } from './with-recording.js';

expect.extend(agentChatMatchers);
afterEach(cleanup);

const recording = keptRecording;

/** A minimal UI over the provided chat: the last message's text and the status. */
function LastMessage() {
  const { messages, status } = useAgentChat();
  const last = messages.at(-1);
  return (
    <p data-testid="last" data-status={status}>
      {last?.content.map((part) => ('text' in part ? part.text : '')).join('')}
    </p>
  );
}

describe('renderRecording', () => {
  it('renders a chat over a recording and resolves once React shows its end', async () => {
    const view = await renderRecording(recording('tnsai-search'), <LastMessage />);
    expect(screen.getByTestId('last').textContent).toBe('Found: ["notes.md","todo.md"]');
    expect(screen.getByTestId('last').dataset.status).toBe('ready');
    expect(view).toEndWith('stop');
    expect(view.responses).toHaveLength(3);
  });

  it('renders the kit view (a function of the chat): tasks, the report artifact, no open interrupt', async () => {
    const view = await renderRecording(recording('genkit-tasks'), (chat) => <AgentChatView chat={chat} />);
    expect(view).toHaveAssistantText('I cleared all 2 tasks');
    expect(view).toHaveCustomState({ tasks: [], nextId: 3 });
    expect(screen.getAllByText(/Buy milk/).length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a fault: an HTTP 503 on the last turn ends the chat failed, with the server\'s message on screen', async () => {
    const view = await renderRecording(recording('ai-sdk-tasks'), (chat) => <AgentChatView chat={chat} />, {
      faults: { kind: 'http', status: 503, message: 'overloaded', turn: 4 },
    });
    expect(view).toEndWith('failed');
    expect(view.chat.getState().error).toMatchObject({ code: 'http-error', status: 503 });
    expect(screen.getAllByText(/overloaded/).length).toBeGreaterThan(0);
    // the turns before it played as recorded
    expect(view).toHaveCustomState(expect.objectContaining({ nextId: 3 }));
    expect(view.responses.map((response) => response.finishReason)).toEqual(['stop', 'stop', 'stop', 'interrupted', 'failed']);
  });
});

describe('withRecording (Storybook decorator)', () => {
  it('plays the recording for the story inside it, and takes a loader\'s recording when given none', async () => {
    let onPlayed!: () => void;
    const played = new Promise<void>((resolve) => (onPlayed = resolve));
    const decorate = withRecording(undefined, { speed: Infinity, onPlayed });
    render(<>{decorate(() => <LastMessage />, { loaded: { recording: recording('agentflow-capital') } })}</>);
    await act(async () => {
      await played;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(screen.getByTestId('last').textContent).toBe('Resumed with yes.');
    expect(() => withRecording()(() => null, {})).toThrow(/give it a recording/);
  });
});

describe('the product\'s view over a recording', () => {
  it('<AgentChatView /> with no props inside withRecording shows the provider\'s conversation, with Retry after a 503 (the view\'s features)', async () => {
    let onPlayed!: () => void;
    const played = new Promise<void>((resolve) => (onPlayed = resolve));
    const decorate = withRecording(recording('genkit-tasks'), { speed: Infinity, faults: { kind: 'http', status: 503, message: 'overloaded', turn: 2 }, upTo: 3, onPlayed });
    render(<>{decorate(() => <AgentChatView />, {})}</>);
    await act(async () => {
      await played;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(screen.queryByText('No messages yet.')).toBeNull();
    expect(screen.getAllByText(/Added “Walk the dog”/).length).toBeGreaterThan(0);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    await act(async () => {
      retry.click();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    // the same turn again ("report"), not the next recorded one
    expect((await screen.findAllByText(/I wrote report.md/)).length).toBeGreaterThan(0);
    expect(screen.queryByText(/Clear all tasks/)).toBeNull();
  });
});
