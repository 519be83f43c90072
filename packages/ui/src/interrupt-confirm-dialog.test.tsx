import { createAgentChat, scriptedTransport, type AgentEvent, type ToolRequestPart } from '@agent-chat/core';
import { AgentChatProvider } from '@agent-chat/react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { InterruptConfirmDialog } from './interrupt-confirm-dialog.js';
import { interruptPart } from './stories/scripts.js';

afterEach(cleanup);

const interrupted = (parts: ToolRequestPart[]): AgentEvent[] => [
  ...parts.map((part): AgentEvent => ({ type: 'tool-request', part, messageKey: 'm' })),
  { type: 'turn-end', finishReason: 'interrupted' },
];
const done: AgentEvent[] = [{ type: 'text-delta', text: 'ok', messageKey: 'm' }, { type: 'turn-end', finishReason: 'stop' }];

async function openDialog(parts: ToolRequestPart[]) {
  const transport = scriptedTransport([interrupted(parts), done], { delayMs: 0 });
  const chat = createAgentChat({ transport });
  render(
    <AgentChatProvider chat={chat}>
      <button type="button">outside</button>
      <InterruptConfirmDialog />
    </AgentChatProvider>,
  );
  await act(() => chat.send('go'));
  const dialog = await screen.findByRole('alertdialog');
  return { chat, transport, dialog, user: userEvent.setup() };
}

const DELETE = interruptPart('deleteFiles', 'd1', { paths: ['/tmp/a'] });
const ASK = interruptPart('askUser', 'r1', { question: 'Proceed?' });

describe('InterruptConfirmDialog keyboard and pointer paths', () => {
  it('opens labelled by the tool name, shows the input, and puts focus on Deny first', async () => {
    const { dialog } = await openDialog([DELETE]);
    expect(screen.getByRole('alertdialog', { name: 'deleteFiles' })).toBe(dialog);
    expect(dialog.textContent).toContain('/tmp/a');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Deny' }));
  });

  it('Tab and Shift+Tab cycle inside the dialog', async () => {
    const { user } = await openDialog([ASK]);
    const answer = screen.getByRole('textbox', { name: 'Proceed?' });
    const deny = screen.getByRole('button', { name: 'Deny' });
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(document.activeElement).toBe(deny);
    await user.tab();
    expect(document.activeElement).toBe(confirm);
    await user.tab();
    expect(document.activeElement).toBe(answer);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(confirm);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(deny);
  });

  it('Escape and a click on the backdrop keep it open, say why, and answer nothing', async () => {
    const { chat, transport, dialog, user } = await openDialog([DELETE]);
    await user.click(screen.getByRole('button', { name: 'Confirm' }).closest('form')!.querySelector('pre')!);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBe(dialog);
    expect(screen.getByRole('alert').textContent).toContain('The agent is waiting');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Deny' }));
    await user.pointer({ keys: '[MouseLeft]', target: dialog });
    expect(screen.getByRole('alertdialog')).toBe(dialog);
    expect(transport.requests).toHaveLength(1);
    expect(chat.getState().interrupts).toHaveLength(1);
  });

  it('Enter in the answer confirms with the typed text', async () => {
    const { transport, user } = await openDialog([ASK]);
    await user.type(screen.getByRole('textbox', { name: 'Proceed?' }), 'yes, go{Enter}');
    await waitFor(() => expect(transport.requests).toHaveLength(2));
    expect(transport.requests[1]!.input.resume).toEqual({ respond: [{ toolResponse: { name: 'askUser', ref: 'r1', output: 'yes, go' } }] });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('answers several pending interrupts together: Confirm → true each, Deny → false each', async () => {
    const first = await openDialog([DELETE, ASK]);
    expect(first.dialog.textContent).toContain('The agent paused for 2 answers.');
    await first.user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(first.transport.requests).toHaveLength(2));
    expect(first.transport.requests[1]!.input.resume?.respond).toEqual([
      { toolResponse: { name: 'deleteFiles', ref: 'd1', output: true } },
      { toolResponse: { name: 'askUser', ref: 'r1', output: true } },
    ]);
    cleanup();
    const second = await openDialog([DELETE, ASK]);
    await second.user.keyboard('{Enter}');
    await waitFor(() => expect(second.transport.requests).toHaveLength(2));
    expect(second.transport.requests[1]!.input.resume?.respond).toEqual([
      { toolResponse: { name: 'deleteFiles', ref: 'd1', output: false } },
      { toolResponse: { name: 'askUser', ref: 'r1', output: false } },
    ]);
  });
});
