import { createAgentChat, scriptedTransport, type Message } from '@agent-chat/core';
import { renderToReadableStream } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount, until } from '../../test/mount.js';
import { AgentChatView, MessageList, preloadAgentChatView } from '../index.js';
import { longHistory } from '../../stories/support/scripts.js';

// Nothing is preloaded in this file (its modules are its own): the parts load as an app without a preload sees them.

const history: Message[] = [
  { role: 'user', content: [{ text: 'What is on my list?' }] },
  { role: 'model', content: [{ text: 'Buy **milk** and\nbread.' }] },
];

const mounted: Array<() => void> = [];
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount();
});

describe('parts loaded on demand', () => {
  it('an answer shows as plain text at once and as Markdown when the chunk is there; a short list renders all its rows', async () => {
    const chat = createAgentChat({ transport: scriptedTransport([]), state: { messages: [...history, ...longHistory(10)], artifacts: [] } });
    const view = mount(<MessageList.Root chat={chat} />);
    mounted.push(view.unmount);
    // The first commit: the answer's text as it came, in the Markdown block's place.
    const plain = view.container.querySelector('.acu-message__text[data-state="plain"] .acu-markdown__plain');
    expect(plain?.textContent).toBe('Buy **milk** and\nbread.');
    await until(() => expect(view.container.querySelector('strong')?.textContent).toBe('milk'));
    expect(view.container.querySelector('.acu-markdown__plain')).toBeNull();
    expect(view.container.querySelector('.acu-message__text[data-state="markdown"]')).not.toBeNull();
    expect(view.container.querySelector('[role="feed"]')?.getAttribute('data-state')).toBe('all');
  });

  it('the plain fallback keeps the text and its line breaks, in the Markdown block\'s place', async () => {
    const { PlainMarkdown } = await import('../markdown/lazy-markdown.js');
    const view = mount(<PlainMarkdown className="acu-message__text" text={'one **two**\nthree'} />);
    mounted.push(view.unmount);
    const block = view.container.querySelector('.acu-markdown.acu-message__text')!;
    expect(block.getAttribute('data-state')).toBe('plain');
    expect(block.querySelector('.acu-markdown__plain')!.textContent).toBe('one **two**\nthree');
  });

  it('AgentChatView: preloadAgentChatView() resolves once every part is loaded; a view mounted after renders them at once', async () => {
    await preloadAgentChatView();
    const chat = createAgentChat({ transport: scriptedTransport([]), state: { messages: history, artifacts: [{ name: 'report.md', parts: [{ text: '# Report' }] }] } });
    const view = mount(<AgentChatView chat={chat} />);
    mounted.push(view.unmount);
    // In the first commit: the Markdown, the message actions and the artifact panel, no fallback.
    expect(view.container.querySelector('.acu-message strong')?.textContent).toBe('milk');
    expect(view.container.querySelector('.acu-markdown__plain')).toBeNull();
    expect(view.container.querySelector('.acu-artifacts')?.getAttribute('data-state')).toBe('filled');
    expect(view.container.querySelectorAll('.acu-message [role="group"]').length).toBeGreaterThan(0);
  });

  it('on a server that streams, the HTML waits for the Markdown chunk: rendered Markdown, no fallback', async () => {
    // Fresh modules: no chunk loaded yet in this server.
    vi.resetModules();
    const core = await import('@agent-chat/core');
    const { AgentChatProvider: Provider } = await import('@agent-chat/react');
    const { MessageList: { Root: List } } = await import('../index.js');
    const chat = core.createAgentChat({ transport: core.scriptedTransport([]), state: { messages: history, artifacts: [] } });
    const stream = await renderToReadableStream(<Provider chat={chat}><List /></Provider>);
    await stream.allReady;
    const html = await new Response(stream).text();
    expect(html).toContain('Buy <strong>milk</strong> and');
    expect(html).not.toContain('acu-markdown__plain');
  });
});
