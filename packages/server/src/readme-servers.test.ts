/**
 * The README's shortest servers, as written: its Express block on Express 5 and on Express 4, its `node:http` block,
 * and its Next.js route module with the exports called as Next calls them (Web Requests). Only the model is swapped
 * for an offline one and the port for a free one. Each serves its user's turn through @agent-chat/core's client, and
 * refuses what an attacker sends: another user's conversation, no user, a foreign Host (DNS rebinding), a cross-site
 * `text/plain` POST (no preflight), a 20 MB body, invalid JSON, a malformed %-escape and `../` in an id — each a 4xx
 * JSON answer, never a 500 or an HTML page.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createAgentChat, genkitTransport } from '@agent-chat/core';
import { afterAll, describe, expect, it } from 'vitest';
import { fencedBlocks } from '../../../scripts/check-readme-code.mjs';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const RUN_DIR = fileURLToPath(new URL('../.readme-run/', import.meta.url));
const ANN = 'sid=s3cr3t-ann';
const BOB = 'sid=s3cr3t-bob';

/** The README's ts block that contains `marker`. */
function block(marker: string): string {
  const found = fencedBlocks(README).filter((candidate) => candidate.code.includes(marker));
  expect(found, marker).toHaveLength(1);
  return found[0]!.code;
}

/** The block with the offline model (what `plugins: []` cannot give) and, where it listens, a free port it exports. */
function runnable(code: string): string {
  const model = `ai.defineModel({ apiVersion: 'v2', name: 'test/echo', supports: { multiturn: true } }, async (request, { sendChunk }) => {
  const last = request.messages.filter((message) => message.role === 'user').at(-1);
  const text = \`You said: \${(last?.content ?? []).map((part) => part.text ?? '').join('')}.\`;
  for (const word of text.split(/(?<= )/)) sendChunk({ content: [{ text: word }] });
  return { message: { role: 'model', content: [{ text }] }, finishReason: 'stop' };
})`;
  expect(code).toContain("model: 'googleai/gemini-2.5-flash'");
  return code
    .replace("model: 'googleai/gemini-2.5-flash'", `model: ${model}`)
    .replace(/^(.*)\.listen\(3400, '127\.0\.0\.1'\);$/m, "export const server = $1.listen(0, '127.0.0.1');");
}

let files = 0;
/** Imports `code` as a module of this package (so it resolves express, genkit and the workspace packages). */
async function load<T>(code: string): Promise<T> {
  mkdirSync(RUN_DIR, { recursive: true });
  const file = `${RUN_DIR}server-${++files}.ts`;
  writeFileSync(file, code);
  return (await import(/* @vite-ignore */ file)) as T;
}
afterAll(() => rmSync(RUN_DIR, { recursive: true, force: true }));

interface Raw {
  status: number;
  type: string;
  body: string;
}

/** A request with any headers (fetch cannot send its own Host), optionally a body of `bytes` bytes, chunked. */
function raw(port: number, path: string, options: { method?: string; headers?: Record<string, string>; body?: string; bytes?: number }): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method: options.method ?? 'POST', headers: { host: `127.0.0.1:${port}`, ...options.headers } }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type'] ?? ''), body }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    if (options.bytes) {
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      let sent = 0;
      const write = () => {
        while (sent < options.bytes!) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once('drain', write);
        }
        request.end();
      };
      write();
    } else request.end(options.body);
  });
}

const turn = (text: string, sessionId?: string) => JSON.stringify({ data: { message: { role: 'user', content: [{ text }] } }, ...(sessionId && { init: { sessionId } }) });
const json = { 'content-type': 'application/json' };

/** What every server must do: serve its user, refuse everything else with a 4xx JSON answer. */
async function drive(port: number): Promise<void> {
  const base = `http://127.0.0.1:${port}/api`;
  const chat = createAgentChat({ transport: genkitTransport({ url: `${base}/agent`, headers: { cookie: ANN } }) });
  const answer = await chat.send('hello');
  expect(answer.text).toBe('You said: hello.');
  const sessionId = chat.getState().sessionId!;
  expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);

  const refusals: Record<string, Raw> = {
    otherUser: await raw(port, '/api/agent/getSnapshot', { headers: { ...json, cookie: BOB }, body: JSON.stringify({ data: { sessionId } }) }),
    otherUserTurn: await raw(port, '/api/agent', { headers: { ...json, cookie: BOB }, body: turn('mine', sessionId) }),
    noUser: await raw(port, '/api/agent', { headers: json, body: turn('hi') }),
    foreignHost: await raw(port, '/api/agent', { headers: { ...json, cookie: ANN, host: 'attacker.example' }, body: turn('hi') }),
    crossSitePlain: await raw(port, '/api/agent', { headers: { 'content-type': 'text/plain', cookie: ANN, origin: 'https://evil.example' }, body: turn('hi') }),
    plainWithoutOrigin: await raw(port, '/api/agent', { headers: { 'content-type': 'text/plain', cookie: ANN }, body: turn('hi') }),
    fetchMetadata: await raw(port, '/api/agent', { headers: { ...json, cookie: ANN, 'sec-fetch-site': 'cross-site' }, body: turn('hi') }),
    hugeBody: await raw(port, '/api/agent', { headers: { ...json, cookie: ANN }, bytes: 20 * 1024 * 1024 }),
    invalidJson: await raw(port, '/api/threads', { headers: { ...json, cookie: ANN }, body: '{"id": ' }),
    badEscape: await raw(port, '/api/threads/%E0%A4%A', { method: 'GET', headers: { cookie: ANN } }),
    traversal: await raw(port, '/api/threads/..%2F..%2Fetc', { method: 'GET', headers: { cookie: ANN } }),
  };
  const statuses = Object.fromEntries(Object.entries(refusals).map(([name, response]) => [name, response.status]));
  expect(statuses).toEqual({ otherUser: 404, otherUserTurn: 404, noUser: 401, foreignHost: 403, crossSitePlain: 403, plainWithoutOrigin: 415, fetchMetadata: 403, hugeBody: 413, invalidJson: 400, badEscape: 404, traversal: 404 });
  for (const [name, response] of Object.entries(refusals)) {
    expect(response.type, name).toContain('application/json');
    expect(response.body, name).not.toMatch(/ at |\/work\/|<html/i);
  }
  // None of them ran a turn: Ann's session holds her one turn.
  const restored = createAgentChat({ transport: genkitTransport({ url: `${base}/agent`, headers: { cookie: ANN } }) });
  await restored.restore({ sessionId });
  expect(restored.getState().messages.map((message) => message.role)).toEqual(['user', 'model']);
}

const close = (server: Server) => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });

/** Loads a README server (a module exporting its listening `server`), drives it, and closes it. */
async function driveServer(code: string): Promise<void> {
  const { server } = await load<{ server: Server }>(code);
  await new Promise((resolve) => (server.listening ? resolve(undefined) : server.once('listening', resolve)));
  try {
    await drive((server.address() as AddressInfo).port);
  } finally {
    await close(server);
  }
}

describe("the README's ten-line servers, as written", () => {
  for (const [name, express] of [['Express 5', 'express5'], ['Express 4', 'express']] as const) {
    it(`${name}`, async () => {
      await driveServer(runnable(block("app.use('/api', toExpress(genkitRoutes(")).replace("import express from 'express';", `import express from '${express}';`));
    }, 60_000);
  }

  it('node:http', async () => {
    await driveServer(runnable(block('createServer(toNodeListener(genkitRoutes(')));
  }, 60_000);

  it('the Next.js route module, its exports called with Web Requests', async () => {
    type Handler = (request: Request) => Promise<Response>;
    const route = await load<Record<'GET' | 'POST' | 'PATCH' | 'DELETE', Handler>>(runnable(block('export const POST = routes;')));
    // As Next calls a route module: the method's export, with the request (Next sets Host from the connection).
    const next: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const handler = route[request.method as 'GET'];
      return handler ? handler(request) : new Response(null, { status: 405 });
    };
    const base = 'http://localhost:3000/api';
    const as = (cookie: string | null, extra: Record<string, string> = {}) => ({ host: 'localhost:3000', ...(cookie && { cookie }), ...extra });
    const chat = createAgentChat({ transport: genkitTransport({ url: `${base}/agent`, headers: as(ANN), fetch: next }) });
    expect((await chat.send('hello')).text).toBe('You said: hello.');
    const sessionId = chat.getState().sessionId!;
    const post = (path: string, headers: Record<string, string>, body: BodyInit) => next(`${base}${path}`, { method: 'POST', headers, body });
    const statuses = {
      otherUser: (await post('/agent/getSnapshot', { ...json, ...as(BOB) }, JSON.stringify({ data: { sessionId } }))).status,
      noUser: (await post('/agent', { ...json, ...as(null) }, turn('hi'))).status,
      foreignHost: (await post('/agent', { ...json, ...as(ANN, { host: 'attacker.example' }) }, turn('hi'))).status,
      crossSitePlain: (await post('/agent', as(ANN, { 'content-type': 'text/plain', origin: 'https://evil.example' }), turn('hi'))).status,
      hugeBody: (await post('/agent', { ...json, ...as(ANN) }, 'a'.repeat(20 * 1024 * 1024))).status,
      invalidJson: (await post('/threads', { ...json, ...as(ANN) }, '{"id": ')).status,
      badEscape: (await next(`${base}/threads/%E0%A4%A`, { headers: as(ANN) })).status,
      deleteOthers: (await next(`${base}/threads/${sessionId}`, { method: 'DELETE', headers: as(BOB) })).status,
    };
    expect(statuses).toEqual({ otherUser: 404, noUser: 401, foreignHost: 403, crossSitePlain: 403, hugeBody: 413, invalidJson: 400, badEscape: 404, deleteOthers: 404 });
    // The owner deletes it: gone.
    expect((await next(`${base}/threads/${sessionId}`, { method: 'DELETE', headers: as(ANN) })).status).toBe(204);
    expect((await post('/agent/getSnapshot', { ...json, ...as(ANN) }, JSON.stringify({ data: { sessionId } }))).status).toBe(404);
  }, 60_000);
});
