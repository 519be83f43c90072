import { scriptedTransport } from '@agent-chat/core';
import { useAgentContext } from '@agent-chat/react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentChatView } from './agent-chat-view.js';
import { Composer } from '../composer/composer.js';
import { SuggestionChips } from '../message-list/suggestion-chips.js';
import { words } from '../../stories/support/scripts.js';

afterEach(cleanup);

function Page() {
  useAgentContext({ description: 'Page', value: 'settings' });
  return null;
}

describe('AgentChatView and app context', () => {
  it('passes `context` to the chat (not to the DOM), and its children register more with useAgentContext', async () => {
    const transport = scriptedTransport([[{ type: 'turn-end', finishReason: 'stop' }]]);
    const { container } = render(
      <AgentChatView transport={transport} context={[{ description: 'User', value: { plan: 'pro' } }]}>
        <Page />
      </AgentChatView>,
    );
    expect(container.querySelector('[context]')).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hi{Enter}');
    await waitFor(() => expect(transport.requests).toHaveLength(1));
    expect(transport.requests[0]!.context).toEqual([{ description: 'User', value: { plan: 'pro' } }, { description: 'Page', value: 'settings' }]);
  });

  it('says on its root while the conversation has no message (`data-empty`), for layouts that centre a new chat without :has()', async () => {
    const transport = scriptedTransport([[{ type: 'text-delta', text: 'Hello.' }, { type: 'turn-end', finishReason: 'stop' }]]);
    const { container } = render(<AgentChatView transport={transport} />);
    const root = container.querySelector('.acu-chat')!;
    expect(root.hasAttribute('data-empty')).toBe(true);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hi{Enter}');
    await waitFor(() => expect(root.hasAttribute('data-empty')).toBe(false));
  });

  it('renders nothing that reads one slice (a composer, suggestion chips) again on text tokens: the view hands out no per-commit value', async () => {
    const answer = 'one two three four five six seven eight nine ten '.repeat(5);
    const transport = scriptedTransport([[...words(answer), { type: 'suggestions', suggestions: ['More'] }, { type: 'turn-end', finishReason: 'stop' }]], { delayMs: 2 });
    const counts = { composer: 0, chips: 0 };
    render(
      <AgentChatView transport={transport} throttle={false}>
        <Profiler id="composer" onRender={() => void counts.composer++}><Composer /></Profiler>
        <Profiler id="chips" onRender={() => void counts.chips++}><SuggestionChips /></Profiler>
      </AgentChatView>,
    );
    const before = { ...counts };
    const user = userEvent.setup();
    const [field] = screen.getAllByRole('textbox', { name: 'Message' });
    await user.type(field!, 'hi{Enter}');
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'More' }).length).toBeGreaterThan(0), { timeout: 5000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getAllByText(/one two three/).length).toBeGreaterThan(0);
    // Idle → thinking → idle, the follow-ups: a few renders, not one per token (50; each did while the view handed its
    // per-commit result to its parts through a context).
    expect(counts.composer - before.composer).toBeLessThanOrEqual(4);
    expect(counts.chips - before.chips).toBeLessThanOrEqual(4);
  });
});

