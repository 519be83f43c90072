import { createAgentChat, scriptedTransport, type AgentEvent, type ScriptedTurn } from '@agent-chat/core';
import { AgentChatProvider } from '@agent-chat/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderCounting } from '../../test/render-counts.js';
import { Composer } from './composer.js';
import { LabelsProvider } from '../labels/labels.js';
import { interruptPart, words } from '../../stories/support/scripts.js';

afterEach(cleanup);

// A reply that streams until it is stopped: the Stop click always lands mid-turn, however slow the machine.
async function* untilStopped(): AsyncGenerator<AgentEvent> {
  for (;;) yield* words('a b c d e f g h ');
}

function setup(turns: ScriptedTurn[], delayMs = 0) {
  const transport = scriptedTransport(turns, { delayMs });
  const chat = createAgentChat({ transport });
  render(
    <AgentChatProvider chat={chat}>
      <Composer />
    </AgentChatProvider>,
  );
  return { chat, transport, user: userEvent.setup(), field: screen.getByRole('textbox', { name: 'Message' }) };
}

describe('Composer keyboard paths', () => {
  it('Enter sends the text and clears the field; Shift+Enter adds a line; blank text is not sent', async () => {
    const { transport, user, field } = setup([[{ type: 'turn-end', finishReason: 'stop' }]]);
    await user.type(field, '   {Enter}');
    expect(transport.requests).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'line one{Shift>}{Enter}{/Shift}line two');
    expect((field as HTMLTextAreaElement).value).toBe('line one\nline two');
    expect(transport.requests).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(transport.requests).toHaveLength(1));
    expect(transport.requests[0]!.input.message?.content).toEqual([{ text: 'line one\nline two' }]);
    expect((field as HTMLTextAreaElement).value).toBe('');
  });

  it('Enter that confirms an IME composition does not send', async () => {
    const { transport, field } = setup([[{ type: 'turn-end', finishReason: 'stop' }]]);
    fireEvent.change(field, { target: { value: 'にほん' } });
    fireEvent.keyDown(field, { key: 'Enter', isComposing: true });
    expect(transport.requests).toHaveLength(0);
  });

  it('shows Stop while the agent thinks; Stop stops the turn and gives the focus back to the field', async () => {
    const { chat, user, field } = setup([untilStopped], 20);
    await user.type(field, 'talk{Enter}');
    const stop = await screen.findByRole('button', { name: 'Stop' });
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    await waitFor(() => expect(chat.getState().messages.length).toBe(2));
    await user.click(stop);
    await screen.findByRole('button', { name: 'Send' });
    expect(chat.getState().finishReason).toBe('aborted');
    expect(chat.getState().messages[1]!.status).toBe('aborted');
    expect(document.activeElement).toBe(field);
  });

  it('is disabled while an interrupt waits for an answer', async () => {
    const { chat, field } = setup([[
      { type: 'tool-request', part: interruptPart('approve', 'a1', { amount: 1 }), messageKey: 'm' },
      { type: 'turn-end', finishReason: 'interrupted' },
    ]]);
    await act(() => chat.send('pay'));
    await waitFor(() => expect((field as HTMLTextAreaElement).disabled).toBe(true));
    expect(field.closest('form')!.getAttribute('data-state')).toBe('disabled');
  });
});

describe('Composer as a composable part', () => {
  it('renders only when its own state changes, not on text tokens', async () => {
    const transport = scriptedTransport([words('one two three four five six seven eight nine ten '.repeat(5))], { delayMs: 2 });
    const chat = createAgentChat({ transport });
    const counts = renderCounting(chat, <Composer />);
    const initial = counts.part;
    await act(() => chat.send('talk'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
    expect(chat.getState().messages[1]!.content).toEqual([{ text: 'one two three four five six seven eight nine ten '.repeat(5) }]);
    expect(counts.transcript).toBeGreaterThan(40);
    // Idle → thinking → idle, whatever the 50 tokens did.
    expect(counts.part - initial).toBeLessThanOrEqual(2);
  });

  it('forwards its ref to the text field, so an app can focus it', () => {
    const chat = createAgentChat({ transport: scriptedTransport([]) });
    const ref = createRef<HTMLTextAreaElement>();
    render(<Composer chat={chat} ref={ref} />);
    expect(ref.current).toBe(screen.getByRole('textbox', { name: 'Message' }));
    ref.current!.focus();
    expect(document.activeElement).toBe(ref.current);
  });

  it('takes every string from the labels: provider and own prop', () => {
    const chat = createAgentChat({ transport: scriptedTransport([]) });
    render(
      <LabelsProvider labels={{ composerLabel: 'Nachricht', send: 'Senden', attachFiles: 'Dateien anhängen' }}>
        <Composer chat={chat} labels={{ composerPlaceholder: 'Schreib etwas…' }} />
      </LabelsProvider>,
    );
    const field = screen.getByRole('textbox', { name: 'Nachricht' });
    expect(field.getAttribute('placeholder')).toBe('Schreib etwas…');
    expect(screen.getByRole('button', { name: 'Senden' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dateien anhängen' })).toBeTruthy();
  });
});
