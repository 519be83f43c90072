// Sub-agent events vs the agent's own (issue 44): one turn of N text deltas streamed flat into the answer, or into a
// sub-agent run at depth 1 or 3 (a tool call's run, its call's run, ...), after a history of H messages, reduced into
// the chat store (its immer `produce` and reducer) in batches of 16 events, one store update each as one network read
// is. The store and reducer are the core's own modules; no transport or timers, so the figure is the reducer's.
// Usage: node --expose-gc --import tsx bench/nested-worker.mjs '{"deltas":20000,"history":1000,"runs":5}'
import { performance } from 'node:perf_hooks';
import { summarize } from './lib/stats.mjs';
import { loadInternals } from './lib/core.mjs';

const { deltas, history, runs = 5 } = JSON.parse(process.argv[2]);
const { createChatStore, initialChatState, reduceEvent, createTurnContext } = await loadInternals(['chat/state/store', 'chat/state/chat-state', 'chat/state/reducer', 'chat/turn/turn-context']);
const gc = globalThis.gc ?? (() => {});

const messages = Array.from({ length: history }, (_, index) => ({
  id: `h${index}`, role: index % 2 ? 'model' : 'user', status: 'done', content: [{ text: `message ${index} `.repeat(20) }],
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
    // Every 50 tokens a tool call of the run's own: the run's content grows as a real one does.
    if (index % 50 === 49) events.push({ type: 'tool-request', part: { toolRequest: { name: 'search', ref: `s${index}`, input: {} } }, ...(depth ? { within } : {}) });
    else events.push({ type: 'text-delta', text: 'tok ', ...(depth ? { within } : {}) });
  }
  events.push({ type: 'turn-end', finishReason: 'stop' });
  return events;
}

function once(events) {
  const store = createChatStore(initialChatState({ messages: [...messages, { id: 'u', role: 'user', status: 'done', content: [{ text: 'go' }] }] }));
  let id = 0;
  const turn = createTurnContext(history + 1, undefined, () => `n${id++}`);
  gc();
  const start = performance.now();
  for (let index = 0; index < events.length; index += 16) {
    const batch = events.slice(index, index + 16);
    store.update((draft) => {
      for (const event of batch) reduceEvent(draft, event, turn);
    });
  }
  const ms = performance.now() - start;
  if (store.getState().status !== 'ready' || !turn.ended) throw new Error('the turn did not end');
  return ms;
}

// Rounds alternate the depths (0, 1, 3, 0, 1, 3, …) so that the machine's drift under load hits each alike.
const depths = [0, 1, 3];
const turns = depths.map(turnOf);
for (const events of turns) once(events); // warm-up
const times = depths.map(() => []);
for (let round = 0; round < runs; round++) turns.forEach((events, index) => times[index].push(once(events)));
const rows = depths.map((depth, index) => {
  const wall = summarize(times[index]);
  return { depth, events: turns[index].length, wall, usPerEvent: (wall.median * 1000) / turns[index].length };
});
process.stdout.write(`${JSON.stringify({ deltas, history, runs, rows })}\n`);
