import type { ChatMessage } from '@agent-chat/core';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.js';
import { InterruptPrompt, MessageList, useInterruptPrompt } from '../index.js';

afterEach(cleanup);

function prompt(children: React.ReactNode, textAnswer = false) {
  const answers: Array<string | boolean | undefined> = [];
  const view = render(
    <InterruptPrompt.Root toolName="Name the project" prompt={{ title: 'Name it', question: 'What should it be called?', ...(textAnswer ? { textAnswer: { label: 'Project name' } } : {}) }}
      onConfirm={(text) => answers.push(text ?? true)} onDeny={() => answers.push(false)}>
      {children}
    </InterruptPrompt.Root>,
  );
  return { answers, view, user: userEvent.setup() };
}

describe('InterruptPrompt parts', () => {
  it('the default composition: the question, the text field (focused), Confirm and Deny in a group described by the question', async () => {
    const { answers, view, user } = prompt(undefined, true);
    const field = screen.getByRole('textbox', { name: 'Project name' });
    expect(field).toBe(document.activeElement);
    const group = screen.getByRole('group', { name: 'Answer Name the project' });
    expect(document.getElementById(group.getAttribute('aria-describedby')!)!.textContent).toBe('What should it be called?');
    // Enter without text says what is missing; with text it confirms with it.
    await user.keyboard('{Enter}');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(answers).toEqual([]);
    await user.type(field, 'Apollo{Enter}');
    expect(answers).toEqual(['Apollo']);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('useInterruptPrompt() gives an app\'s own part what the agent asks and the text typed', async () => {
    function Echo() {
      const { toolName, prompt: asked, text, canConfirm } = useInterruptPrompt();
      return <p className="echo">{`${toolName}: ${asked?.question ?? ''} [${text}] ${canConfirm ? 'can confirm' : ''}`}</p>;
    }
    const { user, view } = prompt(
      <>
        <InterruptPrompt.Answer />
        <Echo />
        <InterruptPrompt.Actions />
      </>,
      true,
    );
    await user.type(screen.getByRole('textbox', { name: 'Project name' }), 'Apollo');
    expect(view.container.querySelector('.echo')!.textContent).toContain('What should it be called? [Apollo] can confirm');
    expect(() => render(<Echo />)).toThrow('useInterruptPrompt() must be called inside <InterruptPrompt.Root>');
  });

  it('reordered with a heading, an app button among the answers, and asChild on Actions and Answer', async () => {
    const { answers, user, view } = prompt(
      <>
        <InterruptPrompt.Title asChild><h2 className="mine">Name it now</h2></InterruptPrompt.Title>
        <InterruptPrompt.Actions asChild>
          <fieldset>
            <InterruptPrompt.Deny>Not now</InterruptPrompt.Deny>
            <button type="button" onClick={() => answers.push('later')}>Later</button>
            <InterruptPrompt.Confirm asChild><button type="submit" className="primary">Go</button></InterruptPrompt.Confirm>
          </fieldset>
        </InterruptPrompt.Actions>
        <InterruptPrompt.Answer asChild><input placeholder="e.g. Apollo" /></InterruptPrompt.Answer>
        <InterruptPrompt.Description />
      </>,
      true,
    );
    // With asChild the app's element brings its own content; the part gives it the id, class and state.
    const heading = screen.getByRole('heading', { level: 2, name: 'Name it now' });
    expect(heading.id).toMatch(/-title$/);
    expect(heading.className).toBe('acu-interrupt__title mine');
    const group = screen.getByRole('group', { name: 'Answer Name the project' });
    expect(group.tagName).toBe('FIELDSET');
    expect([...group.querySelectorAll('button')].map((button) => button.textContent)).toEqual(['Not now', 'Later', 'Go']);
    expect(screen.getByRole('button', { name: 'Go' }).className).toBe('acu-tool__confirm primary');
    const field = screen.getByRole('textbox', { name: 'Project name' });
    expect(field.getAttribute('placeholder')).toBe('e.g. Apollo');
    await user.click(screen.getByRole('button', { name: 'Later' }));
    await user.type(field, 'Apollo');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(answers).toEqual(['later', 'Apollo', false]);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('without onConfirm there is no Confirm; a part outside InterruptPrompt says where it belongs', () => {
    render(<InterruptPrompt.Root toolName="Delete" prompt={undefined} onDeny={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Deny' })).toBe(document.activeElement);
    expect(() => render(<InterruptPrompt.Title />)).toThrow('<InterruptPrompt.Title> must be inside <InterruptPrompt.Root>');
  });
});

describe('MessageList.Row', () => {
  const message: ChatMessage = { id: 'm1', role: 'model', content: [{ text: 'Hi' }], status: 'streaming' } as ChatMessage;

  it('an article with the message’s role, state and id, announced while it streams; asChild onto the app’s element', () => {
    const view = render(
      <>
        <MessageList.Row message={message} className="mine">Hi</MessageList.Row>
        <MessageList.Row message={{ ...message, id: 'm2', status: 'done' } as ChatMessage} continued asChild><section aria-label="Second" /></MessageList.Row>
      </>,
    );
    const [first, second] = [...view.container.children] as HTMLElement[];
    expect(first!.tagName).toBe('ARTICLE');
    expect(first!.className).toBe('acu-message mine');
    expect(first!.dataset).toMatchObject({ role: 'model', state: 'streaming', messageId: 'm1' });
    expect(first!.getAttribute('aria-live')).toBe('polite');
    expect(second!.tagName).toBe('SECTION');
    expect(second!.dataset).toMatchObject({ state: 'done', messageId: 'm2', continued: 'true' });
    expect(second!.getAttribute('aria-live')).toBeNull();
  });
});
