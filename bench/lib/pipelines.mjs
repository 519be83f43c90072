// The pipelines of benchmark 1. Each: setup (untimed) → exec (timed: bytes → events → store) → check (untimed, throws on a wrong final state).
import { isDeepStrictEqual } from 'node:util';
import { chunk, fetchStub, streamOf } from './net.mjs';
import { ENCODERS, aiSdkChunks, expected } from './turn.mjs';
import { loadCore } from './core.mjs';

function assertEqual(label, actual, wanted) {
  if (!isDeepStrictEqual(actual, wanted)) {
    const show = (v) => { const s = JSON.stringify(v); return s === undefined ? String(v) : s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s; };
    throw new Error(`${label}: got ${show(actual)}, want ${show(wanted)}`);
  }
}

/** The same turn in the four protocols, cached per size. */
function material(spec) {
  const out = { expected: expected(spec) };
  // Encoded lazily: a worker encodes only the protocol it measures.
  for (const [name, encode] of Object.entries(ENCODERS)) {
    let value;
    Object.defineProperty(out, name, { get: () => (value ??= encode(spec)) });
  }
  return out;
}

const GENKIT_URL = 'http://bench.local/chatAgent';

/** `artifacts`: how the protocol's artifacts land in the store (a function of the expected ones), or false when it has none in the store. */
function checkCore(state, response, want, { artifacts }) {
  const last = state.messages[state.messages.length - 1];
  assertEqual('status', state.status, 'ready');
  assertEqual('messages', state.messages.map((m) => `${m.role}:${m.status}`), ['user:done', 'model:done']);
  assertEqual('final text length', last.content.map((p) => p.text ?? '').join('').length, want.text.length);
  assertEqual('final text', last.content.map((p) => p.text ?? '').join(''), want.text);
  assertEqual('response.text', response.text, want.text);
  assertEqual('custom state', state.custom, want.custom);
  assertEqual('artifacts', state.artifacts, artifacts ? artifacts(want.artifacts) : []);
  return { textLength: want.text.length, artifacts: state.artifacts.length };
}

function coreGenkit(spec, size) {
  const m = material(spec);
  const reads = chunk(m.genkit.bytes, size);
  let chat, stub, response;
  return {
    bytes: m.genkit.bytes.length,
    frames: m.genkit.frames,
    async setup() {
      const core = await loadCore();
      stub = fetchStub(reads, 'text/event-stream');
      chat = core.createAgentChat({ transport: core.genkitTransport({ url: GENKIT_URL, fetch: stub }) });
    },
    async exec() { response = await chat.send('go'); },
    check() { return checkCore(chat.getState(), response, m.expected, { artifacts: (a) => a }); },
  };
}

function coreAgentFlow(spec, size) {
  const m = material(spec);
  const reads = chunk(m.agentflow.bytes, size);
  let chat, stub, response;
  return {
    bytes: m.agentflow.bytes.length,
    frames: m.agentflow.frames,
    async setup() {
      const core = await loadCore();
      stub = fetchStub(reads, 'application/x-ndjson');
      chat = core.createAgentChat({ transport: core.agentFlowTransport({ url: 'http://bench.local', fetch: stub, responseGranularity: 'partial' }) });
    },
    async exec() { response = await chat.send('go'); },
    check() { return checkCore(chat.getState(), response, m.expected, { artifacts: false }); },
  };
}

/** Ours on the very bytes a peer consumes: `protocol` 'aisdk' (aiSdkTransport) or 'agui' (aguiTransport). */
function coreOnPeerBytes(protocol) {
  return (spec, size) => {
    const m = material(spec);
    const reads = chunk(m[protocol].bytes, size);
    let chat, response;
    return {
      bytes: m[protocol].bytes.length,
      frames: m[protocol].frames,
      async setup() {
        const core = await loadCore();
        const fetch = fetchStub(reads, 'text/event-stream');
        const transport = protocol === 'aisdk' ? core.aiSdkTransport({ api: 'http://bench.local/api/chat', fetch }) : core.aguiTransport({ url: 'http://bench.local/agent', fetch });
        chat = core.createAgentChat({ transport });
      },
      async exec() { response = await chat.send('go'); },
      check() {
        // The AI SDK's `data-artifact` parts and AG-UI's ACTIVITY_SNAPSHOT of type 'artifact' carry the artifact itself (the canonical `artifact-upsert`).
        const artifacts = (want) => want;
        return checkCore(chat.getState(), response, m.expected, { artifacts });
      },
    };
  };
}

async function aiSdk() {
  const [{ Chat }, ai] = await Promise.all([import('@ai-sdk/react'), import('ai')]);
  return { Chat, ai };
}

function checkAiSdk(chat, want) {
  assertEqual('status', chat.status, 'ready');
  assertEqual('error', chat.error, undefined);
  assertEqual('roles', chat.messages.map((m) => m.role), ['user', 'assistant']);
  const parts = chat.messages[1].parts;
  const text = parts.filter((p) => p.type === 'text').map((p) => p.text).join('');
  assertEqual('final text length', text.length, want.text.length);
  assertEqual('final text', text, want.text);
  assertEqual('custom state', parts.find((p) => p.type === 'data-state')?.data, want.custom);
  assertEqual('artifacts', parts.filter((p) => p.type === 'data-artifact').map((p) => p.data), want.artifacts);
  return { textLength: text.length, artifacts: parts.filter((p) => p.type === 'data-artifact').length };
}

/** `variant`: 'fetch' (DefaultChatTransport over the fetch stub), 'direct' (a transport parsing the bytes with the SDK's own parser, no fetch), 'objects' (pre-parsed chunks: the store alone). */
function aiSdkChat(variant) {
  return (spec, size) => {
    const m = material(spec);
    const reads = chunk(m.aisdk.bytes, size);
    const objects = variant === 'objects' ? aiSdkChunks(spec) : null;
    let chat;
    return {
      bytes: m.aisdk.bytes.length,
      frames: m.aisdk.frames,
      async setup() {
        const { Chat, ai } = await aiSdk();
        let transport;
        if (variant === 'fetch') {
          transport = new ai.DefaultChatTransport({ api: 'http://bench.local/api/chat', fetch: fetchStub(reads, 'text/event-stream') });
        } else if (variant === 'direct') {
          const parser = new ai.DefaultChatTransport();
          transport = { sendMessages: async () => parser.processResponseStream(streamOf(reads)), reconnectToStream: async () => null };
        } else {
          transport = { sendMessages: async () => streamOf(objects), reconnectToStream: async () => null };
        }
        chat = new Chat({ transport });
      },
      async exec() { await chat.sendMessage({ text: 'go' }); },
      check() { return checkAiSdk(chat, m.expected); },
    };
  };
}

function aguiHttp(spec, size) {
  const m = material(spec);
  const reads = chunk(m.agui.bytes, size);
  let agent;
  return {
    bytes: m.agui.bytes.length,
    frames: m.agui.frames,
    async setup() {
      const { HttpAgent } = await import('@ag-ui/client');
      agent = new HttpAgent({ url: 'http://bench.local/agent', threadId: 'bench-thread', fetch: fetchStub(reads, 'text/event-stream') });
    },
    async exec() { await agent.runAgent({ runId: 'bench-run' }); },
    check() {
      const want = m.expected;
      const text = agent.messages.find((msg) => msg.id === 'msg-bench');
      assertEqual('final text length', text?.content?.length, want.text.length);
      assertEqual('final text', text.content, want.text);
      assertEqual('custom state', agent.state, want.custom);
      assertEqual('artifacts', agent.messages.filter((msg) => msg.role === 'activity').map((msg) => msg.content), want.artifacts);
      return { textLength: text.content.length, artifacts: agent.messages.filter((msg) => msg.role === 'activity').length };
    },
  };
}

/**
 * Splits decoded text into records at `separator` ('\n\n' for SSE, '\n' for NDJSON) and calls `emit` with each record.
 * Only the new text is searched, and a record spanning many reads is kept as pieces and joined once, so the floor stays
 * linear in the bytes (appending to one string and searching it again would copy a long record on every read).
 */
function splitter(separator, emit) {
  let head = [];
  let previousEnd = ''; // the last char of the previous text, for a separator split across reads
  return (text) => {
    let start = 0;
    if (separator.length === 2 && previousEnd === '\n' && text.charCodeAt(0) === 10 && head.length > 0) {
      const record = head.join('');
      head = [];
      emit(record.slice(0, -1));
      start = 1;
    }
    let end;
    while ((end = text.indexOf(separator, start)) >= 0) {
      const piece = text.slice(start, end);
      if (head.length > 0) {
        head.push(piece);
        emit(head.join(''));
        head = [];
      } else emit(piece);
      start = end + separator.length;
    }
    if (start < text.length) head.push(start === 0 ? text : text.slice(start));
    previousEnd = text.length > 0 ? text[text.length - 1] : previousEnd;
  };
}

/** The floor: read the same reads, decode UTF-8, split frames, JSON.parse each frame's data. No store. */
function floorOf(protocol) {
  return (spec, size) => {
    const m = material(spec);
    const reads = chunk(m[protocol].bytes, size);
    let frames = 0, last;
    return {
      bytes: m[protocol].bytes.length,
      frames: m[protocol].frames,
      async setup() { frames = 0; last = undefined; },
      async exec() {
        const reader = streamOf(reads).getReader();
        const decoder = new TextDecoder();
        const push = protocol === 'genkit'
          ? splitter('\n\n', (record) => { last = JSON.parse(record.slice(6)); frames++; }) // after "data: "
          : splitter('\n', (record) => { last = JSON.parse(record); frames++; });
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          push(decoder.decode(value, { stream: true }));
        }
      },
      check() {
        assertEqual('frames', frames, m[protocol].frames);
        const text = protocol === 'genkit' ? last.result.message.content[0].text : last.message.content[0].text;
        assertEqual('final text', text, m.expected.text);
        return { textLength: text.length };
      },
    };
  };
}

export const PIPELINES = {
  'floor-genkit': { label: 'floor: JSON.parse per frame (Genkit SSE bytes)', make: floorOf('genkit') },
  'core-genkit': { label: 'ours: createAgentChat + genkitTransport (SSE)', make: coreGenkit },
  'core-agentflow': { label: 'ours: createAgentChat + agentFlowTransport (NDJSON)', make: coreAgentFlow },
  'floor-agentflow': { label: 'floor: JSON.parse per line (AgentFlow NDJSON bytes)', make: floorOf('agentflow') },
  'core-aisdk': { label: 'ours: createAgentChat + aiSdkTransport (the AI SDK bytes)', make: coreOnPeerBytes('aisdk') },
  'core-agui': { label: 'ours: createAgentChat + aguiTransport (the AG-UI bytes)', make: coreOnPeerBytes('agui') },
  'aisdk-direct': { label: 'AI SDK Chat, direct transport (SDK parser, no fetch)', make: aiSdkChat('direct') },
  'aisdk-fetch': { label: 'AI SDK Chat + DefaultChatTransport (fetch stub)', make: aiSdkChat('fetch') },
  'aisdk-objects': { label: 'AI SDK Chat, pre-parsed chunks (store only, no bytes)', make: aiSdkChat('objects') },
  'agui-http': { label: '@ag-ui/client HttpAgent.runAgent (fetch stub)', make: aguiHttp },
};
