#!/usr/bin/env node
// `npm run test:quick`: the inner loop. The packages' unit tests (vitest projects core, react, ui, ui-isolated,
// testing and server; not the agent server app's integration tests), a typecheck of the packages and apps you changed
// (sources and tests) and eslint over the files you changed, side by side (those two at a lower priority: vitest is the
// critical path); no build, no Chromium. "Changed": against
// the merge-base with `main` (QUICK_BASE=<ref> for another), plus what is not committed yet. `npm test` runs everything.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, getPriority, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { QUICK_RUNS, projectArgs } from './test-projects.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const cache = `${root}node_modules/.cache/`;
const bin = (name) => `${root}node_modules/.bin/${name}`;
const started = performance.now();
const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });

/** The files changed since the merge-base with QUICK_BASE (default main), committed or not, that still exist. */
function changedFiles() {
  const base = process.env.QUICK_BASE ?? 'main';
  const mergeBase = git('merge-base', 'HEAD', base);
  const since = mergeBase.status === 0 ? mergeBase.stdout.trim() : 'HEAD';
  const names = [git('diff', '--name-only', since), git('ls-files', '--others', '--exclude-standard')].flatMap((result) => result.stdout.split('\n'));
  return [...new Set(names.filter((name) => name && existsSync(`${root}${name}`)))];
}

const changed = changedFiles();
const check = JSON.parse(readFileSync(`${root}tsconfig.check.json`, 'utf8'));
// A change to a shared config or a manifest may touch anything: then the whole typecheck.
const everything = changed.some((file) => /^(tsconfig[^/]*\.json|package\.json|vitest\.config\.ts)$/.test(file));
const units = new Set(changed.map((file) => /^(packages|apps)\/[^/]+\//.exec(file)?.[0]).filter(Boolean));
// The check config's include entries that lie in `unit` (e.g. packages/ui/): `packages/*/src` gives packages/ui/src.
const entriesOf = (unit) => {
  const [top, name] = unit.split('/');
  return check.include.map((entry) => entry.replace(`${top}/*/`, `${top}/${name}/`)).filter((entry) => `${entry}/`.startsWith(unit) && existsSync(`${root}${entry}`));
};
const include = everything ? check.include : [...new Set([...units].flatMap(entriesOf))];

/**
 * Runs a command; resolves with its exit status and output (printed whole when it ends). `background`: at a lower
 * priority (nice 10), so that it takes the CPU the vitest run leaves (its workers' waits on servers and timers) rather
 * than slowing the run down, the critical path on a 2-core machine.
 */
function run(title, command, args, { env = {}, background = false } = {}) {
  const begun = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...(process.env.FORCE_COLOR ? {} : { NO_COLOR: '1' }), ...env } });
    if (background && child.pid !== undefined) {
      try {
        setPriority(child.pid, Math.min(19, getPriority() + 10));
      } catch {
        // Not allowed here: it runs at the same priority.
      }
    }
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code) => {
      const output = Buffer.concat(chunks).toString().trimEnd();
      console.log(`\n━━ ${title}\n${output}${output ? '\n' : ''}◀ ${((performance.now() - begun) / 1000).toFixed(1)} s${code === 0 ? '' : ' (failed)'}: ${title}`);
      resolve(code === 0);
    });
  });
}

// Two vitest runs side by side (QUICK_RUNS in scripts/test-projects.mjs): the projects whose files wait on servers and
// timers on two worker slots (vitest's default is the cores less one: a single slot on a 2-core machine), the jsdom
// projects with a shared module graph on one slot (jsdom, React and the ui sources loaded once), which takes the CPU
// the first run's waits leave; one run of all six left a core idle for much of its first 15 s (core's waits).
// Transformed modules kept on disk between runs (vitest's experimental fsModuleCache, in
// node_modules/.experimental-vitest-cache): a warm run transforms only what changed. No vitest typecheck of react's
// type tests (VITEST_TYPECHECK=0): the typecheck below covers them when react changed.
const slots = (workers) => (workers === 'shared' ? Math.max(2, availableParallelism() - 1) : workers);
const tasks = QUICK_RUNS.map(({ projects, workers }) => run(`vitest: ${projects.join(', ')}`, bin('vitest'), ['run', ...projectArgs(projects), `--maxWorkers=${slots(workers)}`, '--experimental.fsModuleCache'], { env: { VITEST_TYPECHECK: '0' } }));
if (include.length > 0) {
  // A tsconfig of the changed parts only, incremental (its build info in the cache: a warm run checks what changed).
  mkdirSync(cache, { recursive: true });
  const config = `${cache}tsconfig.quick.json`;
  writeFileSync(config, `${JSON.stringify({ extends: '../../tsconfig.check.json', compilerOptions: { incremental: true, tsBuildInfoFile: './tsconfig.quick.tsbuildinfo' }, include: include.map((entry) => `../../${entry}`) }, null, 2)}\n`);
  tasks.push(run(`typecheck ${include.join(', ')}`, bin('tsc'), ['-p', config], { background: true }));
} else console.log('typecheck: no package or app changed');
const lintable = changed.filter((file) => /\.(ts|tsx|js|mjs|cjs)$/.test(file));
if (lintable.length > 0) tasks.push(run(`eslint (${lintable.length} changed files)`, bin('eslint'), ['--cache', '--cache-location', `${cache}eslint/`, ...lintable], { background: true }));
else console.log('eslint: no changed script or source');

const results = await Promise.all(tasks);
// The CPU seconds (user + system) of its children, from /proc (Linux): on a shared machine the wall time says more about
// the others' load; CPU / cores is the wall time of a quiet machine.
const stat = existsSync('/proc/self/stat') ? readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ') : null;
const cpu = stat ? `, ${((Number(stat[13]) + Number(stat[14])) / 100).toFixed(1)} s CPU` : '';
console.log(`\ntest:quick ${results.every(Boolean) ? 'passed' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(1)} s${cpu}`);
process.exit(results.every(Boolean) ? 0 : 1);
