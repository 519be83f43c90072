import { scriptedTransport } from '@agent-chat/core';
import { useAgentContext } from '@agent-chat/react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentChatView } from './agent-chat-view.js';

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
});
