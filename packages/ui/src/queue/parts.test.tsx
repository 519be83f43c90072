import { createAgentChat, type AgentEvent, type Transport } from '@agent-chat/core';
import { createMessageQueue } from '@agent-chat/core/persist';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.js';
import { Queue } from '../queue.js';

afterEach(cleanup);

/** Turns that answer when `release()` is called, one at a time; `received` is what each turn was sent. */
function heldTransport() {
  const received: string[] = [];
  const waiting: Array<() => void> = [];
  const transport: Transport = {
    name: 'held',
    async *run(request, signal) {
      const text = (request.input.message!.content[0] as { text: string }).text;
      received.push(text);
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
      signal.throwIfAborted();
      const events: AgentEvent[] = [{ type: 'text-delta', text: `re: ${text}`, messageKey: 'm' }, { type: 'turn-end', finishReason: 'stop' }];
      yield [{ raw: null, events }];
    },
  };
  return { transport, received, release: () => waiting.splice(0).forEach((resolve) => resolve()) };
}

describe('Queue parts', () => {
  it('lists what waits; edit, move, remove and send now act on the queue; empty, it renders nothing', async () => {
    const held = heldTransport();
    const chat = createAgentChat({ transport: held.transport });
    const queue = createMessageQueue(chat, { online: () => true });
    queue.send('running');
    queue.send('b');
    queue.send('c');
    queue.send('d');
    const view = render(<Queue.Root queue={queue} />);
    const user = userEvent.setup();
    const list = screen.getByRole('list', { name: 'Queued messages' });
    const values = () => screen.getAllByRole('textbox', { name: 'Queued message' }).map((field) => (field as HTMLInputElement).value);
    expect(values()).toEqual(['b', 'c', 'd']);
    expect(list.tagName).toBe('OL');
    expect(await axeViolations(view.container)).toEqual([]);
    await user.type(screen.getAllByRole('textbox', { name: 'Queued message' })[1]!, '!');
    expect(queue.getItems().map((item) => item.text)).toEqual(['b', 'c!', 'd']);
    expect(screen.getAllByRole('button', { name: 'Move up' })[0]).toHaveProperty('disabled', true);
    await user.click(screen.getAllByRole('button', { name: 'Move down' })[0]!);
    expect(values()).toEqual(['c!', 'b', 'd']);
    await user.click(screen.getAllByRole('button', { name: 'Remove from the queue' })[2]!);
    expect(values()).toEqual(['c!', 'b']);
    await user.click(screen.getAllByRole('button', { name: 'Send now' })[1]!);
    // The running turn stopped; "b" went next.
    await waitFor(() => expect(held.received).toEqual(['running', 'b']));
    expect(values()).toEqual(['c!']);
    held.release();
    await waitFor(() => expect(held.received).toEqual(['running', 'b', 'c!']));
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('asChild puts each part’s behaviour on the app’s own elements', async () => {
    const held = heldTransport();
    const chat = createAgentChat({ transport: held.transport });
    const queue = createMessageQueue(chat, { online: () => true });
    queue.send('running');
    queue.send('waiting');
    render(
      <Queue.Root queue={queue} labels={{ remove: 'Drop' }}>
        {(item, index) => (
          <Queue.Item item={item} index={index} asChild>
            <li className="row">
              <Queue.Text asChild><input className="field" /></Queue.Text>
              <Queue.Remove asChild>
                <a href="#drop" className="mine">✕</a>
              </Queue.Remove>
            </li>
          </Queue.Item>
        )}
      </Queue.Root>,
    );
    expect(screen.getByRole('listitem').className).toBe('acu-queue__item row');
    expect((screen.getByRole('textbox', { name: 'Queued message' }) as HTMLInputElement).value).toBe('waiting');
    const link = screen.getByRole('link', { name: '✕' });
    expect(link.title).toBe('Drop');
    expect(link.className).toBe('acu-queue__remove mine');
    await userEvent.setup().click(link);
    expect(queue.getItems()).toEqual([]);
  });
});
