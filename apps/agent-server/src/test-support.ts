/** Shared by the co-located tests: a server on a free port, its log lines, and chats against it. */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAgentChat, genkitTransport, type AgentChat, type AgentChatOptions, type AgentResponse } from '@agent-chat/core';
import { startAgentServer, type AgentServer, type AgentServerOptions } from './server.js';
import type { TaskState } from './agent/task-state.js';
import { clientTools, resumable, versionTree } from '@agent-chat/core';

export interface TestServer {
  server: AgentServer;
  lines: string[];
  chat(options?: Omit<AgentChatOptions<TaskState>, 'transport'>, path?: string): AgentChat<TaskState>;
  dispose(): Promise<void>;
}

/** The user of a test's requests that name none (tests of users and owners name theirs in `x-agent-user`). */
export const TEST_USER = 'test-user';

/** The test server's auth: the `x-agent-user` header, else {@link TEST_USER} (the server's own default answers 401). */
const headerOrTestUser = (request: Request) => request.headers.get('x-agent-user') ?? TEST_USER;

export async function startTestServer(options: AgentServerOptions = {}): Promise<TestServer> {
  const lines: string[] = [];
  const server = await startAgentServer({ port: 0, store: 'memory', tokenDelayMs: 0, log: (line) => lines.push(line), user: headerOrTestUser, ...options });
  return {
    server,
    lines,
    chat: (chatOptions = {}, path = '/api/agent') =>
      // All three chat features, as AgentChatView gives them (a test's own `features` replaces them).
      createAgentChat<TaskState>({ features: [versionTree(), clientTools(), resumable()], transport: genkitTransport({ url: `${server.url}${path}` }), ...chatOptions }),
    dispose: () => server.dispose(),
  };
}

export function makeTempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'agent-server-'));
}

export function removeDir(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}

export async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await makeTempDir();
  try {
    return await fn(dir);
  } finally {
    await removeDir(dir);
  }
}

/** POSTs `{data, init}`-style JSON; `stream` asks for the SSE turn stream as genkit clients do. */
export function postJson(url: string, body: unknown, stream = true, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: stream ? 'text/event-stream' : 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export interface RawResponse {
  status: number;
  body: string;
}

/** A request with any headers (fetch will not send a chosen `Host`); the body is sent as given. */
export function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: options.method ?? 'POST', headers: { 'content-type': 'application/json', ...options.headers } }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

/** Total bytes of the files under `dir`. */
export async function dirBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** Sends `text` and detaches as soon as the answer's first text arrives: the turn goes on running on the server. */
export function sendThenDetach<S>(chat: AgentChat<S>, text: string): Promise<AgentResponse<S>> {
  let detached = false;
  return chat.sendStream(text, (chunk) => {
    if (chunk.text && !detached) {
      detached = true;
      void chat.detach();
    }
  });
}
