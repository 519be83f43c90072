import { createAgentChat, scriptedTransport } from '@agent-chat/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../test/axe.js';
import { ThinkingIndicator } from './thinking-indicator.js';

afterEach(cleanup);

function setup() {
  const chat = createAgentChat({ transport: scriptedTransport([]) });
  const view = render(<ThinkingIndicator chat={chat} />);
  /** What a resumable transport's turn sets, through the chat's public store. */
  const set = (status: 'streaming' | 'ready', connection?: 'open' | 'reconnecting' | 'closed') =>
    act(() => chat.store.setState({ status, connection }));
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
    const chat = createAgentChat({ transport: scriptedTransport([]) });
    render(<ThinkingIndicator chat={chat} reconnectingLabel="Connexion perdue, nouvelle tentative…" />);
    act(() => chat.store.setState({ status: 'streaming', connection: 'reconnecting' }));
    expect(await screen.findByText('Connexion perdue, nouvelle tentative…')).toBeTruthy();
  });
});
