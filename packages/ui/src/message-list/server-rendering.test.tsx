import { createAgentChat, scriptedTransport, type Message } from '@agent-chat/core';
import { AgentChatProvider } from '@agent-chat/react';
import type { ReactNode } from 'react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { AgentChatView, MessageList } from '../index.js';
import { preloadAgentChatView } from '../agent-chat-view/preload-agent-chat-view.js';

// Rendered as an app that preloaded the view's parts does: every row at once, no chunk to wait for.
beforeAll(() => preloadAgentChatView());

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

const history: Message[] = [
  { role: 'user', content: [{ text: 'What is on my list?' }] },
  { role: 'model', content: [{ text: 'Buy **milk** and bread.' }] },
  { role: 'user', content: [{ text: 'Thanks' }] },
];

/**
 * Renders `app()` to HTML as a server would, then hydrates a second `app()` (a new chat from the same plain data, as
 * in the browser) over that HTML; returns what React reported: recoverable errors (a failed hydration) and console
 * errors (attribute mismatches).
 */
async function serverThenHydrate(app: () => ReactNode): Promise<{ html: string; recoverable: unknown[]; consoleErrors: unknown[][] }> {
  // As on a server: no document, no window while rendering to HTML.
  vi.stubGlobal('document', undefined);
  vi.stubGlobal('window', undefined);
  let html: string;
  try {
    html = renderToString(app());
  } finally {
    vi.unstubAllGlobals();
  }
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const recoverable: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  const root = await act(async () => hydrateRoot(container, app(), { onRecoverableError: (error) => void recoverable.push(error) }));
  const consoleErrors = consoleError.mock.calls.slice();
  await act(async () => root.unmount());
  container.remove();
  return { html, recoverable, consoleErrors };
}

afterEach(() => vi.restoreAllMocks());

describe('server rendering and hydration', () => {
  it('MessageList with a history: the server renders the rows, and the first client render equals it', async () => {
    const app = () => (
      <AgentChatProvider chat={createAgentChat({ transport: scriptedTransport([]), state: { messages: history, artifacts: [] } })}>
        <MessageList.Root />
      </AgentChatProvider>
    );
    const { html, recoverable, consoleErrors } = await serverThenHydrate(app);
    expect(html).toContain('Buy <strong>milk</strong> and bread.');
    expect(html).toContain('data-state="all"');
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('MessageList of an empty chat hydrates without a mismatch', async () => {
    const app = () => (
      <AgentChatProvider chat={createAgentChat({ transport: scriptedTransport([]) })}>
        <MessageList.Root />
      </AgentChatProvider>
    );
    const { recoverable, consoleErrors } = await serverThenHydrate(app);
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('AgentChatView from plain data (a history) hydrates cleanly', async () => {
    const app = () => <AgentChatView transport={scriptedTransport([])} state={{ messages: history, artifacts: [] }} />;
    const { html, recoverable, consoleErrors } = await serverThenHydrate(app);
    expect(html).toContain('Thanks');
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('AgentChatView with protocol + url (what a server component passes) renders and hydrates cleanly, loading nothing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const app = () => <AgentChatView protocol="genkit" url="/api/agent" headers={{ 'x-app': 'ssr' }} state={{ messages: history, artifacts: [] }} />;
    const { html, recoverable, consoleErrors } = await serverThenHydrate(app);
    expect(html).toContain('Buy <strong>milk</strong> and bread.');
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
    // The transport is built, not used: no request until the first send.
    expect(fetch).not.toHaveBeenCalled();
  });
});
