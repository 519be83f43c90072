import { storeOf } from '@agent-chat/core/binding';
import { createAgentChat, scriptedTransport, type ChatMessage } from '@agent-chat/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.js';
import { LabelsProvider } from '../labels/labels.js';
import { ThinkingIndicator } from './thinking-indicator.js';
import { resumable } from '@agent-chat/core';

afterEach(cleanup);

function setup() {
  const chat = createAgentChat({ features: [resumable()], transport: scriptedTransport([]) });
  const view = render(<ThinkingIndicator chat={chat} />);
  /** What a resumable transport's turn sets, through the chat's public store. */
  const set = (status: 'streaming' | 'ready', connection?: 'open' | 'reconnecting' | 'closed') =>
    act(() => storeOf(chat).setState({ status, connection }));
  return { chat, view, set };
}

describe('ThinkingIndicator', () => {
  it('reads "Reconnecting…" while the stream is reattached, then "Thinking…" again, and nothing when idle', async () => {
    const { view, set } = setup();
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    set('streaming');
    expect(await screen.findByText('Thinking…')).toBeTruthy();
    set('streaming', 'reconnecting');
    expect(await screen.findByText('Reconnecting…')).toBeTruthy();
    expect(status.getAttribute('data-state')).toBe('reconnecting');
    expect(await axeViolations(view.container)).toEqual([]);
    set('streaming', 'open');
    expect(await screen.findByText('Thinking…')).toBeTruthy();
    set('ready', 'closed');
    await act(async () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    expect(status.textContent).toBe('');
    expect(status.getAttribute('data-state')).toBe('idle');
  });

  it('takes its own reconnecting label', async () => {
    const chat = createAgentChat({ features: [resumable()], transport: scriptedTransport([]) });
    render(<ThinkingIndicator chat={chat} reconnectingLabel="Connexion perdue, nouvelle tentative…" />);
    act(() => storeOf(chat).setState({ status: 'streaming', connection: 'reconnecting' }));
    expect(await screen.findByText('Connexion perdue, nouvelle tentative…')).toBeTruthy();
  });

  it('steps aside once the answer text streams, and speaks again while a tool runs', async () => {
    const { chat } = setup();
    const status = screen.getByRole('status');
    const question: ChatMessage = { id: 'u1', role: 'user', content: [{ text: 'Find flights' }], status: 'done' };
    const answer = (content: ChatMessage['content']): ChatMessage => ({ id: 'm1', role: 'model', content, status: 'streaming' });
    act(() => storeOf(chat).setState({ status: 'streaming', messages: [question, answer([{ text: '' }])] }));
    expect(await screen.findByText('Thinking…')).toBeTruthy();
    act(() => storeOf(chat).setState({ messages: [question, answer([{ text: 'Let me look' }])] }));
    // Seen at the hooks' next streaming commit (by default up to 50 ms after the last one), not at the next frame.
    await vi.waitFor(() => expect(status.getAttribute('data-state')).toBe('writing'));
    expect(status.textContent).toBe('');
    act(() => storeOf(chat).setState({ messages: [question, answer([{ text: 'Let me look' }, { toolRequest: { name: 'searchFlights', ref: 's1', input: {} } }])] }));
    expect(await screen.findByText('Running search flights…')).toBeTruthy();
    expect(status.getAttribute('data-state')).toBe('thinking');
  });

  it('reads its words from the labels provider', async () => {
    const chat = createAgentChat({ features: [resumable()], transport: scriptedTransport([]) });
    render(
      <LabelsProvider labels={{ thinking: 'Réflexion…' }}>
        <ThinkingIndicator chat={chat} />
      </LabelsProvider>,
    );
    act(() => storeOf(chat).setState({ status: 'streaming' }));
    expect(await screen.findByText('Réflexion…')).toBeTruthy();
  });

  it('after a detached turn, shows its background run\'s snapshot status, one label per status', async () => {
    const { chat, view } = setup();
    const status = screen.getByRole('status');
    const expected = {
      pending: 'Running in the background…', aborting: 'Stopping the background run…', completed: 'Finished in the background',
      failed: 'The background run failed', aborted: 'Background run stopped', expired: 'The background run stopped responding',
    } as const;
    for (const [state, text] of Object.entries(expected)) {
      act(() => storeOf(chat).setState({ status: 'ready', detached: { snapshotId: 'snap-2', status: state, polling: state === 'pending' } }));
      expect(await screen.findByText(text)).toBeTruthy();
      expect(status.getAttribute('data-state')).toBe(`detached-${state}`);
    }
    expect(await axeViolations(view.container)).toEqual([]);
    // A turn running again reads "Thinking…"; a status the kit does not know shows nothing.
    act(() => storeOf(chat).setState({ status: 'streaming' }));
    expect(await screen.findByText('Thinking…')).toBeTruthy();
    act(() => storeOf(chat).setState({ status: 'ready', detached: { snapshotId: null, status: 'paused', polling: false } }));
    await act(async () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    expect(status.textContent).toBe('');
    expect(status.getAttribute('data-state')).toBe('idle');
  });

  it('takes the detached labels from a LabelsProvider', async () => {
    const chat = createAgentChat({ features: [resumable()], transport: scriptedTransport([]) });
    render(<LabelsProvider labels={{ detachedPending: 'En cours en arrière-plan…' }}><ThinkingIndicator chat={chat} /></LabelsProvider>);
    act(() => storeOf(chat).setState({ detached: { snapshotId: null, status: 'pending', polling: true } }));
    expect(await screen.findByText('En cours en arrière-plan…')).toBeTruthy();
  });
});
