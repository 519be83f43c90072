/** Shared by the co-located tests: a server on a free port, its log lines, and chats against it. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAgentChat, genkitTransport, type AgentChat, type AgentChatOptions } from '@agent-chat/core';
import { startAgentServer, type AgentServer, type AgentServerOptions } from './server.js';
import type { TaskState } from './task-state.js';

export interface TestServer {
  server: AgentServer;
  lines: string[];
  chat(options?: Omit<AgentChatOptions<TaskState>, 'transport'>, path?: string): AgentChat<TaskState>;
  close(): Promise<void>;
}

export async function startTestServer(options: AgentServerOptions = {}): Promise<TestServer> {
  const lines: string[] = [];
  const server = await startAgentServer({ port: 0, store: 'memory', tokenDelayMs: 0, log: (line) => lines.push(line), ...options });
  return {
    server,
    lines,
    chat: (chatOptions = {}, path = '/api/agent') =>
      createAgentChat<TaskState>({ transport: genkitTransport({ url: `${server.url}${path}` }), ...chatOptions }),
    close: () => server.close(),
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
export function postJson(url: string, body: unknown, stream = true): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: stream ? 'text/event-stream' : 'application/json' },
    body: JSON.stringify(body),
  });
}
