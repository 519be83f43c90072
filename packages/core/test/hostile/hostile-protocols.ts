/**
 * The five protocols as the hostile suite drives them: a transport over a given fetch, how a wire value is framed,
 * a whole valid turn (model text "ok", finish stop), and a frame that carries a given JSON text into the store
 * (custom state, an artifact, or a tool call's input). JSON is written as text: a value nested thousands of levels
 * deep cannot go through JSON.stringify.
 */
import {
  agentFlowTransport, aguiTransport, aiSdkTransport, genkitTransport, tnsaiTransport, type AgentChatOptions, type ProtocolName, type Transport,
} from '../../src/index.js';

export interface HostileProtocol {
  name: ProtocolName;
  framing: 'sse' | 'ndjson';
  transport(fetch: typeof globalThis.fetch): Transport;
  /** One wire value (JSON text) as a frame. */
  frame(json: string): string;
  /** Frames of a complete turn answering "ok" and ending stop. */
  okTurn(): string;
  /** Frames that put the JSON text into the store (custom state, or the nearest thing the protocol has). */
  carry(json: string): string;
  /** A frame this protocol ignores (an unknown chunk), padded to about `size` characters. */
  ignored(size: number): string;
}

const sse = (json: string) => `data: ${json}\n\n`;
const line = (json: string) => `${json}\n`;
const URL = 'http://agent.test';

export const PROTOCOLS: HostileProtocol[] = [
  {
    name: 'genkit',
    framing: 'sse',
    transport: (fetch) => genkitTransport({ url: `${URL}/chatAgent`, fetch }),
    frame: sse,
    okTurn: () =>
      sse('{"message":{"modelChunk":{"role":"model","index":0,"content":[{"text":"ok"}]}}}') +
      sse('{"result":{"finishReason":"stop","message":{"role":"model","content":[{"text":"ok"}]}}}'),
    carry: (json) => sse(`{"message":{"customPatch":[{"op":"replace","path":"","value":${json}}]}}`) + sse(`{"message":{"artifact":{"name":"a","parts":[{"data":${json}}]}}}`),
    ignored: (size) => sse(`{"message":{"pad":"${'x'.repeat(Math.max(0, size - 30))}"}}`),
  },
  {
    name: 'agentflow',
    framing: 'ndjson',
    transport: (fetch) => agentFlowTransport({ url: URL, fetch }),
    frame: line,
    okTurn: () => line('{"event":"message","message":{"role":"assistant","content":[{"type":"text","text":"ok"}],"delta":false},"thread_id":"t-1"}'),
    carry: (json) => line(`{"event":"updates","state":{"tasks":${json}},"thread_id":"t-1"}`),
    ignored: (size) => line(`{"event":"ping","pad":"${'x'.repeat(Math.max(0, size - 30))}"}`),
  },
  {
    name: 'agui',
    framing: 'sse',
    transport: (fetch) => aguiTransport({ url: `${URL}/agent`, fetch }),
    frame: sse,
    okTurn: () =>
      sse('{"type":"RUN_STARTED","threadId":"t1","runId":"r1"}') +
      sse('{"type":"TEXT_MESSAGE_START","messageId":"m1","role":"assistant"}') +
      sse('{"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"ok"}') +
      sse('{"type":"TEXT_MESSAGE_END","messageId":"m1"}') +
      sse('{"type":"RUN_FINISHED","threadId":"t1","runId":"r1"}'),
    carry: (json) => sse(`{"type":"STATE_SNAPSHOT","snapshot":${json}}`),
    ignored: (size) => sse(`{"type":"X_UNKNOWN","pad":"${'x'.repeat(Math.max(0, size - 30))}"}`),
  },
  {
    name: 'ai-sdk',
    framing: 'sse',
    transport: (fetch) => aiSdkTransport({ url: `${URL}/api/chat`, fetch }),
    frame: sse,
    okTurn: () =>
      sse('{"type":"start"}') +
      sse('{"type":"text-start","id":"t1"}') +
      sse('{"type":"text-delta","id":"t1","delta":"ok"}') +
      sse('{"type":"text-end","id":"t1"}') +
      sse('{"type":"finish","finishReason":"stop"}') +
      sse('[DONE]'),
    carry: (json) => sse(`{"type":"data-state","data":${json},"transient":true}`) + sse(`{"type":"data-artifact","id":"a","data":{"name":"a","parts":[{"data":${json}}]}}`),
    ignored: (size) => sse(`{"type":"x-unknown","pad":"${'x'.repeat(Math.max(0, size - 30))}"}`),
  },
  {
    name: 'tnsai',
    framing: 'ndjson',
    transport: (fetch) => tnsaiTransport({ url: `${URL}/chat/stream`, fetch }),
    frame: line,
    okTurn: () => line('{"type":"CONTENT","content":"ok"}') + line('{"type":"DONE","finishReason":"STOP"}'),
    carry: (json) => line(`{"type":"TOOL_CALL","toolCall":{"id":"c1","name":"t","arguments":${json}}}`),
    ignored: (size) => line(`{"type":"PING","pad":"${'x'.repeat(Math.max(0, size - 30))}"}`),
  },
];

/** JSON text nested `depth` levels: objects, arrays, or both alternating. */
export function nestedJson(depth: number, shape: 'object' | 'array' | 'mixed' = 'mixed'): string {
  const open = (level: number) => (shape === 'array' || (shape === 'mixed' && level % 2) ? '[' : '{"a":');
  let head = '';
  let tail = '';
  for (let level = 0; level < depth; level++) {
    const opener = open(level);
    head += opener;
    tail = (opener === '[' ? ']' : '}') + tail;
  }
  return `${head}1${tail}`;
}

export const encode = (text: string) => new TextEncoder().encode(text);

/** A body the test feeds: bytes as they are given, and whether the client cancelled it. */
export interface ControlledBody {
  stream: ReadableStream<Uint8Array>;
  push(text: string): void;
  close(): void;
  readonly cancelled: boolean;
}

export function controlledBody(): ControlledBody {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  let closed = false;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      cancelled = true;
    },
  });
  return {
    stream,
    push: (text) => {
      if (!cancelled && !closed) controller.enqueue(encode(text));
    },
    close: () => {
      if (!cancelled && !closed) controller.close();
      closed = true;
    },
    get cancelled() {
      return cancelled;
    },
  };
}

/** A fetch that answers the n-th streaming request with `bodies(n)` and records every request; stop calls get `{}`. */
export function hostileFetch(bodies: (turn: number) => ReadableStream<Uint8Array> | string) {
  const calls: Array<{ url: string; body: any }> = [];
  let turn = 0;
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (/\/(abort|stop)$/.test(String(url))) return new Response('{}', { headers: { 'Content-Type': 'application/json' } });
    const body = bodies(turn++);
    return new Response(typeof body === 'string' ? encode(body) : body);
  }) as typeof globalThis.fetch;
  return Object.assign(fetch, { calls });
}

export type ChatLimits = Pick<AgentChatOptions, 'maxDepth' | 'maxFrameBytes' | 'timeout' | 'idleTimeout'>;
