// @vitest-environment node
import { createAgentChat, scriptedTransport } from '@agent-chat/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

describe('server rendering', () => {
  it('imports without a window and renders the initial state', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const { AgentChatProvider, useAgentChat, useAgentChatSelector } = await import('./index.js');
    const chat = createAgentChat({
      transport: scriptedTransport([]),
      state: { messages: [{ role: 'user', content: [{ text: 'hello' }] }], artifacts: [] },
    });
    function Status() {
      const { status, isThinking } = useAgentChat();
      const count = useAgentChatSelector(chat, (state) => state.messages.length);
      return <p>{`${status} ${String(isThinking)} ${count}`}</p>;
    }
    function Own() {
      return <p>{useAgentChat({ transport: scriptedTransport([]) }).status}</p>;
    }
    const html = renderToString(
      <AgentChatProvider chat={chat}>
        <Status />
        <Own />
      </AgentChatProvider>,
    );
    expect(html).toBe('<p>ready false 1</p><p>ready</p>');
  });
});
