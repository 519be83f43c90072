import { createAgentChat, scriptedTransport, versionTree, type AgentEvent } from '@agent-chat/core';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.js';
import { MessageActions, MessageList, type MessageActionsProps } from '../index.js';

afterEach(cleanup);

const answer = (text: string): AgentEvent[] => [{ type: 'text-delta', text, messageKey: 'm' }, { type: 'turn-end', finishReason: 'stop' }];

async function listWith(actions: (props: MessageActionsProps) => React.ReactNode, turns = [answer('Hello there.'), answer('Hi again.')]) {
  const chat = createAgentChat({ transport: scriptedTransport(turns), features: [versionTree()] });
  const view = render(<MessageList chat={chat} actions={actions} />);
  await chat.send('hi');
  const row = await waitFor(() => screen.getByText('Hello there.').closest('article')!);
  return { chat, view, row, group: within(row).getByRole('group', { name: 'Message actions' }), user: userEvent.setup() };
}

describe('MessageActions parts', () => {
  it('an app composes its own order, with a button of its own in the group, and the parts still act', async () => {
    const clicks: string[] = [];
    const { group, user, chat } = await listWith((props) => (
      <MessageActions {...props}>
        <button type="button" onClick={() => clicks.push(props.message.id)}>Pin</button>
        <MessageActions.Regenerate />
        <MessageActions.Copy />
      </MessageActions>
    ));
    expect([...group.children].map((element) => element.textContent)).toEqual(['Pin', 'Regenerate', 'Copy']);
    await user.click(within(group).getByRole('button', { name: 'Pin' }));
    expect(clicks).toHaveLength(1);
    await user.click(within(group).getByRole('button', { name: 'Copy message' }));
    expect(await navigator.clipboard.readText()).toBe('Hello there.');
    expect(within(group).getByRole('button', { name: 'Copied' }).dataset.state).toBe('copied');
    await user.click(within(group).getByRole('button', { name: 'Regenerate answer' }));
    expect(await screen.findByText('Hi again.')).toBeTruthy();
    expect(chat.getState().messages.at(-1)!.siblings).toEqual({ index: 1, count: 2 });
    // No BranchPicker in this composition: the app chose not to show versions.
    expect(screen.queryByRole('group', { name: 'Version 2 of 2' })).toBeNull();
  });

  it('asChild puts a part onto the app’s own <a>: its attributes, class and behaviour, the link’s text', async () => {
    const { group, user } = await listWith((props) => (
      <MessageActions {...props}>
        <MessageActions.Copy asChild>
          <a href="#copy" className="my-link">Copy as text</a>
        </MessageActions.Copy>
      </MessageActions>
    ));
    // The link's own text names it (the default's fuller "Copy message" is for the default's short word).
    const link = within(group).getByRole('link', { name: 'Copy as text' });
    expect(link.tagName).toBe('A');
    expect(link.className).toBe('acu-button my-link');
    expect(link.textContent).toBe('Copy as text');
    expect(link.getAttribute('type')).toBeNull();
    expect(link.dataset).toMatchObject({ action: 'copy', state: 'idle' });
    await user.click(link);
    expect(await navigator.clipboard.readText()).toBe('Hello there.');
    await waitFor(() => expect(link.dataset.state).toBe('copied'));
    expect(await axeViolations(group)).toEqual([]);
  });

  it('an app handler that calls preventDefault keeps the part from acting; a part that does not apply renders nothing', async () => {
    const { group, user, chat } = await listWith((props) => (
      <MessageActions {...props}>
        <MessageActions.Regenerate onClick={(event) => event.preventDefault()} />
        <MessageActions.Retry />
        <MessageActions.Feedback />
      </MessageActions>
    ));
    expect(within(group).queryByRole('button', { name: 'Retry' })).toBeNull();
    await user.click(within(group).getByRole('button', { name: 'Regenerate answer' }));
    expect(chat.getState().messages).toHaveLength(2);
    await user.click(within(group).getByRole('button', { name: 'Good answer' }));
    expect(group.querySelector('.acu-feedback')!.getAttribute('data-state')).toBe('up');
  });

  it('Edit from the keyboard opens the editor; Escape closes it and the focus goes back to the app’s Edit', async () => {
    await listWith((props) => (
      <MessageActions {...props}>
        <MessageActions.Edit className="mine">Change</MessageActions.Edit>
      </MessageActions>
    ));
    const user = userEvent.setup();
    const question = screen.getByText('hi').closest('article')!;
    const edit = within(question).getByRole('button', { name: 'Change' });
    expect(edit.className).toBe('acu-button mine');
    edit.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Edit message' })).toBe(document.activeElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(screen.getByText('hi').closest('article')!).getByRole('button', { name: 'Change' })).toBe(document.activeElement));
  });

  it('a part outside MessageActions says where it belongs', () => {
    expect(() => render(<MessageActions.Copy />)).toThrow('<MessageActions.Copy> must be inside <MessageActions>');
  });
});

describe('MessageActions without the versionTree() feature', () => {
  async function plainList(actions: (props: MessageActionsProps) => React.ReactNode, features = [] as ReturnType<typeof versionTree>[]) {
    const chat = createAgentChat({ transport: scriptedTransport([answer('Hello there.')]), features });
    render(<MessageList chat={chat} actions={actions} />);
    await chat.send('hi');
    const row = await waitFor(() => screen.getByText('Hello there.').closest('article')!);
    return { chat, row, question: screen.getByText('hi').closest('article')! };
  }

  it('shows no Edit, Regenerate or version parts, by default or composed; Copy and Feedback stay', async () => {
    const { chat, row, question } = await plainList((props) => <MessageActions {...props} />);
    expect(chat.hasFeature('versionTree')).toBe(false);
    expect(within(row).getAllByRole('button').map((button) => button.dataset.action)).toEqual(['copy', 'rate-up', 'rate-down']);
    expect(within(question).getAllByRole('button').map((button) => button.dataset.action)).toEqual(['copy']);
    cleanup();
    const composed = await plainList((props) => (
      <MessageActions {...props}>
        <MessageActions.Edit />
        <MessageActions.Regenerate />
        <MessageActions.BranchPicker />
        <MessageActions.Copy />
      </MessageActions>
    ));
    expect(within(composed.row).getAllByRole('button').map((button) => button.dataset.action)).toEqual(['copy']);
    expect(within(composed.question).getAllByRole('button').map((button) => button.dataset.action)).toEqual(['copy']);
  });

  it('the same list with versionTree() shows them', async () => {
    const { row, question } = await plainList((props) => <MessageActions {...props} />, [versionTree()]);
    expect(within(row).getByRole('button', { name: 'Regenerate answer' })).toBeTruthy();
    expect(within(question).getByRole('button', { name: 'Edit message' })).toBeTruthy();
  });

  it('a failed turn offers no Retry without the tree, and Retry with it', async () => {
    const failing: AgentEvent[] = [{ type: 'text-delta', text: 'Let me try', messageKey: 'm' }, { type: 'turn-end', finishReason: 'failed' }];
    for (const features of [[], [versionTree()]]) {
      const chat = createAgentChat({ transport: scriptedTransport([failing, [{ type: 'turn-end', finishReason: 'failed' }]]), features });
      render(<MessageList chat={chat} actions={MessageActions} />);
      await chat.send('hi');
      const failed = await waitFor(() => screen.getByText('Let me try').closest('article')!);
      expect(within(failed).queryAllByRole('button', { name: 'Retry' })).toHaveLength(features.length);
      cleanup();
    }
  });
});
