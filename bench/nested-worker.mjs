// Sub-agent events vs the agent's own (issue 44): one turn of N text deltas streamed flat into the answer, or into a
// sub-agent run at depth 1 or 3 (a tool call's run, its call's run, ...), after a history of H messages, through a
// chat made with the subAgents() feature: its turn loop reduces each batch of 16 events (one network read) in one
// store update, as for any transport. The transport hands the batches over without timers, so the figure is the chat's.
// `toolEvery`: a tool call of the run's own every that many events (default 50; 0: text only, the path's cost alone).
// Usage: node --expose-gc --import tsx bench/nested-worker.mjs '{"deltas":20000,"history":1000,"runs":5,"toolEvery":50}'
// Wall and CPU time (user + system of the process) per run; CPU time is less disturbed by the machine's other load.
import { performance } from 'node:perf_hooks';
import { summarize } from './lib/stats.mjs';
import { loadCore } from './lib/core.mjs';

const { deltas, history, runs = 5, toolEvery = 50 } = JSON.parse(process.argv[2]);
const { createAgentChat, subAgents } = await loadCore();
const gc = globalThis.gc ?? (() => {});

const messages = Array.from({ length: history }, (_, index) => ({
  role: index % 2 ? 'model' : 'user', content: [{ text: `message ${index} `.repeat(20) }],
}));

function turnOf(depth) {
  const within = Array.from({ length: depth }, (_, level) => `call-${level}`);
  const events = [];
  for (let level = 0; level < depth; level++) {
    const part = { toolRequest: { name: 'research', ref: within[level], input: {} } };
    events.push({ type: 'tool-request', part, ...(level ? { within: within.slice(0, level) } : {}) });
    events.push({ type: 'sub-agent-start', within: within.slice(0, level + 1), agent: 'researcher' });
  }
  for (let index = 0; index < deltas; index++) {
    // Every `toolEvery` tokens a tool call of the run's own: the run's content grows as a real one does. Each event its
    // own `within` array, as a decoder that reads it from each frame makes it.
    const target = depth ? { within: [...within] } : {};
    if (toolEvery && index % toolEvery === toolEvery - 1) events.push({ type: 'tool-request', part: { toolRequest: { name: 'search', ref: `s${index}`, input: {} } }, ...target });
    else events.push({ type: 'text-delta', text: 'tok ', ...target });
  }
  events.push({ type: 'turn-end', finishReason: 'stop' });
  const batches = [];
  for (let index = 0; index < events.length; index += 16) batches.push(events.slice(index, index + 16).map((event) => ({ raw: event, events: [event] })));
  return { events, batches };
}

/** A transport that hands over the turn's batches as fast as the chat takes them. */
const transportOf = (batches) => ({
  name: 'bench',
  async *run() {
    for (const batch of batches) yield batch;
  },
});

async function once({ batches }, depth) {
  const chat = createAgentChat({ transport: transportOf(batches), state: { messages }, features: [subAgents()] });
  gc();
  const cpu = process.cpuUsage();
  const start = performance.now();
  await chat.send('go');
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (chat.getState().status !== 'ready') throw new Error(`the turn ended ${chat.getState().status}`);
  // The nested turns really nested: a run holds the text.
  if (depth && !JSON.stringify(chat.getState().messages).includes('"subAgent"')) throw new Error('no run was kept');
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}

// Rounds alternate the depths (0, 1, 3, 0, 1, 3, …) so that the machine's drift under load hits each alike.
const depths = [0, 1, 3];
const turns = depths.map(turnOf);
for (const [index, turn] of turns.entries()) await once(turn, depths[index]); // warm-up
// The subAgents() feature's held path is a chunk of its own, loaded as a chat installs it; a turn from this transport
// never leaves the microtask queue, so the load is let finish here, as it does in a page while its request is under way.
await new Promise((resolve) => setTimeout(resolve, 100));
const times = depths.map(() => []);
for (let round = 0; round < runs; round++) for (const [index, turn] of turns.entries()) times[index].push(await once(turn, depths[index]));
const rows = depths.map((depth, index) => {
  const wall = summarize(times[index].map((time) => time.ms));
  const cpu = summarize(times[index].map((time) => time.cpuMs));
  const events = turns[index].events.length;
  return { depth, events, wall, cpu, usPerEvent: (wall.median * 1000) / events, cpuUsPerEvent: (cpu.median * 1000) / events };
});
process.stdout.write(`${JSON.stringify({ deltas, history, runs, toolEvery, rows })}\n`);
