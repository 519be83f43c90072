// One pipeline at one size and read size, in its own process: warm-up, N timed runs, each checked.
// Usage: node --expose-gc --import tsx bench/pipeline-worker.mjs '{"pipeline":"core-genkit","deltas":100000,"read":16384,"runs":5,"warmup":1,"budgetMs":60000}'
import { performance } from 'node:perf_hooks';
import { PIPELINES } from './lib/pipelines.mjs';
import { turnSpec } from './lib/turn.mjs';

const options = JSON.parse(process.argv[2]);
const { pipeline, deltas, read, runs = 5, warmup = 1, budgetMs = 60_000 } = options;
const entry = PIPELINES[pipeline];
if (!entry) throw new Error(`unknown pipeline ${pipeline}`);
const spec = turnSpec(deltas);
const instance = entry.make(spec, read);
const gc = globalThis.gc ?? (() => {});

// Peers log warnings through console; keep the worker's stdout for the result line.
const log = console.log;
console.log = console.warn = console.info = console.debug = () => {};

// options.profile: a .cpuprofile path; the profiler runs during the timed runs only (not setup, warm-up or checks).
let session;
async function profiler(method, params) {
  return new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
}
if (options.profile) {
  const { Session } = await import('node:inspector');
  session = new Session();
  session.connect();
  await profiler('Profiler.enable');
  await profiler('Profiler.setSamplingInterval', { interval: 100 });
}

const times = [];
const cpuTimes = []; // user+system CPU of the whole process (GC threads included) in the timed window: less sensitive to a busy machine than wall time
let check;
const started = performance.now();
for (let i = 0; i < warmup + runs; i++) {
  await instance.setup();
  gc();
  if (session && i >= warmup) await profiler('Profiler.start');
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await instance.exec();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  if (session && i >= warmup) {
    const { profile } = await profiler('Profiler.stop');
    (globalThis.__profiles ??= []).push(profile);
  }
  check = instance.check(); // throws when the pipeline did not reach the expected final state
  if (i >= warmup) {
    times.push(ms);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
  }
  // Keep to the budget: stop once another run would likely exceed it (at least one timed run is always made).
  if (times.length > 0 && performance.now() - started + ms > budgetMs) break;
}
if (session) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(options.profile, JSON.stringify(globalThis.__profiles));
}
log(JSON.stringify({ ...options, spec, bytes: instance.bytes, frames: instance.frames, times, cpuTimes, check, warmupSkipped: warmup }));
