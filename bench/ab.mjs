// A/B of two core copies on one pipeline, processes interleaved (A B A B …) so a busy machine hurts both alike.
// Usage: node bench/ab.mjs <coreA index.ts> <coreB index.ts> [pipeline=core-genkit] [deltas=100000] [read=16384] [rounds=6] [--ref=floor-genkit]
// --ref adds a reference pipeline (e.g. the floor) to every round, for ratios measured under the same load.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { summarize } from './lib/stats.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const ref = process.argv.find((a) => a.startsWith('--ref='))?.slice(6);
const [a, b, pipeline = 'core-genkit', deltas = '100000', read = '16384', rounds = '6'] = positional;
const subjects = [['A', a, pipeline], ['B', b, pipeline], ...(ref ? [['ref', a, ref]] : [])];
const results = Object.fromEntries(subjects.map(([name]) => [name, { wall: [], cpu: [] }]));
for (let r = 0; r < Number(rounds); r++) {
  const order = r % 2 ? [...subjects].reverse() : subjects;
  for (const [name, core, which] of order) {
    const spec = JSON.stringify({ pipeline: which, deltas: Number(deltas), read: Number(read), runs: 3, warmup: 1, budgetMs: 600_000 });
    const out = spawnSync(process.execPath, ['--expose-gc', '--import', './bench/lib/register.mjs', 'bench/pipeline-worker.mjs', spec], { cwd: root, encoding: 'utf8', env: { ...process.env, BENCH_CORE: core } });
    if (out.status !== 0) throw new Error(out.stderr);
    const json = JSON.parse(out.stdout);
    results[name].wall.push(...json.times);
    results[name].cpu.push(...json.cpuTimes);
  }
}
const f = (s) => `median ${s.median.toFixed(0)} ms (min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)}, n=${s.n})`;
for (const [name, core, which] of subjects) {
  console.log(`${name} ${which} ${name === 'ref' ? '' : core}\n  wall ${f(summarize(results[name].wall))}\n  cpu  ${f(summarize(results[name].cpu))}`);
}
const ratio = (x, y, k, stat) => summarize(results[x][k])[stat] / summarize(results[y][k])[stat];
console.log(`B vs A speed-up: wall median ×${ratio('A', 'B', 'wall', 'median').toFixed(2)}, wall min ×${ratio('A', 'B', 'wall', 'min').toFixed(2)}, cpu median ×${ratio('A', 'B', 'cpu', 'median').toFixed(2)}`);
if (ref) {
  for (const name of ['A', 'B']) {
    console.log(`${name} as a share of ${ref}: wall median ${(100 * ratio('ref', name, 'wall', 'median')).toFixed(0)}%, wall min ${(100 * ratio('ref', name, 'wall', 'min')).toFixed(0)}%, cpu median ${(100 * ratio('ref', name, 'cpu', 'median')).toFixed(0)}%`);
  }
}
