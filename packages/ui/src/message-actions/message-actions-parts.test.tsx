import { createAgentChat, scriptedTransport, versionTree, type AgentEvent } from '@agent-chat/core';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.js';
import { MessageActions, MessageList, type MessageActionsProps } from '../index.js';

afterEach(cleanup);

const answer = (text: string): AgentEvent[] => [{ type: 'text-delta', text, messageKey: 'm' }, { type: 'turn-end', finishReason: 'stop' }];

async function listWith(actions: (props: MessageActionsProps) => React.ReactNode, turns = [answer('Hello there.'), answer('Hi again.')]) {
  const chat = createAgentChat({ transport: scriptedTransport(turns), features: [versionTree()] });
  const view = render(<MessageList.Root chat={chat} messageActions={actions} />);
  await chat.send('hi');
  const row = await waitFor(() => screen.getByText('Hello there.').closest('article')!);
  return { chat, view, row, group: within(row).getByRole('group', { name: 'Message actions' }), user: userEvent.setup() };
}

describe('MessageActions parts', () => {
  it('an app composes its own order, with a button of its own in the group, and the parts still act', async () => {
    const clicks: string[] = [];
    const { group, user, chat } = await listWith((props) => (
      <MessageActions.Root {...props}>
        <button type="button" onClick={() => clicks.push(props.message.id)}>Pin</button>
        <MessageActions.Regenerate />
        <MessageActions.Copy />
      </MessageActions.Root>
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
      <MessageActions.Root {...props}>
        <MessageActions.Copy asChild>
          <a href="#copy" className="my-link">Copy as text</a>
        </MessageActions.Copy>
      </MessageActions.Root>
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
      <MessageActions.Root {...props}>
        <MessageActions.Regenerate onClick={(event) => event.preventDefault()} />
        <MessageActions.Retry />
        <MessageActions.Feedback />
      </MessageActions.Root>
    ));
    expect(within(group).queryByRole('button', { name: 'Retry' })).toBeNull();
    await user.click(within(group).getByRole('button', { name: 'Regenerate answer' }));
    expect(chat.getState().messages).toHaveLength(2);
    await user.click(within(group).getByRole('button', { name: 'Good answer' }));
    expect(group.querySelector('.acu-feedback')!.getAttribute('data-state')).toBe('up');
  });

  it('Edit from the keyboard opens the editor; Escape closes it and the focus goes back to the app’s Edit', async () => {
    await listWith((props) => (
      <MessageActions.Root {...props}>
        <MessageActions.Edit className="mine">Change</MessageActions.Edit>
      </MessageActions.Root>
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
    expect(() => render(<MessageActions.Copy />)).toThrow('<MessageActions.Copy> must be inside <MessageActions.Root>');
  });
});

describe('MessageActions.BranchPicker.Root parts', () => {
  /** A list whose answer has two versions (the second shown), each answer's actions from `actions`. */
  async function twoVersions(actions: (props: MessageActionsProps) => React.ReactNode, more: AgentEvent[][] = []) {
    const list = await listWith(actions, [answer('Hello there.'), answer('Hi again.'), ...more]);
    await list.chat.regenerate();
    await screen.findByText('Hi again.');
    return list;
  }
  const pickerOf = (name: string) => screen.getByRole('group', { name });

  it('the default picker is Previous, Count and Next (states, names, a11y); Enter and Space switch versions', async () => {
    const { user, view } = await twoVersions((props) => <MessageActions.Root {...props} />);
    const last = pickerOf('Version 2 of 2');
    expect(last.dataset.state).toBe('last');
    expect([...last.children].map((element) => [element.tagName, element.getAttribute('data-action'), element.getAttribute('data-state')])).toEqual([
      ['BUTTON', 'previous', 'idle'],
      ['SPAN', null, 'last'],
      ['BUTTON', 'next', 'disabled'],
    ]);
    const count = last.children[1] as HTMLElement;
    expect([count.className, count.textContent, count.getAttribute('aria-hidden')]).toEqual(['acu-message-actions__position', '2 / 2', 'true']);
    const next = within(last).getByRole('button', { name: 'Next version' }) as HTMLButtonElement;
    expect([next.disabled, next.dataset.disabled, next.textContent, next.type]).toEqual([true, '', '›', 'button']);
    const previous = within(last).getByRole('button', { name: 'Previous version' });
    expect(previous.hasAttribute('data-disabled')).toBe(false);
    previous.focus();
    await user.keyboard('{Enter}');
    await screen.findByText('Hello there.');
    expect(screen.queryByText('Hi again.')).toBeNull();
    const first = pickerOf('Version 1 of 2');
    expect(first.dataset.state).toBe('first');
    expect(within(first).getByRole('button', { name: 'Previous version' }).dataset).toMatchObject({ state: 'disabled', disabled: '' });
    within(first).getByRole('button', { name: 'Next version' }).focus();
    await user.keyboard(' ');
    await screen.findByText('Hi again.');
    expect(pickerOf('Version 2 of 2')).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('asChild puts Previous and Next onto the app’s own buttons (their text names them), Count gets its class; a disabled end does not act', async () => {
    const steps: string[] = [];
    const { user, chat, view } = await twoVersions((props) => (
      <MessageActions.Root {...props}>
        <MessageActions.BranchPicker.Root className="my-picker">
          <MessageActions.BranchPicker.Next asChild>
            <button type="button" className="my-step" onClick={() => steps.push('newer')}>Newer</button>
          </MessageActions.BranchPicker.Next>
          <MessageActions.BranchPicker.Count className="my-count" />
          <MessageActions.BranchPicker.Previous asChild>
            <button type="button" className="my-step" onClick={() => steps.push('older')}>Older</button>
          </MessageActions.BranchPicker.Previous>
        </MessageActions.BranchPicker.Root>
      </MessageActions.Root>
    ));
    const picker = pickerOf('Version 2 of 2');
    expect(picker.className).toBe('acu-message-actions__versions my-picker');
    const older = within(picker).getByRole('button', { name: 'Older' });
    expect([older.className, older.textContent, older.dataset.action, older.dataset.state]).toEqual(['acu-button my-step', 'Older', 'previous', 'idle']);
    expect(older.hasAttribute('aria-label')).toBe(false);
    const newer = within(picker).getByRole('button', { name: 'Newer' }) as HTMLButtonElement;
    expect([newer.disabled, newer.dataset.state, newer.dataset.disabled]).toEqual([true, 'disabled', '']);
    expect(picker.querySelector('.my-count')!.className).toBe('acu-message-actions__position my-count');
    // From the keyboard: Tab reaches Older (the disabled Newer is skipped), Enter switches.
    older.focus();
    await user.keyboard('{Enter}');
    await screen.findByText('Hello there.');
    expect(steps).toEqual(['older']);
    expect(chat.getState().messages.at(-1)!.siblings).toEqual({ index: 0, count: 2 });
    const first = pickerOf('Version 1 of 2');
    expect((within(first).getByRole('button', { name: 'Older' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(first).getByRole('button', { name: 'Newer' }));
    await screen.findByText('Hi again.');
    expect(steps).toEqual(['older', 'newer']);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('an app handler that calls preventDefault keeps Next from switching; a part outside MessageActions says where it belongs', async () => {
    const { user } = await twoVersions((props) => (
      <MessageActions.Root {...props}>
        <MessageActions.BranchPicker.Root>
          <MessageActions.BranchPicker.Previous onClick={(event) => event.preventDefault()} />
          <MessageActions.BranchPicker.Next />
        </MessageActions.BranchPicker.Root>
      </MessageActions.Root>
    ));
    await user.click(within(pickerOf('Version 2 of 2')).getByRole('button', { name: 'Previous version' }));
    expect(screen.getByText('Hi again.')).toBeTruthy();
    expect(screen.queryByText('Hello there.')).toBeNull();
    expect(() => render(<MessageActions.BranchPicker.Next />)).toThrow('<MessageActions.BranchPicker.Next> must be inside <MessageActions.Root>');
    expect(() => render(<MessageActions.BranchPicker.Count />)).toThrow('<MessageActions.BranchPicker.Count> must be inside <MessageActions.Root>');
  });

  it('asChild onto a link: at the end it would step past, the link says it is disabled and does not switch', async () => {
    const { user } = await twoVersions((props) => (
      <MessageActions.Root {...props}>
        <MessageActions.BranchPicker.Root>
          <MessageActions.BranchPicker.Previous asChild>
            <a href="#older">Older</a>
          </MessageActions.BranchPicker.Previous>
          <MessageActions.BranchPicker.Next asChild>
            <a href="#newer">Newer</a>
          </MessageActions.BranchPicker.Next>
        </MessageActions.BranchPicker.Root>
      </MessageActions.Root>
    ));
    const picker = pickerOf('Version 2 of 2');
    const newer = within(picker).getByRole('link', { name: 'Newer' });
    expect([newer.getAttribute('aria-disabled'), newer.dataset.state, newer.getAttribute('type')]).toEqual(['true', 'disabled', null]);
    await user.click(newer);
    expect(screen.getByText('Hi again.')).toBeTruthy();
    const older = within(picker).getByRole('link', { name: 'Older' });
    expect(older.hasAttribute('aria-disabled')).toBe(false);
    await user.click(older);
    await screen.findByText('Hello there.');
    expect(await axeViolations(pickerOf('Version 1 of 2'))).toEqual([]);
  });

  it('render counts: the picker renders once per switch, and not per token while the next answer streams 60', async () => {
    let renders = 0;
    const streamed: AgentEvent[] = [...Array.from({ length: 60 }, (_, index): AgentEvent => ({ type: 'text-delta', text: `t${index} `, messageKey: 'm' })), { type: 'turn-end', finishReason: 'stop' }];
    const { chat, user } = await twoVersions((props) => (
      <MessageActions.Root {...props}>
        <Profiler id="picker" onRender={() => void renders++}>
          <MessageActions.BranchPicker.Root />
        </Profiler>
      </MessageActions.Root>
    ), [streamed]);
    renders = 0;
    await user.click(within(pickerOf('Version 2 of 2')).getByRole('button', { name: 'Previous version' }));
    await screen.findByText('Hello there.');
    const perSwitch = renders;
    renders = 0;
    await chat.send('more');
    await screen.findByText(/t59/);
    console.log(`[render counts] BranchPicker: ${perSwitch} render(s) for one switch, ${renders} while the next answer streamed 60 tokens`);
    // As the picker of one block did before its parts (measured: 1 and 2): the next turn's start and end re-render the
    // answer above it (no longer the last), no token does.
    expect(perSwitch).toBe(1);
    expect(renders).toBeLessThanOrEqual(2);
  });
});

describe('MessageActions without the versionTree() feature', () => {
  async function plainList(actions: (props: MessageActionsProps) => React.ReactNode, features = [] as ReturnType<typeof versionTree>[]) {
    const chat = createAgentChat({ transport: scriptedTransport([answer('Hello there.')]), features });
    render(<MessageList.Root chat={chat} messageActions={actions} />);
    await chat.send('hi');
    const row = await waitFor(() => screen.getByText('Hello there.').closest('article')!);
    return { chat, row, question: screen.getByText('hi').closest('article')! };
  }

  it('shows no Edit, Regenerate or version parts, by default or composed; Copy and Feedback stay; each says once (in development) which feature it needs', async () => {
    const warnings: string[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation((message: string) => void warnings.push(message));
    const { chat, row, question } = await plainList((props) => <MessageActions.Root {...props} />);
    expect(chat.hasFeature('versionTree')).toBe(false);
    expect(within(row).getAllByRole('button').map((button) => button.dataset.action)).toEqual(['copy', 'rate-up', 'rate-down']);
    expect(within(question).getAllByRole('button').map((button) => button.dataset.action)).toEqual(['copy']);
    cleanup();
    const composed = await plainList((props) => (
      <MessageActions.Root {...props}>
        <MessageActions.Edit />
        <MessageActions.Regenerate />
        <MessageActions.BranchPicker.Root />
        <MessageActions.Copy />
      </MessageActions.Root>
    ));
    expect(within(composed.row).getAllByRole('button').map((button) => button.dataset.action)).toEqual(['copy']);
    expect(within(composed.question).getAllByRole('button').map((button) => button.dataset.action)).toEqual(['copy']);
    warn.mockRestore();
    // Once per part however often it renders, naming the feature; BranchPicker does not apply here (no versions).
    expect(warnings.filter((message) => message.includes('versionTree()'))).toEqual([
      expect.stringContaining('MessageActions.Edit needs the chat\'s versionTree() feature'),
      expect.stringContaining('MessageActions.Regenerate needs the chat\'s versionTree() feature'),
    ]);
  });

  it('the same list with versionTree() shows them', async () => {
    const { row, question } = await plainList((props) => <MessageActions.Root {...props} />, [versionTree()]);
    expect(within(row).getByRole('button', { name: 'Regenerate answer' })).toBeTruthy();
    expect(within(question).getByRole('button', { name: 'Edit message' })).toBeTruthy();
  });

  it('a failed turn offers no Retry without the tree, and Retry with it', async () => {
    const failing: AgentEvent[] = [{ type: 'text-delta', text: 'Let me try', messageKey: 'm' }, { type: 'turn-end', finishReason: 'failed' }];
    for (const features of [[], [versionTree()]]) {
      const chat = createAgentChat({ transport: scriptedTransport([failing, [{ type: 'turn-end', finishReason: 'failed' }]]), features });
      render(<MessageList.Root chat={chat} messageActions={MessageActions.Root} />);
      await chat.send('hi');
      const failed = await waitFor(() => screen.getByText('Let me try').closest('article')!);
      expect(within(failed).queryAllByRole('button', { name: 'Retry' })).toHaveLength(features.length);
      cleanup();
    }
  });
});
