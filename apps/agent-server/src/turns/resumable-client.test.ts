import { aguiTransport, aiSdkTransport, createAgentChat, genkitTransport, type AgentChat, type ConnectionState, type ResumableOptions, type Transport } from '@agent-chat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORY_TEXT } from './resume-support.js';
import { startTestServer, type TestServer } from '../test-support.js';
import { resumable } from '@agent-chat/core';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ tokenDelayMs: 0 });
});
afterAll(() => t.dispose());

const STORY = 'tell me a long story';

/** What a cut fetch does to the first turn POST: its body breaks off with a network error after `bytes` bytes. */
interface Cut {
  bytes: number;
  /** Reattach GETs fail as if the server were gone. */
  serverGone?: boolean;
}

/** A fetch that cuts the first POSTed turn's body after `cut.bytes` bytes, as a dropped connection does. */
function cuttingFetch(cut: Cut | null, log: string[]): typeof fetch {
  let cutDone = false;
  return async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    log.push(`${method} ${url.replace(/^http:\/\/[^/]+/, '')}`);
    if (method === 'GET' && cut?.serverGone) throw new TypeError('fetch failed');
    const response = await fetch(input, init);
    if (!cut || cutDone || method !== 'POST' || !response.body || url.endsWith('/cancel')) return response;
    cutDone = true;
    const reader = response.body.getReader();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        const room = cut.bytes - sent;
        if (value.byteLength < room) {
          sent += value.byteLength;
          return controller.enqueue(value);
        }
        if (room > 0) controller.enqueue(value.subarray(0, room));
        await reader.cancel();
        controller.error(new TypeError('terminated'));
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

type Make = (options: { fetch: typeof fetch; resumable: ResumableOptions }) => Transport;
const PROTOCOLS: Record<string, Make> = {
  genkit: (options) => genkitTransport({ url: t.server.agentUrl, ...options }),
  agui: (options) => aguiTransport({ url: t.server.aguiUrl, ...options }),
  aiSdk: (options) => aiSdkTransport({ url: t.server.aiSdkUrl, ...options }),
};

/** The state a user sees, without the ids that differ from chat to chat. */
function visible(chat: AgentChat) {
  const { messages, custom, artifacts, status, finishReason, error, interrupts } = chat.getState();
  return {
    messages: messages.map(({ role, content, status: messageStatus }) => ({ role, content, status: messageStatus })),
    custom, artifacts, status, finishReason, error: error?.code ?? null, interrupts,
  };
}

function connections(chat: AgentChat): ConnectionState[] {
  const seen: ConnectionState[] = [];
  chat.subscribe((state, previous) => {
    if (state.connection && state.connection !== previous.connection) seen.push(state.connection);
  });
  return seen;
}

/** Immediate retries, recording the waits asked for: no wall clock. */
function instantRetries(delays: number[]): ResumableOptions {
  return { sleep: async (ms, signal) => { delays.push(ms); signal.throwIfAborted(); } };
}

async function uncut(make: Make) {
  const chat = createAgentChat({ features: [resumable()], transport: make({ fetch, resumable: instantRetries([]) }) });
  const response = await chat.send(STORY);
  return { chat, response };
}

// Inside the status line, the first frames, a token, the middle, near the end.
const CUT_BYTES = [1, 17, 60, 150, 400, 777, 1500, 3000, 6000, 12000];

describe.each(Object.entries(PROTOCOLS))('%s: a resumable turn survives a dropped connection', (_name, make) => {
  let reference: Awaited<ReturnType<typeof uncut>>;
  beforeAll(async () => {
    reference = await uncut(make);
    expect(reference.response.text).toBe(STORY_TEXT);
  });

  it.each(CUT_BYTES)('cut after %i bytes: reattached, the final state equals an uncut run', async (bytes) => {
    const log: string[] = [];
    const delays: number[] = [];
    const chat = createAgentChat({ features: [resumable()], transport: make({ fetch: cuttingFetch({ bytes }, log), resumable: instantRetries(delays) }) });
    const seen = connections(chat);
    const response = await chat.send(STORY);
    expect(response.text).toBe(STORY_TEXT);
    expect(visible(chat)).toEqual(visible(reference.chat));
    expect(log.filter((line) => line.startsWith('GET'))).toHaveLength(1);
    expect(log.find((line) => line.startsWith('GET'))).toMatch(/\/turns\/[0-9a-f-]{36}\/stream$/);
    expect(delays).toEqual([1000]);
    expect(seen).toEqual(['reconnecting', 'open']);
  });

  it('gives up after the bounded retries: connection-lost, partial text kept, the next send works', async () => {
    const log: string[] = [];
    const delays: number[] = [];
    const chat = createAgentChat({ features: [resumable()], transport: make({ fetch: cuttingFetch({ bytes: 3000, serverGone: true }, log), resumable: instantRetries(delays) }) });
    const seen = connections(chat);
    const failed = await chat.send(STORY);
    expect(failed.finishReason).toBe('failed');
    expect(failed.error?.code).toBe('connection-lost');
    expect(delays).toEqual([1000, 2000, 4000, 8000, 15000]);
    expect(seen).toEqual(['reconnecting', 'closed']);
    const partial = chat.getState().messages.at(-1)!;
    expect(partial.role).toBe('model');
    expect(partial.status).toBe('failed');
    const text = partial.content.map((part) => ('text' in part ? part.text : '')).join('');
    expect(text.length).toBeGreaterThan(0);
    expect(STORY_TEXT.startsWith(text)).toBe(true);
    // Given up, the turn was cancelled on the server, so the next turn is not refused.
    expect(log.some((line) => /^POST .*\/turns\/[0-9a-f-]{36}\/cancel$/.test(line))).toBe(true);
    const next = await chat.send('help');
    expect(next.finishReason).toBe('stop');
    expect(chat.getState().status).toBe('ready');
    expect(chat.getState().connection).toBeUndefined();
  });

  it('stop() while reconnecting stops the turn locally and cancels it on the server', async () => {
    const log: string[] = [];
    let stop: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => { stop = resolve; });
    const chat = createAgentChat({ features: [resumable()],
      transport: make({
        fetch: cuttingFetch({ bytes: 1500 }, log),
        resumable: {
          sleep: (_ms, signal) => new Promise((_resolve, reject) => {
            stop();
            signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          }),
        },
      }),
    });
    const sent = chat.send(STORY);
    await waiting;
    expect(chat.getState().connection).toBe('reconnecting');
    await chat.stop();
    const response = await sent;
    expect(response.finishReason).toBe('aborted');
    expect(chat.getState().status).toBe('ready');
    expect(log.filter((line) => /\/cancel$/.test(line))).toHaveLength(1);
    expect(log.some((line) => line.startsWith('GET'))).toBe(false);
    const next = await chat.send('help');
    expect(next.finishReason).toBe('stop');
  });
});
