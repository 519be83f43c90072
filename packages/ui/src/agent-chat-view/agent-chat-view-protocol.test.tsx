/**
 * `<AgentChatView protocol url headers>`: plain data (what a server component can pass) builds the transport in the
 * browser. One row per protocol, each against its live server over real sockets (the core's live test servers; for
 * Genkit the demo's real agent server): the first send waits for the lazily loaded protocol module, posts to that URL
 * with the headers, and the reply streams into the view.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { IncomingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProtocolName } from '@agent-chat/core';
import { startAgentServer } from '../../../../apps/agent-server/src/server.js';
import { startAgentFlowLiveServer } from '../../../core/test/agentflow-live-server.js';
import { startAguiLiveServer } from '../../../core/test/agui-live-server.js';
import { startAiSdkLiveServer } from '../../../core/test/ai-sdk-live-server.js';
import { startTnsaiLiveServer } from '../../../core/test/tnsai-live-server.js';
import { AgentChatView } from './agent-chat-view.js';

interface Live {
  url: string;
  /** The headers of the requests the server received, where it records them. */
  headers?(): IncomingHttpHeaders[];
  close(): Promise<void>;
}

interface Row {
  protocol: ProtocolName;
  start(): Promise<Live>;
  prompt: string;
  reply: string;
}

const rows: Row[] = [
  {
    protocol: 'genkit',
    async start() {
      const server = await startAgentServer({ port: 0, store: 'memory', tokenDelayMs: 0, log: () => {}, user: 'anonymous' });
      return { url: server.agentUrl, close: () => server.dispose() };
    },
    prompt: 'add Buy milk',
    reply: 'Added “Buy milk” (task #1).',
  },
  {
    protocol: 'agentflow',
    async start() {
      const server = await startAgentFlowLiveServer({ writeDelayMs: 0 });
      return { url: server.baseUrl, close: () => server.close() };
    },
    prompt: 'hello',
    reply: 'The capital of France is Paris.',
  },
  {
    protocol: 'agui',
    async start() {
      const server = await startAguiLiveServer({ writeDelayMs: 0 });
      return { url: server.url, headers: () => server.requests.map((request) => request.headers), close: () => server.close() };
    },
    prompt: 'hello',
    reply: 'Hello, world!',
  },
  {
    protocol: 'ai-sdk',
    async start() {
      const server = await startAiSdkLiveServer({ writeDelayMs: 0 });
      return { url: server.api, headers: () => server.requests.map((request) => request.headers), close: () => server.close() };
    },
    prompt: 'hello',
    reply: 'Hello, world!',
  },
  {
    protocol: 'tnsai',
    async start() {
      const server = await startTnsaiLiveServer({ writeDelayMs: 0 });
      return { url: server.url, headers: () => server.requests.map((request) => request.headers), close: () => server.close() };
    },
    prompt: 'hello',
    reply: 'Hello, world!',
  },
];

let live: Live | null = null;

afterEach(async () => {
  cleanup();
  await live?.close();
  live = null;
});

describe('AgentChatView with protocol + url (plain data)', () => {
  it.each(rows)('$protocol: the first send loads the protocol, posts to the url, and the reply streams in', async (row) => {
    live = await row.start();
    render(<AgentChatView protocol={row.protocol} url={live.url} headers={{ 'x-app': 'view-test' }} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), `${row.prompt}{Enter}`);
    await waitFor(() => expect(screen.getByText(row.reply)).toBeTruthy(), { timeout: 10_000 });
    const headers = live.headers?.();
    if (headers) expect(headers.at(-1)?.['x-app']).toBe('view-test');
  });
});
