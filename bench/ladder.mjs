// Where the time goes, stage by stage, for one protocol through our core (a diagnostic, not part of RESULTS.md).
// Usage: node --expose-gc --import ./bench/lib/register.mjs bench/ladder.mjs [genkit|agentflow] [deltas=100000] [read=16384] [runs=7]
import { performance } from 'node:perf_hooks';
import { loadCore } from './lib/core.mjs';
import { chunk, fetchStub, streamOf } from './lib/net.mjs';
import { agentFlowBytes, genkitBytes, turnSpec } from './lib/turn.mjs';
import { summarize } from './lib/stats.mjs';

const [protocol = 'genkit', deltas = '100000', read = '16384', runs = '7'] = process.argv.slice(2);
const core = await loadCore();
const spec = turnSpec(Number(deltas));
const { bytes, frames } = protocol === 'genkit' ? genkitBytes(spec) : agentFlowBytes(spec);
const reads = chunk(bytes, Number(read));
const framer = () => (protocol === 'genkit' ? core.createSseFramer() : core.createNdjsonFramer());
const decoder = () => (protocol === 'genkit' ? core.createGenkitDecoder() : core.createAgentFlowDecoder());
const transport = (fetch) => (protocol === 'genkit' ? core.genkitTransport({ url: 'http://bench.local/a', fetch }) : core.agentFlowTransport({ url: 'http://bench.local', fetch }));

const stages = {
  'read + UTF-8 decode': async () => {
    const reader = streamOf(reads).getReader();
    const d = new TextDecoder();
    let n = 0;
    for (;;) { const { done, value } = await reader.read(); if (done) break; n += d.decode(value, { stream: true }).length; }
    return n;
  },
  '+ framing and JSON.parse (readFrames + framer)': async () => {
    let n = 0;
    for await (const batch of core.readFrames(streamOf(reads), framer())) n += batch.length;
    if (n !== frames) throw new Error(`framed ${n} of ${frames}`);
    return n;
  },
  '+ dialect decode (events)': async () => {
    const dec = decoder();
    let n = 0;
    for await (const batch of core.readFrames(streamOf(reads), framer())) for (const f of batch) n += dec.decode(f).length;
    return n + dec.end().length;
  },
  '+ transport (fetch stub, Response, streamTurn)': async () => {
    let n = 0;
    for await (const batch of transport(fetchStub(reads, 'text/event-stream')).run({ input: { message: { role: 'user', content: [{ text: 'go' }] } }, history: [], sessionId: null, snapshotId: null, state: null, custom: undefined, interrupts: [] }, new AbortController().signal)) n += batch.length;
    return n;
  },
  '+ reducer and store (createAgentChat.send)': async () => {
    const chat = core.createAgentChat({ transport: transport(fetchStub(reads, 'text/event-stream')) });
    const response = await chat.send('go');
    if (chat.getState().status !== 'ready' || response.text.length === 0) throw new Error('turn failed');
    return response.text.length;
  },
};
console.log(`${protocol}: ${deltas} deltas, ${(bytes.length / 2 ** 20).toFixed(1)} MiB, ${read} B reads; wall / CPU ms, median of ${runs} (after one warm-up)`);
for (const [name, stage] of Object.entries(stages)) {
  const wall = [], cpu = [];
  for (let i = 0; i <= Number(runs); i++) {
    globalThis.gc?.();
    const c0 = process.cpuUsage(), t0 = performance.now();
    await stage();
    const t = performance.now() - t0, c = process.cpuUsage(c0);
    if (i > 0) { wall.push(t); cpu.push((c.user + c.system) / 1000); }
  }
  const w = summarize(wall), c = summarize(cpu);
  console.log(`${name.padEnd(48)} ${w.median.toFixed(0).padStart(5)} (${w.min.toFixed(0)}–${w.max.toFixed(0)})  cpu ${c.median.toFixed(0).padStart(5)}`);
}
