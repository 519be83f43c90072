// Benchmark 4: the cost of one replace op against the size of the custom state (1k, 10k, 100k tasks).
// (a) applyCustomPatch alone; (b) through a whole Genkit turn (bytes → store) carrying 1,000 one-op patches;
// (c) for contrast, what a copy-the-document patcher costs: fast-json-patch applyPatch(mutateDocument=false), as @ag-ui/client applies STATE_DELTA.
import { performance } from 'node:perf_hooks';
import { applyPatch } from 'fast-json-patch/index.mjs';
import { loadCore } from './lib/core.mjs';
import { chunk, fetchStub } from './lib/net.mjs';
import { summarize } from './lib/stats.mjs';

// shape 'flat': { tasks: [n] }; shape 'grouped': { groups: [n/1000 × { tasks: [1000] }] } — same task count, smaller arrays on the patch's path.
const { tasks, shape = 'flat', iterations = 2000, turnRuns = 5, turnPatches = 1000, copyIterations = 20 } = JSON.parse(process.argv[2]);
const core = await loadCore();
const gc = globalThis.gc ?? (() => {});
const encoder = new TextEncoder();

const task = (i) => ({ id: `t${i}`, title: `Task number ${i}`, done: false, tags: ['a', 'b'] });
const GROUP = 1000;
const makeState = (n) => shape === 'flat'
  ? { status: 'working', tasks: Array.from({ length: n }, (_, i) => task(i)) }
  : { status: 'working', groups: Array.from({ length: Math.ceil(n / GROUP) }, (_, g) => ({ id: `g${g}`, tasks: Array.from({ length: Math.min(GROUP, n - g * GROUP) }, (_, j) => task(g * GROUP + j)) })) };
/** The JSON Pointer of task i's `done`, and a reader for it. */
const donePath = (i) => (shape === 'flat' ? `/tasks/${i}/done` : `/groups/${Math.floor(i / GROUP)}/tasks/${i % GROUP}/done`);
const doneOf = (doc, i) => (shape === 'flat' ? doc.tasks[i].done : doc.groups[Math.floor(i / GROUP)].tasks[i % GROUP].done);
const countOf = (doc) => (shape === 'flat' ? doc?.tasks?.length : doc?.groups?.reduce((sum, g) => sum + g.tasks.length, 0));
const stateBytes = JSON.stringify(makeState(tasks)).length;

// (a) applyCustomPatch, one replace op per call, each call on the previous result (as a turn does).
function direct() {
  let doc = core.applyCustomPatch(undefined, [{ op: 'replace', path: '', value: makeState(tasks) }]); // arrives like the first patch of a turn (frozen once, at arrival)
  const first = (() => {
    const fresh = makeState(tasks); // a document that never went through immer (e.g. hydrated from a snapshot)
    const t0 = performance.now();
    core.applyCustomPatch(fresh, [{ op: 'replace', path: donePath(0), value: true }]);
    return (performance.now() - t0) * 1000;
  })();
  const samples = [];
  for (let round = 0; round < 7; round++) {
    gc();
    const t0 = performance.now();
    for (let i = 0; i < iterations; i++) {
      doc = core.applyCustomPatch(doc, [{ op: 'replace', path: donePath((i * 7919) % tasks), value: i % 2 === 0 }]);
    }
    samples.push(((performance.now() - t0) * 1000) / iterations);
  }
  if (countOf(doc) !== tasks || doneOf(doc, ((iterations - 1) * 7919) % tasks) !== ((iterations - 1) % 2 === 0)) throw new Error('direct patch: wrong document');
  return { perOpUs: summarize(samples), firstOnUnfrozenUs: first };
}

// (b) a whole turn: the state is set by a first turn (untimed); the timed turn streams `turnPatches` one-op patches.
function sse(values) {
  return encoder.encode(values.map((v) => `data: ${JSON.stringify(v)}\n\n`).join(''));
}
async function throughTurn() {
  const setupBytes = sse([
    { message: { customPatch: [{ op: 'replace', path: '', value: makeState(tasks) }] } },
    { message: { turnEnd: { snapshotId: 's1', finishReason: 'stop' } } },
    { result: { message: { role: 'model', content: [{ text: 'ok' }] }, finishReason: 'stop', snapshotId: 's1' } },
  ]);
  const frames = [];
  for (let k = 0; k < turnPatches; k++) {
    frames.push({ message: { customPatch: [{ op: 'replace', path: donePath((k * 7919) % tasks), value: true }] } });
    frames.push({ message: { modelChunk: { role: 'model', index: 0, content: [{ text: 'x' }] } } });
  }
  frames.push({ message: { turnEnd: { snapshotId: 's2', finishReason: 'stop' } } });
  frames.push({ result: { message: { role: 'model', content: [{ text: 'x'.repeat(turnPatches) }] }, finishReason: 'stop', snapshotId: 's2' } });
  const turnBytes = sse(frames);
  const samples = [];
  for (let run = 0; run < turnRuns + 1; run++) {
    let second = false;
    const setupReads = chunk(setupBytes, 16384);
    const turnReads = chunk(turnBytes, 16384);
    const setupFetch = fetchStub(setupReads, 'text/event-stream');
    const turnFetch = fetchStub(turnReads, 'text/event-stream');
    const fetch = (url, init) => (second ? turnFetch(url, init) : setupFetch(url, init));
    const chat = core.createAgentChat({ transport: core.genkitTransport({ url: 'http://bench.local/agent', fetch }) });
    await chat.send('set up');
    if (countOf(chat.getState().custom) !== tasks) throw new Error('turn: setup did not set the state');
    second = true;
    gc();
    const t0 = performance.now();
    const response = await chat.send('patch');
    const ms = performance.now() - t0;
    const state = chat.getState();
    if (state.status !== 'ready' || response.text.length !== turnPatches) throw new Error(`turn: ended ${state.status} ${state.error?.message}`);
    for (let k = 0; k < turnPatches; k++) if (doneOf(state.custom, (k * 7919) % tasks) !== true) throw new Error('turn: a patch was not applied');
    if (run > 0) samples.push((ms * 1000) / turnPatches);
  }
  return { perPatchUs: summarize(samples) };
}

// (c) the copy-the-document contrast.
function copying() {
  let doc = makeState(tasks);
  const samples = [];
  for (let i = 0; i < copyIterations; i++) {
    const t0 = performance.now();
    doc = applyPatch(doc, [{ op: 'replace', path: donePath((i * 7919) % tasks), value: true }], true, false).newDocument;
    samples.push((performance.now() - t0) * 1000);
  }
  if (countOf(doc) !== tasks) throw new Error('copy patch: wrong document');
  return { perOpUs: summarize(samples) };
}

const result = { tasks, shape, stateBytes, direct: direct(), turn: await throughTurn(), copy: copying() };
console.log(JSON.stringify(result));
