import { createAgentChat, scriptedTransport, type AgentEvent, type ScriptedTurn } from '@agent-chat/core';
import { AgentChatProvider } from '@agent-chat/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createRef, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.js';
import { Composer, useComposer } from '../index.js';

afterEach(cleanup);

// A reply that streams until it is stopped: the Stop click always lands mid-turn, however slow the machine.
async function* untilStopped(): AsyncGenerator<AgentEvent> {
  for (;;) yield { type: 'text-delta', text: 'a ', messageKey: 'm' };
}

const answer = (text: string): AgentEvent[] => [{ type: 'text-delta', text, messageKey: 'm' }, { type: 'turn-end', finishReason: 'stop' }];

function mount(children: ReactNode, turns: ScriptedTurn[] = [answer('Noted.')], props: Partial<Parameters<typeof Composer.Root>[0]> = {}) {
  const transport = scriptedTransport(turns, { delayMs: 20 });
  const chat = createAgentChat({ transport });
  const view = render(<AgentChatProvider chat={chat}><Composer.Root {...props}>{children}</Composer.Root></AgentChatProvider>);
  return { chat, transport, view, user: userEvent.setup() };
}

describe('Composer parts', () => {
  it('reordered, with a button of the app’s own: Enter in the field sends, the ref reaches the field', async () => {
    const ref = createRef<HTMLTextAreaElement>();
    const { transport, view, user } = mount(
      <>
        <Composer.Send />
        <Composer.Input ref={ref} className="mine" />
        <button type="button">Emoji</button>
      </>,
      undefined,
      { attachments: false },
    );
    const box = view.container.querySelector('.acu-composer__box')!;
    expect([...box.children].map((element) => element.tagName)).toEqual(['BUTTON', 'TEXTAREA', 'BUTTON']);
    expect(screen.queryByRole('button', { name: 'Attach files' })).toBeNull();
    const field = screen.getByRole('textbox', { name: 'Message' });
    expect(ref.current).toBe(field);
    expect(field.className).toBe('acu-composer__input mine');
    await user.type(field, 'Remember the milk{Enter}');
    await waitFor(() => expect(transport.requests).toHaveLength(1));
    expect(transport.requests[0]!.input.message?.content).toEqual([{ text: 'Remember the milk' }]);
    expect(field).toHaveProperty('value', '');
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('asChild: Send onto the app’s <a> sends on its click, disabled while there is nothing to send', async () => {
    const { transport, user } = mount(
      <>
        <Composer.Input />
        <Composer.Send asChild>
          <a href="#send">Send now</a>
        </Composer.Send>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Send now' });
    expect(link.getAttribute('aria-disabled')).toBe('true');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi');
    expect(link.getAttribute('aria-disabled')).toBeNull();
    expect(link.dataset.state).toBe('idle');
    await user.click(link);
    await waitFor(() => expect(transport.requests).toHaveLength(1));
  });

  it('Stop replaces Send while the agent thinks (data-state="thinking"), and stops the turn', async () => {
    const { chat, user } = mount(
      <>
        <Composer.Input />
        <Composer.Stop className="mine" />
        <Composer.Send />
      </>,
      [untilStopped],
    );
    const turn = chat.send('go');
    const stop = await screen.findByRole('button', { name: 'Stop' });
    expect(stop.dataset.state).toBe('thinking');
    expect(stop.className).toBe('acu-composer__stop mine');
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    await user.click(stop);
    await turn.catch(() => undefined);
    await screen.findByRole('button', { name: 'Send' });
    expect(screen.getByRole('textbox', { name: 'Message' })).toBe(document.activeElement);
  });

  it('Attach and Attachments: a picked file shows as a chip, removable; the chip list is its own part', async () => {
    const { view, user } = mount(
      <>
        <Composer.Attachments className="my-files" aria-label="Files to send" data-testid="files" />
        <Composer.Input />
        <Composer.Attach>Add a file</Composer.Attach>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Add a file' }).dataset.state).toBe('idle');
    const picker = view.container.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(picker, { target: { files: [new File(['a,b'], 'data.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText('data.csv')).toBeTruthy();
    // It takes the list's props, as every part does.
    const list = screen.getByRole('list', { name: 'Files to send' });
    expect(list.className).toBe('acu-composer__attachments my-files');
    expect(list.dataset.testid).toBe('files');
    await user.click(screen.getByRole('button', { name: 'Remove data.csv' }));
    expect(screen.queryByText('data.csv')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBe(document.activeElement);
  });

  it('useComposer() gives an app\'s own part the composer\'s state, text and actions', async () => {
    function Counter() {
      const { text, state, canSend } = useComposer();
      return <output className="counter">{`${text.length} ${state} ${canSend ? 'ready' : 'empty'}`}</output>;
    }
    const { view, user } = mount(
      <>
        <Composer.Input />
        <Counter />
        <Composer.Send />
      </>,
    );
    const counter = () => view.container.querySelector('.counter')!.textContent;
    expect(counter()).toBe('0 idle empty');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    expect(counter()).toBe('5 idle ready');
    expect(() => render(<Counter />)).toThrow('useComposer() must be called inside <Composer.Root>');
  });

  it('a part outside Composer says where it belongs', () => {
    expect(() => render(<Composer.Send />)).toThrow('<Composer.Send> must be inside <Composer.Root>');
  });
});
