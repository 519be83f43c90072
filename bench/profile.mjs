// Profiles one pipeline with `node --cpu-prof` and prints the top self-time functions and the time per package.
// Usage: node bench/profile.mjs [pipeline=core-genkit] [deltas=100000] [read=16384] [--top=25] [--keep]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => { const [k, v] = a.slice(2).split('='); return [k, v ?? true]; }));
const [pipeline = 'core-genkit', deltas = '100000', read = '16384'] = args;
const top = Number(flags.top ?? 25);

/** Self time per function and per package over one or more V8 CPU profiles. */
function summarizeProfile(profiles, topN = 25) {
  const self = new Map();
  for (const { nodes, samples, timeDeltas } of [profiles].flat()) {
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const parent = new Map();
    for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n);
    // The bench's own profiler calls (Profiler.stop inside the timed window's edge) are not the pipeline's time.
    const isProfiler = (node) => { for (let p = node, d = 0; p && d < 6; p = parent.get(p.id), d++) if (p.callFrame.functionName === 'profiler') return true; return false; };
    for (let i = 0; i < samples.length; i++) {
      const node = byId.get(samples[i]);
      if (isProfiler(node)) continue;
      self.set(node.callFrame, (self.get(node.callFrame) ?? 0) + (timeDeltas[i] ?? 0));
    }
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fn = new Map();
  const pkg = new Map();
  for (const [callFrame, us] of self) {
    const url = callFrame.url.replace(/^file:\/\//, '');
    const where = url ? `${relative(root, url)}:${callFrame.lineNumber + 1}` : '(native)';
    const key = `${callFrame.functionName || '(anonymous)'}  ${where}`;
    fn.set(key, (fn.get(key) ?? 0) + us);
    const group = !url ? (callFrame.functionName.startsWith('(') ? callFrame.functionName : '(native/builtin)')
      : url.includes('node_modules/') ? url.split('node_modules/').pop().split('/').slice(0, url.split('node_modules/').pop().startsWith('@') ? 2 : 1).join('/')
      : url.startsWith('node:') ? 'node internals'
      : relative(root, url).split('/').slice(0, 4).join('/');
    pkg.set(group, (pkg.get(group) ?? 0) + us);
  }
  const rows = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, topN).map(([k, us]) => ({ name: k, ms: us / 1000, pct: (100 * us) / total }));
  return { totalMs: total / 1000, functions: rows(fn), groups: rows(pkg) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-prof-'));
  const file = join(dir, 'runs.json');
  const spec = JSON.stringify({ pipeline, deltas: Number(deltas), read: Number(read), runs: Number(flags.runs ?? 3), warmup: 1, budgetMs: 600_000, profile: file });
  const result = spawnSync(process.execPath, ['--expose-gc', '--import', './bench/lib/register.mjs', 'bench/pipeline-worker.mjs', spec], { cwd: root, encoding: 'utf8', env: process.env });
  if (result.status !== 0) { console.error(result.stderr); process.exit(1); }
  console.log(result.stdout.trim());
  const profiles = JSON.parse(readFileSync(file, 'utf8'));
  const summary = summarizeProfile(profiles, top);
  console.log(`\nprofile of ${pipeline} (${deltas} deltas, ${read} B reads; the ${profiles.length} timed runs only, sampled every 100 µs): ${summary.totalMs.toFixed(0)} ms`);
  console.log('\nself time by package / folder:');
  for (const r of summary.groups) console.log(`${r.pct.toFixed(1).padStart(5)}%  ${r.ms.toFixed(0).padStart(6)} ms  ${r.name}`);
  console.log('\ntop functions by self time:');
  for (const r of summary.functions) console.log(`${r.pct.toFixed(1).padStart(5)}%  ${r.ms.toFixed(0).padStart(6)} ms  ${r.name}`);
  if (flags.callers) {
    // Who calls a function (by name): self time of the named function, split by caller.
    const byCaller = new Map();
    for (const { nodes, samples, timeDeltas } of profiles) {
      const byId = new Map(nodes.map((n) => [n.id, n]));
      const parent = new Map();
      for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n);
      for (let i = 0; i < samples.length; i++) {
        const node = byId.get(samples[i]);
        if (node.callFrame.functionName !== flags.callers) continue;
        const chain = [];
        for (let p = parent.get(node.id); p && chain.length < 3; p = parent.get(p.id)) chain.push(p.callFrame.functionName || '(anonymous)');
        const key = chain.join(' < ');
        byCaller.set(key, (byCaller.get(key) ?? 0) + (timeDeltas[i] ?? 0));
      }
    }
    console.log(`\ncallers of ${flags.callers}:`);
    for (const [k, us] of [...byCaller].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`);
  }
  if (flags.keep) {
    mkdirSync(join(root, 'bench/profiles'), { recursive: true });
    const out = join(root, 'bench/profiles', `${pipeline}-${deltas}.cpuprofile`);
    writeFileSync(out, JSON.stringify(profiles[0]));
    console.log(`\nkept ${relative(root, out)} (open in Chrome DevTools › Performance)`);
  }
  rmSync(dir, { recursive: true, force: true });
}
