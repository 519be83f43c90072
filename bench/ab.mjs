// A/B of two core copies on one pipeline, processes interleaved (A B A B …) so a busy machine hurts both alike.
// Usage: node bench/ab.mjs <coreA index.ts> <coreB index.ts> [pipeline=core-genkit] [deltas=100000] [read=16384] [rounds=6]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { summarize } from './lib/stats.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const [a, b, pipeline = 'core-genkit', deltas = '100000', read = '16384', rounds = '6'] = process.argv.slice(2);
const results = { A: { wall: [], cpu: [] }, B: { wall: [], cpu: [] } };
for (let r = 0; r < Number(rounds); r++) {
  for (const [name, core] of r % 2 ? [['B', b], ['A', a]] : [['A', a], ['B', b]]) {
    const spec = JSON.stringify({ pipeline, deltas: Number(deltas), read: Number(read), runs: 3, warmup: 1, budgetMs: 600_000 });
    const out = spawnSync(process.execPath, ['--expose-gc', '--import', './bench/lib/register.mjs', 'bench/pipeline-worker.mjs', spec], { cwd: root, encoding: 'utf8', env: { ...process.env, BENCH_CORE: core } });
    if (out.status !== 0) throw new Error(out.stderr);
    const json = JSON.parse(out.stdout);
    results[name].wall.push(...json.times);
    results[name].cpu.push(...json.cpuTimes);
  }
}
const f = (s) => `median ${s.median.toFixed(0)} ms (min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)}, n=${s.n})`;
for (const name of ['A', 'B']) {
  console.log(`${name} ${name === 'A' ? a : b}\n  wall ${f(summarize(results[name].wall))}\n  cpu  ${f(summarize(results[name].cpu))}`);
}
const gain = (k, stat) => summarize(results.A[k])[stat] / summarize(results.B[k])[stat];
console.log(`B vs A throughput: wall median ×${gain('wall', 'median').toFixed(2)}, wall min ×${gain('wall', 'min').toFixed(2)}, cpu median ×${gain('cpu', 'median').toFixed(2)}`);
