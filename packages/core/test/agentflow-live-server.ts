/**
 * A real HTTP server (node:http) speaking AgentFlow's streaming API as its `stream()` reference
 * (`AgentFlowClient.stream()`) describes it, for live interop tests. Offline and
 * deterministic: the "graph" is a script keyed on the last user message text.
 *
 *   const server = await startAgentFlowLiveServer({ token: 'secret' });
 *   agentFlowTransport({ url: server.baseUrl, auth: 'secret' });
 *   ...
 *   await server.close();
 *
 * Endpoints
 *   POST /v1/graph/stream  body StreamRequest {messages, initial_state?, config?,
 *                          recursion_limit?, response_granularity?}; answers NDJSON
 *                          StreamChunks with `Content-Type: text/event-stream` (as the
 *                          seed says the real server does).
 *   POST /v1/graph/stop    body {thread_id}; stops that thread's running graph.
 *   With `{token}`, both require `Authorization: Bearer <token>`, else
 *   401 {"detail":"Missing or invalid auth"}.
 *
 * Threads: without `config.thread_id` a new thread is created; every chunk carries
 * `thread_id`, the first one also `metadata: {is_new_thread, thread_id}`. The server
 * keeps each thread's messages (the request's, then the assistant's final message).
 * Like AgentFlow, a stream first echoes the request's messages (role user/tool) back.
 *
 * Scripts (last user message text; a request with only tool results is a resume):
 *   (anything) -> deltas "The", " capital", " of France is Paris." then the delta:false
 *                 final message, then (granularity partial/full) `updates` with state
 *                 {context, context_summary, execution_meta, tasks} (full: also `state`).
 *   concat     -> the same shape with the text "The capital of France is Paris — é 世界."
 *                 written as concatenated JSON objects with no newline anywhere in the body, split at
 *                 odd byte positions (some inside a multi-byte UTF-8 character) over many writes.
 *   error      -> one delta, then two `{"event":"error","data":{...,reason}}` chunks (the
 *                 real server's error shape), then the stream ends.
 *   interrupt  -> a final message "Shall I book it?", then (partial/full) a final `updates`
 *                 with execution_meta {is_interrupted: true, status: 'interrupted_after',
 *                 interrupted_node: 'approve', interrupt_data: {question: 'Proceed?'}}.
 *   (resume)   -> "Resumed with <output>." where output is the tool_result's output.
 *   long       -> `word<i> ` deltas, 200 of them, `tokenDelayMs` (20) apart. As with real
 *                 AgentFlow, a client disconnect does not stop the graph; only
 *                 `/v1/graph/stop` for that thread (or close()) does. See `runs`/`stops`.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createSleeper, listenOnLoopback, readJsonBody, sendJson } from './http-test-server.js';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: any;
}

export interface AgentFlowRun {
  threadId: string;
  script: string;
  /** Assistant deltas written (or, after a client disconnect, generated). */
  deltas: number;
  /** Writes of the response body (the concat script splits its bytes over many). */
  writes: number;
  /** How the run ended; null while it runs. */
  endedBy: 'complete' | 'stop' | 'close' | null;
  /** The client went away before the run ended. */
  clientGone: boolean;
}

export interface AgentFlowStopRecord {
  threadId: string;
  /** A run of that thread was still going when the stop arrived (and the stop ended it). */
  stoppedRun: boolean;
}

export interface AgentFlowLiveServer {
  baseUrl: string;
  /** Every request, in arrival order (also the rejected ones). */
  requests: RecordedRequest[];
  /** Stream runs, in order. */
  runs: AgentFlowRun[];
  /** `/v1/graph/stop` requests that passed auth. */
  stops: AgentFlowStopRecord[];
  /** Messages per thread, as the server keeps them. */
  threads: Map<string, { messages: any[] }>;
  close(): Promise<void>;
}

export interface AgentFlowLiveServerOptions {
  /** Require `Authorization: Bearer <token>`. */
  token?: string;
  /** Delay between the "long" script's deltas (default 20 ms). */
  tokenDelayMs?: number;
  /** Delay between the writes of the short scripts (default 2 ms), so they arrive as separate reads. */
  writeDelayMs?: number;
}

type Granularity = 'low' | 'partial' | 'full';

const FINAL_TEXT = 'The capital of France is Paris.';
const DELTAS = ['The', ' capital', ' of France is Paris.'];
const CONCAT_DELTAS = ['The', ' capital', ' of France is Paris — é 世界.'];
const TASKS = [{ id: 1, title: 'Answer the question', done: true }];

function textOf(message: any): string {
  const content = Array.isArray(message?.content) ? message.content : [];
  return content.map((block: any) => (block?.type === 'text' && typeof block.text === 'string' ? block.text : '')).join('');
}

/** Byte offsets to split `bytes` at: odd positions, plus the middle of every multi-byte UTF-8 character. */
function oddSplits(bytes: Buffer): number[] {
  const offsets = new Set<number>();
  for (let offset = 7; offset < bytes.length; offset += 53) offsets.add(offset);
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index]!;
    // a lead byte of a 2-, 3- or 4-byte sequence: split right after it, inside the character
    if (byte >= 0xc0) offsets.add(index + 1);
  }
  return [...offsets].filter((offset) => offset > 0 && offset < bytes.length).sort((a, b) => a - b);
}

export async function startAgentFlowLiveServer(options: AgentFlowLiveServerOptions = {}): Promise<AgentFlowLiveServer> {
  const tokenDelayMs = options.tokenDelayMs ?? 20;
  const writeDelayMs = options.writeDelayMs ?? 2;
  const requests: RecordedRequest[] = [];
  const runs: AgentFlowRun[] = [];
  const stops: AgentFlowStopRecord[] = [];
  const threads = new Map<string, { messages: any[] }>();
  /** Running runs by thread id: calling the function ends the run. */
  const running = new Map<string, (by: 'stop' | 'close') => void>();
  /** Pending sleeps: close() wakes them, so nothing outlives the server. */
  const sleeper = createSleeper();
  const wait = (ms: number) => sleeper.sleep(ms);

  async function stream(req: IncomingMessage, res: ServerResponse, body: any): Promise<void> {
    const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
    const granularity: Granularity = ['low', 'partial', 'full'].includes(body?.response_granularity) ? body.response_granularity : 'low';
    const requested = typeof body?.config?.thread_id === 'string' ? body.config.thread_id : typeof body?.config?.thread_id === 'number' ? String(body.config.thread_id) : undefined;
    const threadId = requested ?? randomUUID();
    const isNewThread = !threads.has(threadId);
    const thread = threads.get(threadId) ?? { messages: [] };
    threads.set(threadId, thread);
    thread.messages.push(...messages);

    const lastUser = [...messages].reverse().find((message) => message?.role === 'user');
    const toolResult = messages.flatMap((message) => (message?.role === 'tool' && Array.isArray(message.content) ? message.content : [])).find((block: any) => block?.type === 'tool_result');
    const prompt = lastUser ? textOf(lastUser).trim().toLowerCase() : '';
    const script = !lastUser && toolResult ? 'resume' : ['concat', 'error', 'interrupt', 'long'].includes(prompt) ? prompt : 'normal';

    const run: AgentFlowRun = { threadId, script, deltas: 0, writes: 0, endedBy: null, clientGone: false };
    runs.push(run);
    const runId = randomUUID();
    let stopped: 'stop' | 'close' | null = null;
    let wake: (() => void) | null = null;
    running.get(threadId)?.('stop'); // a new run on a thread replaces the old one
    const end = (by: 'stop' | 'close') => {
      stopped = by;
      wake?.();
    };
    running.set(threadId, end);
    res.on('close', () => {
      if (!res.writableFinished) run.clientGone = true;
    });

    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    res.flushHeaders();

    let first = true;
    const chunk = (fields: Record<string, unknown>): Record<string, unknown> => {
      const value: Record<string, unknown> = { ...fields, thread_id: threadId, run_id: runId, timestamp: Date.now() / 1000 };
      if (first) value.metadata = { ...(fields.metadata as object | undefined), is_new_thread: isNewThread, thread_id: threadId };
      first = false;
      return value;
    };
    const write = (text: string | Buffer) => {
      if (res.destroyed || res.writableEnded) return;
      run.writes++;
      res.write(text);
    };
    const send = async (fields: Record<string, unknown>, delay = writeDelayMs) => {
      write(JSON.stringify(chunk(fields)) + '\n');
      if (delay > 0) await wait(delay);
    };
    // Sleeps, but wakes at once when the run is stopped (or the server closes).
    const pause = async (ms: number) => {
      if (stopped) return;
      await sleeper.sleep(ms, (wakeUp) => {
        wake = wakeUp;
      });
      wake = null;
    };

    const assistantId = `msg-${randomUUID()}`;
    const assistant = (content: unknown[], delta: boolean) => ({
      event: 'message',
      message: { message_id: assistantId, role: 'assistant', content, delta, metadata: { provider: 'scripted', node_name: 'MAIN' } },
    });
    const text = (value: string) => ({ type: 'text', text: value, annotations: [] });
    const executionMeta = (step: number, extra: Record<string, unknown> = {}) => ({
      current_node: 'END', step, status: 'completed', is_interrupted: false, interrupted_node: null,
      interrupt_reason: null, interrupt_data: null, thread_id: threadId, ...extra,
    });
    const stateChunks = (final: any, meta: Record<string, unknown>) => {
      if (granularity === 'low') return [];
      const state = { context: [...thread.messages, final], context_summary: null, execution_meta: meta, tasks: TASKS };
      const out: Record<string, unknown>[] = [{ event: 'updates', state, data: { status: 'graph_invoked', node: 'END', step: meta.step } }];
      if (granularity === 'full') out.push({ event: 'state', state, metadata: { node: 'END', step: meta.step } });
      return out;
    };
    const remember = (final: any) => thread.messages.push(final);

    // Like AgentFlow, echo the request's messages first.
    const echoes = messages.map((message) => ({ event: 'message', message, metadata: { status: 'invoking_graph', reason: 'initial human message' } }));
    if (script !== 'concat') for (const echo of echoes) await send(echo, 0);

    switch (script) {
      case 'normal': {
        for (const delta of DELTAS) {
          await send(assistant([text(delta)], true));
          run.deltas++;
        }
        const final = assistant([text(FINAL_TEXT)], false);
        await send(final);
        remember(final.message);
        for (const update of stateChunks(final.message, executionMeta(1))) await send(update);
        break;
      }
      case 'concat': {
        const final = assistant([text(CONCAT_DELTAS.join(''))], false);
        const values = [...echoes, ...CONCAT_DELTAS.map((delta) => assistant([text(delta)], true)), final, ...stateChunks(final.message, executionMeta(1))];
        const bytes = Buffer.from(values.map((value) => JSON.stringify(chunk(value))).join(''), 'utf8');
        let start = 0;
        for (const offset of [...oddSplits(bytes), bytes.length]) {
          write(bytes.subarray(start, offset));
          start = offset;
          await wait(1);
        }
        run.deltas += CONCAT_DELTAS.length;
        remember(final.message);
        break;
      }
      case 'error': {
        await send(assistant([text('Let me check')], true));
        run.deltas++;
        await send({ event: 'error', data: { status: 'invoked_graph', node: 'MAIN', step: 0, max_steps: 25, reason: 'model exploded' } });
        await send({ event: 'error', data: { status: 'invoked_graph', node: 'MAIN', step: 0, max_steps: 25, reason: 'second failure' } });
        break;
      }
      case 'interrupt': {
        const final = assistant([text('Shall I book it?')], false);
        await send(final);
        remember(final.message);
        const meta = executionMeta(2, {
          current_node: 'approve', status: 'interrupted_after', is_interrupted: true, interrupted_node: 'approve',
          interrupt_reason: 'needs approval', interrupt_data: { question: 'Proceed?' },
        });
        for (const update of stateChunks(final.message, meta)) await send(update);
        break;
      }
      case 'resume': {
        const output = toolResult?.output;
        const final = assistant([text(`Resumed with ${typeof output === 'string' ? output : JSON.stringify(output)}.`)], false);
        await send(final);
        remember(final.message);
        for (const update of stateChunks(final.message, executionMeta(3))) await send(update);
        break;
      }
      case 'long': {
        let story = '';
        for (let index = 0; index < 200 && !stopped; index++) {
          const word = `word${index} `;
          story += word;
          await send(assistant([text(word)], true), 0);
          run.deltas++;
          await pause(tokenDelayMs);
        }
        if (!stopped) {
          const final = assistant([text(story)], false);
          await send(final, 0);
          remember(final.message);
        }
        break;
      }
    }
    run.endedBy = stopped ?? 'complete';
    if (running.get(threadId) === end) running.delete(threadId);
    if (!res.destroyed && !res.writableEnded) res.end();
  }

  const http = await listenOnLoopback((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      const body = await readJsonBody(req);
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      if (options.token !== undefined && req.headers.authorization !== `Bearer ${options.token}`) {
        sendJson(res, 401, { detail: 'Missing or invalid auth' });
        return;
      }
      if (req.method !== 'POST' || (path !== '/v1/graph/stream' && path !== '/v1/graph/stop')) {
        sendJson(res, 404, { detail: 'Not Found' });
        return;
      }
      if (body === undefined || typeof body !== 'object') {
        sendJson(res, 422, { detail: 'The body must be a JSON object' });
        return;
      }
      if (path === '/v1/graph/stop') {
        const threadId = typeof body.thread_id === 'string' ? body.thread_id : '';
        if (!threadId) {
          sendJson(res, 422, { detail: 'thread_id is required' });
          return;
        }
        const stop = running.get(threadId);
        stops.push({ threadId, stoppedRun: stop !== undefined });
        stop?.('stop');
        sendJson(res, 200, {
          data: { success: true, message: stop ? 'Graph execution stopped' : 'No running execution', thread_id: threadId, stopped_at: new Date().toISOString() },
          metadata: { request_id: randomUUID(), timestamp: new Date().toISOString(), message: 'OK' },
        });
        return;
      }
      if (sleeper.closed) {
        sendJson(res, 503, { detail: 'Shutting down' });
        return;
      }
      await stream(req, res, body);
    })().catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { detail: String(error) });
      else res.destroy();
    });
  }, {
    onClose() {
      sleeper.close();
      for (const stop of [...running.values()]) stop('close');
    },
  });

  return {
    baseUrl: http.baseUrl,
    requests,
    runs,
    stops,
    threads,
    close: () => http.close(),
  };
}
