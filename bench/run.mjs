#!/usr/bin/env node
// npm run bench [-- --json] [--quick] [--only=pipeline|patch|memory|nested|server] [--no-write] [--no-agui-100k]
//   section 7 (server): [--server-sizes=10,100] [--server-protocols=genkit,agui,ai-sdk] [--server-before=<sources dir>]
//   [--server-new-connections] (the clients open their connections in the burst: server/load.mjs)
// Runs every measurement in its own Node process (node --expose-gc --import ./bench/lib/register.mjs …), one at a
// time, and writes bench/RESULTS.md. --json prints the results as JSON on stdout (progress goes to stderr).
import { spawn } from 'node:child_process';
import { cpus, loadavg, platform, arch, totalmem } from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { summarize } from './lib/stats.mjs';
import { childOutput } from './lib/child-output.mjs';
import { PIPELINES } from './lib/pipelines.mjs';
import { serverConfigs, serverSection, serverSizes, startBenchRedis } from './server/section.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const option = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const json = flag('json');
const quick = flag('quick');
const only = option('only')?.split(',');
const wants = (section) => !only || only.includes(section);
const log = (...args) => process.stderr.write(`${args.join(' ')}\n`);

const READS = { '16 KiB': 16384, '1.5 KiB': 1536 };
const BIG = quick ? 20_000 : 100_000;
const SMALL = quick ? 5_000 : 10_000;
/** Runs per pipeline (fewer for the slow peers); the budget caps a worker's total time, the timeout kills it. */
const RUNS = quick
  ? { fast: 3, slow: 2, agui: 2 }
  : { fast: 7, slow: 5, agui: 5 };
const FAST = new Set(['floor-genkit', 'floor-agentflow', 'core-genkit', 'core-agentflow', 'core-aisdk', 'core-agui']);
const BUDGET_MS = 60_000;
const AGUI_FULL_CAP_MS = 150_000;
const AGUI_STEP_CAP_MS = 90_000;

const k = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)} M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} k` : n.toFixed(0));

function worker(script, spec, timeoutMs, env = {}, loader = './bench/lib/register.mjs') {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', loader, script, JSON.stringify(spec)], { cwd: root, env: { ...process.env, ...env } });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    // Decoded across pipe reads (lib/child-output.mjs): a result's text may hold multi-byte characters.
    void childOutput(child).then(({ code, signal, out, err }) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') return resolve({ ...spec, capped: true, capMs: timeoutMs });
      if (code !== 0) return resolve({ ...spec, failed: err.trim().split('\n').slice(-6).join('\n') });
      resolve(JSON.parse(out.trim().split('\n').pop()));
    });
  });
}

async function pipeline(name, deltas, read, runs, { budgetMs = BUDGET_MS, timeoutMs = budgetMs + 60_000, warmup = 1, ascii = false } = {}) {
  log(`  ${name} ${deltas} deltas, ${read} B reads, ${runs} runs${ascii ? ', ASCII-only text' : ''}${timeoutMs < BUDGET_MS + 60_000 ? `, capped at ${timeoutMs / 1000} s` : ''}…`);
  const result = await worker('bench/pipeline-worker.mjs', { pipeline: name, deltas, read, runs, warmup, budgetMs, ascii }, timeoutMs, ascii ? { BENCH_ASCII: '1' } : {});
  if (result.times) {
    result.wall = summarize(result.times);
    result.cpu = summarize(result.cpuTimes);
    result.deltasPerSec = deltas / (result.wall.median / 1000);
    result.framesPerSec = result.frames / (result.wall.median / 1000);
    result.deltasPerSecCpu = deltas / (result.cpu.median / 1000);
  }
  if (result.failed) log(`  ✗ ${name}: ${result.failed}`);
  if (result.capped) log(`  ✗ ${name}: exceeded the ${result.capMs} ms cap, killed`);
  return result;
}

/** Extrapolations to `big` from the finished sizes of a series (three at least: two points fit any curve). */
function fits(series, big) {
  const points = series.filter((r) => r.wall);
  if (points.length < 3) return null;
  const power = fitPower(points.map((r) => [r.deltas, r.wall.median]));
  return { exponent: power.p, predictedBigMs: power.at(big), quadraticPredictedBigMs: fitQuadratic(points.map((r) => [r.deltas, r.wall.median])).at(big) };
}

/** A lower bound for the time at `deltas`: the cap of the largest size ≤ deltas that was killed (time only grows with size). */
function lowerBoundAt(series, deltas) {
  const capped = series.filter((r) => r.capped && r.deltas <= deltas).sort((a, b) => b.deltas - a.deltas)[0];
  return capped ? { wall: { median: capped.capMs, min: capped.capMs }, lowerBound: true, from: capped.deltas } : null;
}

/** Least squares t = c·n^p (a line in log-log), from (n, ms) points: p says how it grows (2 = quadratic). */
function fitPower(points) {
  const xs = points.map(([n]) => Math.log(n)), ys = points.map(([, t]) => Math.log(t));
  const mx = xs.reduce((s, x) => s + x, 0) / xs.length, my = ys.reduce((s, y) => s + y, 0) / ys.length;
  const p = xs.reduce((s, x, i) => s + (x - mx) * (ys[i] - my), 0) / xs.reduce((s, x) => s + (x - mx) ** 2, 0);
  const c = Math.exp(my - p * mx);
  return { c, p, at: (n) => c * n ** p };
}

/** Least squares t = a·n + b·n² (t/n = a + b·n), from (n, ms) points. */
function fitQuadratic(points) {
  const xs = points.map(([n]) => n), ys = points.map(([n, t]) => t / n);
  const mx = xs.reduce((s, x) => s + x, 0) / xs.length, my = ys.reduce((s, y) => s + y, 0) / ys.length;
  const b = xs.reduce((s, x, i) => s + (x - mx) * (ys[i] - my), 0) / xs.reduce((s, x) => s + (x - mx) ** 2, 0);
  const a = my - b * mx;
  return { a, b, at: (n) => a * n + b * n * n };
}

// --from=<file>: render RESULTS.md from a saved --json output instead of measuring.
const from = option('from');
const results = from ? JSON.parse(readFileSync(from, 'utf8')) : {
  machine: {
    node: process.version, cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, platform: `${platform()} ${arch()}`,
    memoryGiB: Math.round(totalmem() / 2 ** 30), loadAverageAtStart: loadavg().map((l) => l.toFixed(2)).join(' '), date: new Date().toISOString(),
  },
  quick,
};

if (!from && wants('pipeline')) {
  log('1. pipeline throughput');
  const big = {};
  for (const [label, read] of Object.entries(READS)) {
    big[label] = {};
    for (const name of Object.keys(PIPELINES).filter((p) => p !== 'agui-http')) {
      big[label][name] = await pipeline(name, BIG, read, FAST.has(name) ? RUNS.fast : RUNS.slow);
    }
  }
  // AG-UI grows faster than linearly: every pipeline at the small size, AG-UI at 2× and 4× it and one capped attempt at
  // the big size; a size is skipped when the previous one predicts it would pass the cap. Then the same with ASCII-only
  // text (AG-UI's cost depends on it, see RESULTS.md).
  const small = {};
  for (const name of Object.keys(PIPELINES)) small[name] = await pipeline(name, SMALL, READS['16 KiB'], FAST.has(name) ? RUNS.fast : RUNS.agui);
  async function aguiScaling(first, ascii) {
    const series = [first];
    for (const [deltas, cap] of [[SMALL * 2, AGUI_STEP_CAP_MS], [SMALL * 4, AGUI_STEP_CAP_MS], ...(flag('no-agui-100k') || quick ? [] : [[BIG, AGUI_FULL_CAP_MS]])]) {
      const previous = series[series.length - 1];
      const factor = (deltas / previous.deltas) ** 2; // at least quadratic
      if (previous.capped || previous.skipped || (previous.wall && previous.wall.median * factor > 3 * cap)) {
        series.push({ pipeline: 'agui-http', deltas, skipped: true, reason: previous.wall ? `predicted ≥ ${((previous.wall.median * factor) / 1000).toFixed(0)} s (quadratic from ${k(previous.deltas)}), over 3× the ${cap / 1000} s cap` : 'the smaller size did not finish' });
        continue;
      }
      series.push(await pipeline('agui-http', deltas, READS['16 KiB'], deltas === BIG ? 1 : 2, { budgetMs: cap, timeoutMs: cap, warmup: 0, ascii }));
    }
    return series;
  }
  const scaling = await aguiScaling(small['agui-http'], false);
  const asciiFirst = await pipeline('agui-http', SMALL, READS['16 KiB'], RUNS.agui, { ascii: true });
  const scalingAscii = await aguiScaling(asciiFirst, true);
  const oursAscii = await pipeline('core-genkit', BIG, READS['16 KiB'], RUNS.fast, { ascii: true });
  results.pipeline = { bigDeltas: BIG, smallDeltas: SMALL, big, small, agui: { scaling, fit: fits(scaling, BIG), scalingAscii, fitAscii: fits(scalingAscii, BIG), oursAscii } };
}

if (!from && wants('patch')) {
  log('4. patch cost vs state size');
  results.patch = [];
  for (const [tasks, shape] of [[1000, 'flat'], [10_000, 'flat'], [100_000, 'flat'], [100_000, 'grouped']]) {
    log(`  ${tasks} tasks (${shape})…`);
    results.patch.push(await worker('bench/patch-worker.mjs', { tasks, shape, turnRuns: quick ? 2 : 5, copyIterations: tasks >= 100_000 ? 5 : 20 }, 300_000));
  }
  log('  insert at the front of 1M tasks…');
  results.patchInsert = await worker('bench/patch-insert-worker.mjs', { tasks: quick ? 100_000 : 1_000_000, cloneIterations: quick ? 1 : 2 }, 600_000);
}

if (!from && wants('memory')) {
  log('5. memory');
  results.memory = [];
  for (const mode of ['hydrate', 'streamed-nosnap', 'streamed', 'aisdk-hydrate']) {
    log(`  ${mode}…`);
    results.memory.push(await worker('bench/memory-worker.mjs', { mode, messages: quick ? 2000 : 10_000 }, 300_000));
  }
}
if (!from && wants('nested')) {
  log('8. sub-agent events vs the agent\'s own');
  const nested = { deltas: quick ? 5_000 : 20_000, history: 1_000, runs: quick ? 3 : 15 };
  results.nested = await worker('bench/nested-worker.mjs', { ...nested, toolEvery: 50 }, 300_000);
  // Text only: what the path down to the run costs, without the tool calls' own work.
  results.nestedText = await worker('bench/nested-worker.mjs', { ...nested, toolEvery: 0 }, 300_000);
}
if (!from && wants('server')) {
  log('7. server throughput: @agent-chat/server vs plain @genkit-ai/express');
  const sizes = serverSizes({ quick, sizes: option('server-sizes') });
  const tokenDelayMs = 5;
  // A Redis of our own for the resumable-on-Redis row (skipped when redis-server is not installed).
  const redis = await startBenchRedis();
  const before = option('server-before');
  // The clients' connections: open before the POSTs (default), or made in the burst (server/load.mjs says why it matters).
  const newConnections = flag('server-new-connections');
  results.server = { sizes, tokenDelayMs, rows: [], ...(before && { before }), ...(newConnections && { newConnections }) };
  for (const config of serverConfigs({ redisUrl: redis?.url, protocols: option('server-protocols') })) {
    // With --server-before=<dir>: the package's sources there first, then this tree's, one after the other.
    for (const sources of config.impl === 'package' && before ? ['before', 'tree'] : ['tree']) {
      log(`  ${config.impl} ${config.protocol}${config.impl === 'package' ? ` resumable=${config.resumable} turns=${config.turnStore}` : ''}${sources === 'before' ? ' (before)' : ''} × ${sizes.join(', ')}…`);
      const row = await worker('bench/server-worker.mjs', { ...config, sizes, tokenDelayMs, ...(newConnections && { newConnections }) }, 900_000, sources === 'before' ? { BENCH_SERVER_SRC: before } : {}, './bench/server/register.mjs');
      results.server.rows.push({ ...row, sources });
    }
  }
  redis?.stop();
}

if (!from) results.machine.loadAverageAtEnd = loadavg().map((l) => l.toFixed(2)).join(' ');

// ---------------------------------------------------------------- report
const ms = (s) => `${s.median.toFixed(s.median < 10 ? 1 : 0)} (${s.min.toFixed(s.min < 10 ? 1 : 0)}–${s.max.toFixed(s.max < 10 ? 1 : 0)})`;
const us = (s) => `${s.median.toFixed(1)} (${s.min.toFixed(1)}–${s.max.toFixed(1)})`;
const status = (r) => (r.capped ? `killed at the ${r.capMs / 1000} s cap` : r.failed ? `FAILED: ${r.failed.split('\n').pop()}` : '');

function pipelineTable(rows) {
  const lines = ['| pipeline | frames | bytes | wall ms, median (min–max) | CPU ms, median | deltas/s (wall) | frames/s (wall) | runs | final state checked |', '|---|---:|---:|---:|---:|---:|---:|---:|---|'];
  for (const [name, r] of Object.entries(rows)) {
    if (!r.wall) { lines.push(`| ${PIPELINES[name].label} | | | ${status(r)} | | | | | |`); continue; }
    const check = r.check ? `text ${k(r.check.textLength)} chars${r.check.artifacts !== undefined ? `, custom state, ${r.check.artifacts} artifacts` : ''}` : '';
    lines.push(`| ${PIPELINES[name].label} | ${k(r.frames)} | ${(r.bytes / 2 ** 20).toFixed(1)} MiB | ${ms(r.wall)} | ${r.cpu.median.toFixed(0)} | **${k(r.deltasPerSec)}** | ${k(r.framesPerSec)} | ${r.wall.n} | ${check} |`);
  }
  return lines.join('\n');
}

const md = [];
md.push('# Benchmark results', '');
const m = results.machine;
md.push(`Machine: Node ${m.node} · ${m.cpu} · ${m.cores} cores · ${m.platform} · ${m.memoryGiB} GiB · load average ${m.loadAverageAtStart} at start, ${m.loadAverageAtEnd} at end · ${m.date}${quick ? ' · **--quick**' : ''}`, '');
md.push('Generated by `npm run bench` (bench/run.mjs); how it measures: bench/README.md. Each figure is the median of several runs in a fresh process after one warm-up run, with min–max. Wall time is what a user waits; CPU time (user+system of the process, GC threads included) is less disturbed by other load on the machine. Every run is checked: final text, custom state and artifacts equal the expected ones, or the run fails.', '');

if (results.pipeline) {
  const P = results.pipeline;
  md.push(`## 1. Pipeline throughput: bytes → events → store`, '');
  md.push(`One synthetic turn: ${k(P.bigDeltas)} text deltas, ${k(P.bigDeltas / 100)} custom-state patches, ${k(P.bigDeltas / 1000)} artifact updates, as bytes in each protocol, delivered by a pull-based ReadableStream in fixed-size reads behind a \`fetch\` stub returning \`new Response(stream)\`. AgentFlow has no artifacts and carries the state as \`updates\` snapshots; the AI SDK carries state and artifacts as \`data-*\` parts with ids; AG-UI as STATE_SNAPSHOT/STATE_DELTA and ACTIVITY_SNAPSHOT. Genkit's stream ends with \`turnEnd\` and a \`result\` repeating the whole message (as the captured fixtures do), so its bytes are the largest.`, '');
  for (const [label, rows] of Object.entries(P.big)) {
    md.push(`### ${k(P.bigDeltas)} deltas, ${label} reads`, '', pipelineTable(rows), '');
  }
  md.push(`### ${k(P.smallDeltas)} deltas (${k(P.smallDeltas / 100)} patches, ${k(Math.max(10, P.smallDeltas / 1000))} artifacts), 16 KiB reads — every pipeline measured, AG-UI included`, '', pipelineTable(P.small), '');
  const A = P.agui;
  const seriesTable = (series) => {
    const lines = ['| deltas | wall ms, median (min–max) | CPU ms | deltas/s | runs |', '|---:|---:|---:|---:|---:|'];
    for (const r of series) {
      if (r.wall) lines.push(`| ${k(r.deltas)} | ${ms(r.wall)} | ${r.cpu.median.toFixed(0)} | ${k(r.deltasPerSec)} | ${r.wall.n} |`);
      else lines.push(`| ${k(r.deltas)} | ${r.skipped ? `not run: ${r.reason}` : `did not finish: ${status(r)}`} | | | |`);
    }
    return lines.join('\n');
  };
  const fitLine = (fit, series) => {
    if (fit) return `Power-law fit t = c·n^p over the finished sizes: p = ${fit.exponent.toFixed(2)} (2 = quadratic), which would give ${(fit.predictedBigMs / 1000).toFixed(0)} s at ${k(P.bigDeltas)} (a t = a·n + b·n² fit: ${(fit.quadraticPredictedBigMs / 1000).toFixed(0)} s). An extrapolation, not a measurement.`;
    const bound = lowerBoundAt(series, P.bigDeltas);
    return `Fewer than three finished sizes, so no extrapolation. ${bound ? `Measured lower bound at ${k(P.bigDeltas)}: more than ${bound.wall.median / 1000} s (${k(bound.from)} deltas did not finish within it).` : ''}`;
  };
  md.push('### @ag-ui/client scaling (16 KiB reads)', '');
  md.push('With this turn\'s text (tokens include é, 世界, 🎉):', '', seriesTable(A.scaling), '', fitLine(fits(A.scaling, P.bigDeltas), A.scaling), '');
  md.push(`With ASCII-only tokens (\`BENCH_ASCII=1\`: é, 世, 界 and 🎉 replaced by "x"), everything else the same. For comparison, ours (Genkit) on that text at ${k(P.bigDeltas)}: ${A.oursAscii?.wall ? `${ms(A.oursAscii.wall)} ms` : status(A.oursAscii ?? {})}.`, '', seriesTable(A.scalingAscii), '', fitLine(fits(A.scalingAscii, P.bigDeltas), A.scalingAscii), '');
  md.push('@ag-ui/client `structuredClone`s the messages after every event, so each token copies the whole text so far. Once that string passes V8\'s regular-object size (~128 KiB: ~64k characters when any character is outside Latin-1, ~128k when all are ASCII), each copy is a large-object allocation, and garbage collection takes over. That is why the first table bends between 10k and 20k deltas (48k → 96k characters, two-byte), and the ASCII one between 20k and 40k (96k → 192k characters).', '');

  // Ratios: ours against each reference, from the 16 KiB table (a speed ratio: their time ÷ our time).
  const B = P.big['16 KiB'], S = P.small;
  // AG-UI at the big size: the measured run, or else a lower bound (a cap that it, or a smaller size, did not finish within).
  const aguiAttempt = A.scaling.find((r) => r.deltas === P.bigDeltas);
  const aguiBig = aguiAttempt?.wall ? aguiAttempt : lowerBoundAt(A.scaling, P.bigDeltas);
  const rows = [
    ['ours (Genkit SSE) vs AI SDK Chat, direct transport', B['core-genkit'], B['aisdk-direct'], 3],
    ['ours (Genkit SSE) vs AI SDK Chat + DefaultChatTransport', B['core-genkit'], B['aisdk-fetch'], 3],
    ['ours (AgentFlow NDJSON) vs AI SDK Chat + DefaultChatTransport', B['core-agentflow'], B['aisdk-fetch'], 3],
    ['ours on the same AI SDK bytes (aiSdkTransport) vs AI SDK Chat + DefaultChatTransport', B['core-aisdk'], B['aisdk-fetch'], 3],
    ['ours on the same AI SDK bytes (aiSdkTransport) vs AI SDK Chat, direct transport', B['core-aisdk'], B['aisdk-direct'], 3],
    [`ours (Genkit SSE) vs @ag-ui/client at ${k(P.bigDeltas)}${aguiBig?.lowerBound ? ` (a lower bound: AG-UI took over ${aguiBig.wall.median / 1000} s)` : aguiBig ? ' (one AG-UI run)' : ' (AG-UI not run)'}`, B['core-genkit'], aguiBig, 3],
    [`ours (Genkit SSE) vs @ag-ui/client at ${k(P.smallDeltas)} (both measured)`, S['core-genkit'], S['agui-http'], 3],
    [`ours on the same AG-UI bytes (aguiTransport) vs @ag-ui/client at ${k(P.smallDeltas)} (both measured)`, S['core-agui'], S['agui-http'], 3],
    [`ours on the same AG-UI bytes (aguiTransport) vs @ag-ui/client at ${k(P.bigDeltas)}${aguiBig?.lowerBound ? ' (lower bound)' : ''}`, B['core-agui'], aguiBig, 3],
    ['ours (Genkit SSE) as a share of the floor (JSON.parse per frame, same bytes)', B['core-genkit'], B['floor-genkit'], 0.4],
    ['ours (AgentFlow NDJSON) as a share of the NDJSON floor (same bytes)', B['core-agentflow'], B['floor-agentflow'], 0.4],
  ];
  md.push(`### Ratios against the performance targets (${k(P.bigDeltas)} deltas, 16 KiB reads; speed of ours ÷ speed of theirs)`, '');
  md.push('| ratio | by median wall time | by min wall time | by median CPU time | target | met (median wall) |', '|---|---:|---:|---:|---:|---|');
  results.ratios = [];
  for (const [label, ours, theirs, goal] of rows) {
    const fmt = (v) => (v === null ? 'n/a' : `${theirs?.lowerBound ? '≥ ' : ''}${goal < 1 ? `${(100 * v).toFixed(0)}%` : `${v.toFixed(2)}×`}`);
    const r = (stat, kind) => (ours?.[kind]?.[stat] && theirs?.[kind]?.[stat] ? theirs[kind][stat] / ours[kind][stat] : null);
    const wall = r('median', 'wall'), wallMin = r('min', 'wall'), cpu = r('median', 'cpu');
    results.ratios.push({ label, wall, wallMin, cpu, target: goal });
    md.push(`| ${label} | ${fmt(wall)} | ${fmt(wallMin)} | ${fmt(cpu)} | ${goal < 1 ? `≥ ${goal * 100}%` : `≥ ${goal}×`} | ${wall === null ? 'n/a' : wall >= goal ? 'yes' : '**no**'} |`);
  }
  md.push('');
}

if (results.patch) {
  md.push('## 4. Custom-state patch cost vs state size', '');
  md.push('One `replace` op (`/tasks/<i>/done`) into a custom state of N tasks. "applyCustomPatch" chains 2,000 calls, each on the previous result (7 rounds); "through a turn" streams 1,000 one-op patch frames (plus one text delta each) into a chat whose state a previous turn set, and divides the turn time by 1,000; "copying patcher" is fast-json-patch `applyPatch(doc, ops, true, false)`, which clones the document (how @ag-ui/client applies STATE_DELTA) — the cost of following the state. "grouped" holds the same 100k tasks as 100 groups × 1,000, so the arrays on the patch\'s path are small.', '');
  md.push('| tasks | shape | state JSON | applyCustomPatch µs/op, median (min–max) | first patch on a never-frozen document, µs | through a turn µs/patch, median (min–max) | copying patcher µs/op, median |', '|---:|---|---:|---:|---:|---:|---:|');
  for (const r of results.patch) {
    if (r.failed || r.capped) { md.push(`| ${k(r.tasks)} | ${r.shape} | ${status(r)} | | | | |`); continue; }
    md.push(`| ${k(r.tasks)} | ${r.shape} | ${(r.stateBytes / 2 ** 20).toFixed(2)} MiB | ${us(r.direct.perOpUs)} | ${r.direct.firstOnUnfrozenUs.toFixed(0)} | ${us(r.turn.perPatchUs)} | ${r.copy.perOpUs.median.toFixed(0)} |`);
  }
  md.push('');
  const I = results.patchInsert;
  if (I && !I.failed && !I.capped) {
    md.push(`Inserting at the front of ${k(I.tasks)} tasks (\`add /tasks/0\`, chained, ms per patch, median of rounds): an immutable update has to copy the list. "floor" is plain fast-json-patch made immutable the cheapest way (copy the root and the list, then \`applyPatch\` in place on the copy); "in place" mutates one document and keeps no previous state; "cloning" is fast-json-patch's own immutable mode (\`mutateDocument: false\`).`, '');
    md.push('| applyCustomPatch | fast-json-patch: floor | ours ÷ floor | in place | ours ÷ in place | cloning |', '|---:|---:|---:|---:|---:|---:|');
    md.push(`| ${I.oursMs.median.toFixed(1)} | ${I.floorMs.median.toFixed(1)} | ${(I.oursMs.median / I.floorMs.median).toFixed(2)}× | ${I.inPlaceMs.median.toFixed(1)} | ${(I.oursMs.median / I.inPlaceMs.median).toFixed(1)}× | ${I.cloningMs.median.toFixed(0)} |`, '');
  }
}

if (results.memory) {
  md.push('## 5. Memory: a 10,000-message conversation in the store', '');
  md.push('Heap growth (`process.memoryUsage().heapUsed` after two `gc()` calls, `--expose-gc`) from an empty chat to one holding the conversation, against the conversation\'s raw JSON (wire shape `{role, content:[{text}]}`; user ≈ 90 chars, reply ≈ 900 chars). "streamed" builds it with 5,000 real turns (Genkit SSE through the fetch stub, 20 deltas per reply).', '');
  md.push('| how the conversation got there | messages | raw JSON | heap retained | heap ÷ JSON | build time |', '|---|---:|---:|---:|---:|---:|');
  const labels = { hydrate: 'ours: `createAgentChat({ state: { messages } })`', 'streamed-nosnap': 'ours: 5,000 streamed turns, no snapshot ids', streamed: 'ours: 5,000 streamed turns, a snapshotId per turn (Genkit server-managed)', 'aisdk-hydrate': 'AI SDK `new Chat({ messages })` (contrast)' };
  for (const r of results.memory) {
    if (r.failed || r.capped) { md.push(`| ${labels[r.mode]} | | | ${status(r)} | | |`); continue; }
    md.push(`| ${labels[r.mode]} | ${k(r.messages)} | ${(r.rawJsonBytes / 2 ** 20).toFixed(1)} MiB | ${(r.heapBytes / 2 ** 20).toFixed(1)} MiB | ${r.ratio.toFixed(2)}× | ${(r.buildMs / 1000).toFixed(1)} s |`);
  }
  md.push('');
}

// Section 7 has its own file (bench/server/RESULTS.md); RESULTS.md points to it.
const serverText = results.server ? serverSection(results.server, { machine: results.machine, status }) : undefined;
if (results.server) md.push('## 7. Server throughput: many streams per core', '', 'In [server/RESULTS.md](server/RESULTS.md) (`npm run bench -- --only=server`).', '');

for (const N of [results.nested, results.nestedText].filter(Boolean)) {
  if (N === results.nested) md.push('## 8. Sub-agent events cost what the agent\'s own cost', '');
  md.push(`${N.deltas ? k(N.deltas) : ''} text deltas (${N.toolEvery ? `a tool call every ${N.toolEvery}` : 'text only'}) after ${N.history ? k(N.history) : ''} messages of history, through a chat with the subAgents() feature, in batches of 16 events (one store update each, as one network read) from a transport without timers: into the answer (depth 0), into a sub-agent run (depth 1), into a sub-agent's sub-agent's sub-agent (depth 3). bench/nested-worker.mjs; the rounds alternate the depths.`, '');
  md.push('| depth | events | wall ms, median (min–max) | µs per event (wall) | CPU µs per event | × depth 0 (wall) | × depth 0 (CPU) |', '|---:|---:|---:|---:|---:|---:|---:|');
  const flat = N.rows?.find((r) => r.depth === 0);
  if (N.rows) for (const r of N.rows) md.push(`| ${r.depth} | ${k(r.events)} | ${r.wall.median.toFixed(0)} (${r.wall.min.toFixed(0)}–${r.wall.max.toFixed(0)}) | ${r.usPerEvent.toFixed(1)} | ${r.cpuUsPerEvent.toFixed(1)} | ${flat ? (r.usPerEvent / flat.usPerEvent).toFixed(2) : ''} | ${flat ? (r.cpuUsPerEvent / flat.cpuUsPerEvent).toFixed(2) : ''} |`);
  else md.push(`| ${status(N)} | | | | | | |`);
  md.push('');
}

const text = md.join('\n');
// --only=server writes bench/server/RESULTS.md alone (the other sections' RESULTS.md stays as it was).
const onlyServer = only?.length === 1 && only[0] === 'server';
if (!flag('no-write') && !onlyServer) writeFileSync(new URL('./RESULTS.md', import.meta.url), text + '\n');
if (!flag('no-write') && serverText) writeFileSync(new URL('./server/RESULTS.md', import.meta.url), `# Server throughput results\n\nGenerated by \`npm run bench\` (bench/run.mjs, bench/server/section.mjs); how it measures: bench/README.md, section 7.\n\n${serverText}\n`);
if (json) process.stdout.write(JSON.stringify(results, null, 2) + '\n');
else process.stdout.write((onlyServer && serverText ? serverText : text) + '\n');
