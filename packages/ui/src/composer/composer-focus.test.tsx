import { scriptedTransport } from '@agent-chat/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentChatView } from '../agent-chat-view/agent-chat-view.js';
import { createRef } from 'react';
import { ComposerFocusContext, useFocusComposer } from '../context/composer-focus.js';

afterEach(cleanup);

function Chip() {
  const focusComposer = useFocusComposer();
  return <button type="button" onClick={focusComposer}>Suggestion</button>;
}

describe('useFocusComposer', () => {
  it('gives focus back to the view’s composer after a click elsewhere took it', async () => {
    render(
      <AgentChatView transport={scriptedTransport([])}>
        <Chip />
      </AgentChatView>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Suggestion' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' })));
  });

  it('does nothing outside a view (no composer to focus)', async () => {
    render(<Chip />);
    const chip = screen.getByRole('button', { name: 'Suggestion' });
    await userEvent.setup().click(chip);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement).toBe(chip);
  });

  it('waits for a disabled field (an interrupt still pending) to be enabled a few frames later, then focuses it', async () => {
    const field = createRef<HTMLTextAreaElement>();
    render(
      <ComposerFocusContext.Provider value={field}>
        <textarea ref={field} aria-label="Message" disabled />
        <Chip />
      </ComposerFocusContext.Provider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Suggestion' }));
    // Two frames later the answer's update has re-enabled the field.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(document.activeElement).not.toBe(field.current);
    field.current!.disabled = false;
    await waitFor(() => expect(document.activeElement).toBe(field.current));
  });
});
