// Runs twice: in the ui project (React 19) and in the react18 project (React 18.3), which includes *.react18.test.tsx.
import { createAgentChat, scriptedTransport, type Message } from '@agent-chat/core';
import { version } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { mount, until } from '../../test/mount.js';
import { AgentChatView, MessageList, preloadAgentChatView } from '../index.js';

const history: Message[] = [
  { role: 'user', content: [{ text: 'What is on my list?' }] },
  { role: 'model', content: [{ text: 'Buy **milk** and bread.' }] },
];
const chatOf = () => createAgentChat({ transport: scriptedTransport([]), state: { messages: history, artifacts: [] } });

const mounted: Array<() => void> = [];
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount();
});

describe(`parts loaded on demand on React ${version}`, () => {
  it('the plain text at once, then Markdown when its chunk is there', async () => {
    const view = mount(<MessageList.Root chat={chatOf()} />);
    mounted.push(view.unmount);
    expect(view.container.querySelector('.acu-markdown__plain')?.textContent).toBe('Buy **milk** and bread.');
    await until(() => expect(view.container.querySelector('.acu-message strong')?.textContent).toBe('milk'));
    expect(view.container.querySelector('.acu-markdown__plain')).toBeNull();
  });

  it('after preloadAgentChatView(), the first commit has the Markdown and the message actions', async () => {
    await preloadAgentChatView();
    const view = mount(<AgentChatView chat={chatOf()} />);
    mounted.push(view.unmount);
    expect(view.container.querySelector('.acu-message strong')?.textContent).toBe('milk');
    expect(view.container.querySelectorAll('.acu-message [role="group"]').length).toBeGreaterThan(0);
  });
});
