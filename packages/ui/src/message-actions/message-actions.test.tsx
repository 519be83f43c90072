import { createAgentChat, scriptedTransport, textOf, type AgentEvent } from '@agent-chat/core';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.js';
import { MessageActions } from './message-actions.js';
import { MessageList } from '../message-list/message-list.js';
import { versionTree } from '@agent-chat/core';

afterEach(cleanup);

const answer = (text: string): AgentEvent[] => [{ type: 'text-delta', text, messageKey: 'm' }, { type: 'turn-end', finishReason: 'stop' }];
const failing: AgentEvent[] = [{ type: 'text-delta', text: 'Let me try', messageKey: 'm' }, { type: 'turn-end', finishReason: 'failed' }];

function setup(turns: AgentEvent[][]) {
  const transport = scriptedTransport(turns);
  const chat = createAgentChat({ features: [versionTree()], transport });
  const view = render(<MessageList chat={chat} messageActions={MessageActions} />);
  return { chat, transport, user: userEvent.setup(), view };
}

const rowOf = (text: string) => screen.getByText(text).closest('article')!;

describe('MessageList message actions', () => {
  it('Copy puts the message text on the clipboard', async () => {
    // user-event's setup() installs a clipboard stub on navigator.
    const { chat, user } = setup([answer('Hello there.')]);
    await chat.send('hi');
    const row = await waitFor(() => rowOf('Hello there.'));
    await user.click(within(row).getByRole('button', { name: 'Copy message' }));
    expect(await navigator.clipboard.readText()).toBe('Hello there.');
    expect(within(row).getByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('Copy on an answer of several messages copies the text of all of them, in order (not its tool calls)', async () => {
    const grouped: AgentEvent[] = [
      { type: 'text-delta', text: 'Let me look that up.', messageKey: 'a' },
      { type: 'tool-request', part: { toolRequest: { name: 'getWeather', ref: 'w1', input: { city: 'Paris' } } }, messageKey: 'b' },
      { type: 'tool-response', part: { toolResponse: { name: 'getWeather', ref: 'w1', output: { tempC: 21 } } }, messageKey: 'c' },
      { type: 'text-delta', text: 'Sunny, 21 °C.', messageKey: 'd' },
      { type: 'turn-end', finishReason: 'stop' },
    ];
    const { chat, user } = setup([grouped]);
    await chat.send('weather in Paris?');
    const end = await waitFor(() => rowOf('Sunny, 21 °C.'));
    // One Copy for the answer, at its end.
    expect(screen.getAllByRole('button', { name: 'Copy message' })).toHaveLength(2); // the question's and the answer's
    // The answer is one article; its first message (the text before the tool call) has no Copy of its own.
    expect(rowOf('Let me look that up.')).toBe(end);
    expect(within(screen.getByText('Let me look that up.').closest<HTMLElement>('.acu-message__segment')!).queryByRole('button', { name: 'Copy message' })).toBeNull();
    await user.click(within(end).getByRole('button', { name: 'Copy message' }));
    expect(await navigator.clipboard.readText()).toBe('Let me look that up.\n\nSunny, 21 °C.');
  });

  it('Regenerate answers again; the version switcher ‹ 2 / 2 › goes back and forth, by keyboard too', async () => {
    const { chat, user, view } = setup([answer('First answer.'), answer('Second answer.')]);
    await chat.send('hi');
    await user.click(await screen.findByRole('button', { name: 'Regenerate answer' }));
    await screen.findByText('Second answer.');
    const versions = screen.getByRole('group', { name: 'Version 2 of 2' });
    expect(versions.textContent).toContain('2 / 2');
    expect((within(versions).getByRole('button', { name: 'Next version' }) as HTMLButtonElement).disabled).toBe(true);
    within(versions).getByRole('button', { name: 'Previous version' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByText('First answer.');
    expect(screen.queryByText('Second answer.')).toBeNull();
    expect(screen.getByRole('group', { name: 'Version 1 of 2' })).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('Edit opens an inline editor: Escape cancels and returns focus; Enter sends the new text, focus on the new version', async () => {
    const { chat, transport, user, view } = setup([answer('One.'), answer('Two.')]);
    await chat.send('first try');
    const edit = await screen.findByRole('button', { name: 'Edit message' });
    await user.click(edit);
    const field = screen.getByRole('textbox', { name: 'Edit message' });
    expect(document.activeElement).toBe(field);
    expect((field as HTMLTextAreaElement).value).toBe('first try');
    // The message being edited is marked, so the stylesheet hides its text behind the editor (no :has() on a message).
    expect(field.closest('.acu-message')!.hasAttribute('data-editing')).toBe(true);
    expect(view.container.querySelectorAll('.acu-message[data-editing]')).toHaveLength(1);
    expect(await axeViolations(view.container)).toEqual([]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Edit message' })).toBeNull();
    expect(view.container.querySelectorAll('.acu-message[data-editing]')).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit message' })));
    expect(transport.requests).toHaveLength(1);

    await user.keyboard('{Enter}');
    await user.clear(screen.getByRole('textbox', { name: 'Edit message' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit message' }), 'second try{Enter}');
    await screen.findByText('Two.');
    expect(transport.requests[1]!.input.message?.content).toEqual([{ text: 'second try' }]);
    expect(transport.requests[1]!.history).toEqual([]);
    const userRow = rowOf('second try');
    expect(within(userRow).getByRole('group', { name: 'Version 2 of 2' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(userRow).getByRole('button', { name: 'Edit message' })));
    expect(chat.getState().messages.map((message) => textOf(message.content))).toEqual(['second try', 'Two.']);
  });

  it('Edit keeps the message\'s attachments: only the text is replaced', async () => {
    const { chat, transport, user } = setup([answer('A dot.'), answer('Still a dot.')]);
    const image = { media: { url: 'data:image/png;base64,iVBORw0KGgo=', contentType: 'image/png' }, metadata: { filename: 'dot.png' } };
    await chat.send({ message: { role: 'user', content: [image, { text: 'What is this?' }] } });
    await user.click(await screen.findByRole('button', { name: 'Edit message' }));
    const editor = screen.getByRole('textbox', { name: 'Edit message' });
    await user.clear(editor);
    await user.type(editor, 'And now?{Enter}');
    await screen.findByText('Still a dot.');
    expect(transport.requests[1]!.input.message!.content).toEqual([image, { text: 'And now?' }]);
  });

  it('Retry on a failed row runs the turn again; the failed attempt stays a version', async () => {
    const { chat, transport, user, view } = setup([answer('Fine.'), failing, answer('Worked.')]);
    await chat.send('hi');
    await chat.send('again');
    const failed = await waitFor(() => rowOf('Let me try'));
    expect(failed.getAttribute('data-state')).toBe('failed');
    // Its footer says the outcome the stylesheet keeps the actions shown for (not a `[data-state] …` descendant rule).
    expect(failed.querySelector('.acu-message__footer')!.getAttribute('data-outcome')).toBe('failed');
    expect(within(failed).queryByRole('button', { name: 'Regenerate answer' })).toBeNull();
    expect(await axeViolations(view.container)).toEqual([]);
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    await screen.findByText('Worked.');
    expect(transport.requests[2]!.input.message?.content).toEqual([{ text: 'again' }]);
    expect(screen.getByRole('group', { name: 'Version 2 of 2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('a failed turn with nothing streamed offers Retry beside the error; without `actions` there are none', async () => {
    const { chat, user } = setup([[{ type: 'turn-end', finishReason: 'failed' }], answer('Back.')]);
    await chat.send('hi');
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('Back.');
    cleanup();
    const plain = createAgentChat({ features: [versionTree()], transport: scriptedTransport([answer('Quiet.')]) });
    render(<MessageList chat={plain} />);
    await plain.send('hi');
    await screen.findByText('Quiet.');
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
