import { createAgentChat, scriptedTransport, type AgentChat, type ScriptedTurn } from '@agent-chat/core';
import { AgentChatProvider } from '@agent-chat/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Composer, type ComposerProps } from './composer.js';
import { acceptsFile } from './composer-attachments.js';
import { AgentChatView } from '../agent-chat-view/agent-chat-view.js';
import { MessageList } from '../message-list/message-list.js';

afterEach(cleanup);

const DONE: ScriptedTurn = [{ type: 'turn-end', finishReason: 'stop' }];
const PNG_BYTES = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (char) => char.charCodeAt(0));
const png = (name = 'dot.png') => new File([PNG_BYTES], name, { type: 'image/png' });
const pdf = (name = 'notes.pdf', bytes = 2048) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

function setup(props: ComposerProps = {}, turns: ScriptedTurn[] = [DONE]) {
  const transport = scriptedTransport(turns);
  const chat: AgentChat<unknown> = createAgentChat({ transport });
  const view = render(
    <AgentChatProvider chat={chat}>
      <MessageList />
      <Composer {...props} />
    </AgentChatProvider>,
  );
  const field = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  const picker = view.container.querySelector<HTMLInputElement>('input[type="file"]');
  return { chat, transport, field, picker, user: userEvent.setup() };
}

const chips = () => screen.queryByRole('list', { name: 'Attachments' });
const chipNames = () => within(chips()!).getAllByRole('listitem').map((item) => item.querySelector('.acu-composer__attachment-name')!.textContent);

describe('Composer attachments', () => {
  it('attach button: picks files, shows a chip per file with its name and size, and sends them as media parts with the text', async () => {
    const { transport, field, picker, user } = setup();
    expect(picker!.accept).toContain('image/*');
    await user.click(screen.getByRole('button', { name: 'Attach files' }));
    await user.upload(picker!, [png(), pdf()]);
    expect(chipNames()).toEqual(['dot.png', 'notes.pdf']);
    expect(within(chips()!).getByText('2 KB')).toBeTruthy();
    await user.type(field, 'What are these?{Enter}');
    await waitFor(() => expect(transport.requests).toHaveLength(1));
    const content = transport.requests[0]!.input.message!.content;
    expect(content).toEqual([
      { media: { url: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/), contentType: 'image/png' }, metadata: { filename: 'dot.png' } },
      { media: { url: expect.stringMatching(/^data:application\/pdf;base64,/), contentType: 'application/pdf' }, metadata: { filename: 'notes.pdf' } },
      { text: 'What are these?' },
    ]);
    // The chips go in the commit after the send (the composer clears them once `send` was called): under load that
    // commit may come after the transport saw the request.
    await waitFor(() => expect(chips()).toBeNull());
    expect(field.value).toBe('');
    // The user's message shows the image (named) and the file with its name, type and size.
    const user0 = await screen.findByRole('img', { name: 'dot.png' });
    expect(user0.closest('.acu-message')!.getAttribute('data-role')).toBe('user');
    const file = document.querySelector('.acu-message span.acu-media[data-kind="file"][data-state="ready"]')!;
    expect(file.textContent).toBe('notes.pdfapplication/pdf · 2 KB');
  });

  it('paste and drop add files; a chip is removed by keyboard and the focus returns to the field', async () => {
    const { field, user } = setup();
    fireEvent.paste(field, { clipboardData: { files: [png('pasted.png')], types: ['Files'] } });
    expect(chipNames()).toEqual(['pasted.png']);
    const form = field.closest('form')!;
    fireEvent.dragOver(form, { dataTransfer: { types: ['Files'], files: [] } });
    expect(form.querySelector('.acu-composer__drop')!.textContent).toBe('Drop files to attach them');
    fireEvent.drop(form, { dataTransfer: { types: ['Files'], files: [pdf('dropped.pdf')] } });
    expect(form.querySelector('.acu-composer__drop')).toBeNull();
    expect(chipNames()).toEqual(['pasted.png', 'dropped.pdf']);
    screen.getByRole('button', { name: 'Remove pasted.png' }).focus();
    await user.keyboard('{Enter}');
    expect(chipNames()).toEqual(['dropped.pdf']);
    expect(document.activeElement).toBe(field);
    // Pasting text alone is left to the field.
    fireEvent.paste(field, { clipboardData: { files: [], types: ['text/plain'] } });
    expect(chipNames()).toEqual(['dropped.pdf']);
  });

  it('refuses files over the size or type limit, or past the count, with an alert; the files that pass are kept', async () => {
    const { picker, user } = setup({ attachments: { maxFileSize: 1024, maxFiles: 2, accept: 'image/*,.pdf' } });
    expect(screen.queryByRole('alert')).toBeNull();
    const alert = () => screen.getByRole('alert');
    await user.upload(picker!, [pdf('big.pdf', 4096)]);
    expect(alert().textContent).toBe('big.pdf is too large: files can be up to 1 KB.');
    expect(chips()).toBeNull();
    // The input's accept list is the limit: a type outside it is refused even when the picker lets it through.
    await userEvent.setup({ applyAccept: false }).upload(picker!, [new File(['x'], 'run.sh', { type: 'application/x-sh' })]);
    expect(alert().textContent).toBe('run.sh cannot be attached: this type of file is not supported.');
    await user.upload(picker!, [png('a.png'), png('b.png'), png('c.png')]);
    expect(chipNames()).toEqual(['a.png', 'b.png']);
    expect(alert().textContent).toBe('You can attach up to 2 files to one message.');
    await user.click(screen.getByRole('button', { name: 'Remove a.png' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('uploadFile: the message carries the URL it returns; a failed upload sends nothing and says which file', async () => {
    const uploaded: string[] = [];
    let fail = true;
    const uploadFile = async (file: File) => {
      if (fail) throw new Error('storage down');
      uploaded.push(file.name);
      return `https://files.example.com/${file.name}`;
    };
    const { transport, field, picker, user } = setup({ attachments: { uploadFile } });
    await user.upload(picker!, [png()]);
    await user.type(field, 'look{Enter}');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('dot.png could not be attached. Try again.'));
    expect(transport.requests).toHaveLength(0);
    expect(chipNames()).toEqual(['dot.png']);
    expect(field.value).toBe('look');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(transport.requests).toHaveLength(1));
    expect(uploaded).toEqual(['dot.png']);
    expect(transport.requests[0]!.input.message!.content).toEqual([
      { media: { url: 'https://files.example.com/dot.png', contentType: 'image/png' }, metadata: { filename: 'dot.png' } },
      { text: 'look' },
    ]);
  });

  it('files alone can be sent; onSend receives the text and the media parts', async () => {
    const sent: Array<[string, unknown[]]> = [];
    const { transport, picker, user } = setup({ onSend: (text, attachments) => sent.push([text, attachments]) });
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    await user.upload(picker!, [pdf()]);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]![0]).toBe('');
    expect(sent[0]![1]).toEqual([{ media: { url: expect.stringMatching(/^data:application\/pdf;base64,/), contentType: 'application/pdf' }, metadata: { filename: 'notes.pdf' } }]);
    expect(transport.requests).toHaveLength(0);
  });

  it('attachments={false}: no attach button, and pasted files are left alone', () => {
    const { field, picker } = setup({ attachments: false });
    expect(picker).toBeNull();
    expect(screen.queryByRole('button', { name: 'Attach files' })).toBeNull();
    fireEvent.paste(field, { clipboardData: { files: [png()], types: ['Files'] } });
    expect(chips()).toBeNull();
  });

  it('AgentChatView passes its attachments prop on to its composer', () => {
    const { unmount } = render(<AgentChatView transport={scriptedTransport([])} attachments={{ accept: '.csv' }} />);
    expect(document.querySelector<HTMLInputElement>('input[type="file"]')!.accept).toBe('.csv');
    unmount();
    render(<AgentChatView transport={scriptedTransport([])} attachments={false} />);
    expect(screen.queryByRole('button', { name: 'Attach files' })).toBeNull();
  });

  it('the attach button is disabled while an interrupt waits', async () => {
    const { chat } = setup({}, [[
      { type: 'tool-request', part: { toolRequest: { name: 'approve', ref: 'a1' }, metadata: { interrupt: true } }, messageKey: 'm' },
      { type: 'turn-end', finishReason: 'interrupted' },
    ]]);
    await act(() => chat.send('pay'));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Attach files' }) as HTMLButtonElement).disabled).toBe(true));
  });
});

describe('acceptsFile', () => {
  it('matches exact types, wildcards and extensions, case-insensitively; an empty list accepts anything', () => {
    const file = (name: string, type: string) => ({ name, type });
    expect(acceptsFile(file('a.PNG', 'image/png'), 'image/*')).toBe(true);
    expect(acceptsFile(file('a.pdf', 'application/pdf'), 'image/*, application/pdf')).toBe(true);
    expect(acceptsFile(file('README.MD', ''), '.md')).toBe(true);
    expect(acceptsFile(file('a.txt', 'text/plain'), 'image/*,.md')).toBe(false);
    expect(acceptsFile(file('imagefile', 'imagex/png'), 'image/*')).toBe(false);
    expect(acceptsFile(file('x', 'application/x-sh'), '')).toBe(true);
  });
});
