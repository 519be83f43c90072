// Benchmark 5: heap held by a 10,000-message conversation in the store, against the conversation's raw JSON size.
// Run with --expose-gc. Modes:
//   hydrate        createAgentChat({ state: { messages } }): the conversation loaded at once
//   streamed       5,000 real turns (user + streamed model reply, Genkit SSE via the fetch stub, a snapshotId per turn)
//   streamed-nosnap the same turns without snapshot ids (as AgentFlow, or a Genkit client-managed session)
//   aisdk-hydrate  for contrast: the AI SDK's Chat holding the same conversation as UIMessages
import { performance } from 'node:perf_hooks';
import { loadCore } from './lib/core.mjs';
import { chunk, streamOf } from './lib/net.mjs';

const { mode, messages: count = 10_000, deltasPerReply = 20 } = JSON.parse(process.argv[2]);
if (!globalThis.gc) throw new Error('run with --expose-gc');
const heap = () => { globalThis.gc(); globalThis.gc(); return process.memoryUsage().heapUsed; };

const userText = (i) => `Question ${i}: could you summarise the status of the project and list what is left to do?`;
const replyDelta = (i, d) => `Part ${d} of answer ${i}: the work is on track; `; // ~45 chars, × deltasPerReply
const replyText = (i) => Array.from({ length: deltasPerReply }, (_, d) => replyDelta(i, d)).join('');
/** The conversation in the wire shape (what a server would send back as history). */
const conversationJson = () => JSON.stringify(Array.from({ length: count }, (_, k) => {
  const i = k >> 1;
  return k % 2 === 0 ? { role: 'user', content: [{ text: userText(i) }] } : { role: 'model', content: [{ text: replyText(i) }] };
}));
const rawJsonBytes = Buffer.byteLength(conversationJson());

async function hydrate(core) {
  // The chat is created from freshly parsed JSON, and nothing else keeps that JSON: what is retained is the store's.
  return core.createAgentChat({ transport: { name: 'none', run() { throw new Error('unused'); } }, state: { messages: JSON.parse(conversationJson()), artifacts: [] } });
}

async function streamed(core, withSnapshots, turns = count / 2) {
  const encoder = new TextEncoder();
  let turn = 0;
  const fetch = async () => {
    const i = turn++;
    const frames = [];
    for (let d = 0; d < deltasPerReply; d++) frames.push({ message: { modelChunk: { role: 'model', index: 0, content: [{ text: replyDelta(i, d) }] } } });
    const snapshotId = withSnapshots ? `snap-${i}` : undefined;
    frames.push({ message: { turnEnd: { ...(snapshotId ? { snapshotId } : {}), finishReason: 'stop' } } });
    frames.push({ result: { message: { role: 'model', content: [{ text: replyText(i) }] }, finishReason: 'stop', ...(snapshotId ? { snapshotId } : {}) } });
    const bytes = encoder.encode(frames.map((f) => `data: ${JSON.stringify(f)}\n\n`).join(''));
    return new Response(streamOf(chunk(bytes, 16384)), { headers: { 'content-type': 'text/event-stream' } });
  };
  const chat = core.createAgentChat({ transport: core.genkitTransport({ url: 'http://bench.local/agent', fetch }) });
  for (let i = 0; i < turns; i++) {
    const response = await chat.send(userText(i));
    if (response.text !== replyText(i)) throw new Error(`turn ${i}: wrong reply`);
  }
  return chat;
}

async function aiSdkHydrate() {
  const { Chat } = await import('@ai-sdk/react');
  const wire = JSON.parse(conversationJson());
  return new Chat({ messages: wire.map((m, k) => ({ id: `m${k}`, role: m.role === 'model' ? 'assistant' : 'user', parts: [{ type: 'text', text: m.content[0].text }] })) });
}

const core = mode.startsWith('aisdk') ? null : await loadCore();
if (mode.startsWith('aisdk')) await import('@ai-sdk/react');
// Warm the code paths so compiled code is not counted as the conversation's.
if (core) await streamed(core, true, 50);
const before = heap();
const t0 = performance.now();
let chat = mode === 'hydrate' ? await hydrate(core)
  : mode === 'streamed' ? await streamed(core, true)
  : mode === 'streamed-nosnap' ? await streamed(core, false)
  : await aiSdkHydrate();
const ms = performance.now() - t0;
const after = heap();
// Check what is held: the right number of messages with the right text.
const held = core ? chat.getState().messages : chat.messages;
if (held.length !== count) throw new Error(`expected ${count} messages, got ${held.length}`);
const lastText = core ? held[count - 1].content.map((p) => p.text).join('') : held[count - 1].parts[0].text;
if (lastText !== replyText((count >> 1) - 1)) throw new Error('last message text is wrong');
const retained = after - before;
console.log(JSON.stringify({ mode, messages: count, rawJsonBytes, heapBytes: retained, ratio: retained / rawJsonBytes, buildMs: ms }));
chat = null;
