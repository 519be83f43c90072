/**
 * A small node:http server streaming TnsAI's ChatChunks as NDJSON (the encoding documented in
 * src/protocols/tnsai/tnsai-decoder.ts), for live interop tests over real sockets. Offline and deterministic.
 *
 *   const server = await startTnsaiLiveServer();
 *   tnsaiTransport({ url: server.url });
 *   ...
 *   await server.close();
 *
 * Scripts (the request's `message`, lowercased; a request with `toolResults` answers tool calls):
 *   (anything) -> START, CONTENT "Hello" ", " "world!" (tokenCount, chunkIndex), DONE STOP
 *                 (`writeDelayMs` apart, default 2)
 *   tools      -> CONTENT "Let me look.", TOOL_CALL search {q: 'notes'} (id call-1), DONE TOOL_CALLS
 *   (answer)   -> CONTENT "Found: <output as JSON>", DONE STOP
 *   forever    -> TOOL_CALL search (id call-<request number>), DONE TOOL_CALLS; and again for every answer
 *                 while the conversation's last user message is "forever"
 *   filter     -> CONTENT "I can", DONE CONTENT_FILTER
 *   error      -> CONTENT "Par", ERROR "rate limited"
 *   concat     -> the default answer as concatenated objects with no newline, split over odd writes
 *   cut        -> CONTENT "Cut", then the body ends without DONE
 *   long       -> CONTENT "word<i> " ×300, 15 ms apart, until the client goes away
 *   (POST /fail answers 429 {"error":{"message":"slow down","code":"RATE_LIMIT"}})
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { createSleeper, listenOnLoopback, readTextBody } from './http-test-server.js';

export interface TnsaiRecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

export interface TnsaiLongRun {
  written: number;
  clientGone: boolean;
}

export interface TnsaiLiveServer {
  /** The streaming endpoint: `http://127.0.0.1:<port>/chat/stream`. */
  url: string;
  requests: TnsaiRecordedRequest[];
  /** Runs of the `long` script. */
  longRuns: TnsaiLongRun[];
  close(): Promise<void>;
}

export interface TnsaiLiveServerOptions {
  /** Delay between the default script's chunks (default 2 ms), so they arrive as separate reads. */
  writeDelayMs?: number;
}

export async function startTnsaiLiveServer(options: TnsaiLiveServerOptions = {}): Promise<TnsaiLiveServer> {
  const writeDelayMs = options.writeDelayMs ?? 2;
  const requests: TnsaiRecordedRequest[] = [];
  const longRuns: TnsaiLongRun[] = [];
  const sleeper = createSleeper();
  const sleep = (ms: number) => sleeper.sleep(ms);

  async function stream(res: ServerResponse, body: any): Promise<void> {
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
    res.flushHeaders();
    const line = (chunk: Record<string, unknown>) => {
      if (!res.destroyed) res.write(`${JSON.stringify(chunk)}\n`);
    };
    const start = { type: 'START', model: 'tns-mock', requestId: `req-${requests.length}` };
    const hello = [
      start,
      ...['Hello', ', ', 'world!'].map((content, chunkIndex) => ({ type: 'CONTENT', content, tokenCount: 1, chunkIndex })),
      { type: 'DONE', finishReason: 'STOP' },
    ];
    const lastUser = [...(body?.history ?? [])].reverse().find((entry: { role: string }) => entry.role === 'user')?.content;
    const answering = Array.isArray(body?.toolResults);
    const script = answering && lastUser === 'forever' ? 'forever' : answering ? 'answer' : String(body?.message ?? '').trim().toLowerCase();
    switch (script) {
      case 'answer':
        line(start);
        line({ type: 'CONTENT', content: `Found: ${JSON.stringify(body.toolResults[0].output)}` });
        line({ type: 'DONE', finishReason: 'STOP' });
        break;
      case 'tools':
        line(start);
        line({ type: 'CONTENT', content: 'Let me look.' });
        line({ type: 'TOOL_CALL', toolCall: { id: 'call-1', name: 'search', arguments: { q: 'notes' } }, content: 'search({"q":"notes"})' });
        line({ type: 'DONE', finishReason: 'TOOL_CALLS' });
        break;
      case 'forever':
        line(start);
        line({ type: 'TOOL_CALL', toolCall: { id: `call-${requests.length}`, name: 'search', arguments: { q: 'more' } } });
        line({ type: 'DONE', finishReason: 'TOOL_CALLS' });
        break;
      case 'filter':
        line(start);
        line({ type: 'CONTENT', content: 'I can' });
        line({ type: 'DONE', finishReason: 'CONTENT_FILTER' });
        break;
      case 'error':
        line(start);
        line({ type: 'CONTENT', content: 'Par' });
        line({ type: 'ERROR', content: 'rate limited' });
        break;
      case 'concat': {
        const bytes = Buffer.from(hello.map((chunk) => JSON.stringify(chunk)).join(''));
        for (let offset = 0; offset < bytes.length; offset += 7) {
          res.write(bytes.subarray(offset, offset + 7));
          await sleep(1);
        }
        break;
      }
      case 'cut':
        line(start);
        line({ type: 'CONTENT', content: 'Cut' });
        break;
      case 'long': {
        const run: TnsaiLongRun = { written: 0, clientGone: false };
        longRuns.push(run);
        res.on('close', () => {
          if (!res.writableFinished) run.clientGone = true;
        });
        line(start);
        for (let i = 0; i < 300 && !run.clientGone; i++) {
          line({ type: 'CONTENT', content: `word${i} ` });
          run.written++;
          await sleep(15);
        }
        if (!run.clientGone) line({ type: 'DONE', finishReason: 'STOP' });
        break;
      }
      default:
        for (const chunk of hello) {
          line(chunk);
          await sleep(writeDelayMs);
        }
    }
    res.end();
  }

  const { server, baseUrl } = await listenOnLoopback((req, res) => {
    void (async () => {
      const text = await readTextBody(req);
      const body = text ? JSON.parse(text) : undefined;
      const path = req.url ?? '/';
      requests.push({ path, headers: req.headers, body });
      if (path === '/fail') {
        res.writeHead(429, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'slow down', code: 'RATE_LIMIT' } }));
        return;
      }
      await stream(res, body);
    })().catch(() => res.destroy());
  });

  let closed: Promise<void> | undefined;
  return {
    url: `${baseUrl}/chat/stream`,
    requests,
    longRuns,
    close() {
      closed ??= new Promise<void>((resolve) => {
        sleeper.close();
        server.closeAllConnections();
        server.close(() => resolve());
      });
      return closed;
    },
  };
}
