#!/usr/bin/env node
// `npm test`: build and typecheck everything, lint, check the packed packages, run every test project, and close with a
// plain "N passed, N failed" line. Exits non-zero when any step fails.
//
// The steps form a graph (each names the steps it needs) and run as soon as what they need has passed, at most
// TEST_JOBS at a time (default: the machine's cores), so that both cores of a 2-core machine stay busy and neither is
// oversubscribed. Each step's output is printed in one block when it ends. The end prints every step's time, each
// vitest project's and the ten slowest test files (bench/test-time.md keeps a before and after).
//
//   TEST_JOBS=1 npm test                 one step at a time
//   TEST_ONLY=build,styles,unit npm test  only these steps (a step they need and that is not listed counts as done)
//   TEST_E2E=look,vite npm test           only the e2e files whose path contains one of these (split as usual)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, getPriority, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { findChromium } from '../apps/demo/e2e/find-chromium.mjs';
import { MEASURED_FILE, e2eFiles, measuredRecord, readDurations, splitE2e } from './e2e-split.mjs';
import { BROWSER_PROJECTS, INTEGRATION_PROJECTS, UNIT_PROJECTS, projectArgs } from './test-projects.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => `${root}node_modules/.bin/${name}`;
const cache = `${root}node_modules/.cache/`;
mkdirSync(cache, { recursive: true });
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || availableParallelism());
const node = process.execPath;

const started = performance.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

const packages = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).workspaces.filter((path) => path.startsWith('packages/'));
/** The tarballs of the pack step (name → path), known once it has run. */
let tarballs = {};
const tarball = (path) => tarballs[JSON.parse(readFileSync(`${root}${path}/package.json`, 'utf8')).name] ?? path;

/**
 * The e2e project in two runs side by side (scripts/e2e-split.mjs): its files run one after another within a run and
 * mostly wait on the browser and the servers, so two runs, each with its own Chromium and servers on port 0, halve its
 * part of the critical path. Split by the files' recorded durations; the half with the examples' files starts after
 * their builds, the other after the demo's. An empty half (no files) is no run.
 */
const durations = readDurations();
// TEST_E2E=a,b: only the e2e files whose path contains one of these (to try the arrangement on a few; not a full run).
const e2eOnly = process.env.TEST_E2E ? process.env.TEST_E2E.split(',').map((part) => part.trim()).filter(Boolean) : null;
const allE2eFiles = e2eFiles();
const chosenE2eFiles = e2eOnly ? allE2eFiles.filter((file) => e2eOnly.some((part) => file.includes(part))) : allE2eFiles;
if (e2eOnly) console.log(`TEST_E2E: ${chosenE2eFiles.length} of the ${allE2eFiles.length} e2e files (${chosenE2eFiles.join(', ')})`);
const e2eHalves = splitE2e(chosenE2eFiles, durations).map((half, index) => ({ ...half, id: `browser e2e ${index + 1}/2`, run: `e2e-${index + 1}` })).filter((half) => half.files.length > 0);

/**
 * The vitest runs: one for the unit and integration projects, the two halves of e2e, one per other browser project;
 * each with a JSON report and a timing report.
 */
const OTHER_BROWSER_PROJECTS = BROWSER_PROJECTS.filter((project) => project !== 'e2e');
const vitestRuns = Object.fromEntries(['unit', ...e2eHalves.map((half) => half.run), ...OTHER_BROWSER_PROJECTS].map((run) => [run, { results: `${cache}vitest-results-${run}.json`, timings: `${cache}vitest-timings-${run}.json` }]));
const vitest = (run, projects, env = {}, extra = []) => ({
  command: bin('vitest'),
  args: ['run', ...projectArgs(projects), ...extra, '--reporter=default', '--reporter=json', `--outputFile=${vitestRuns[run].results}`, `--reporter=${root}scripts/vitest-timing-reporter.mjs`],
  env: { VITEST_TIMINGS_FILE: vitestRuns[run].timings, ...env },
});

// Reports of an earlier run must not be read as this one's.
for (const run of Object.values(vitestRuns)) for (const path of Object.values(run)) rmSync(path, { force: true });
rmSync(MEASURED_FILE, { force: true });

const chromium = findChromium();
const BUILT = ['build', 'styles', 'use-client'];
/** What each browser project but e2e serves: the built Storybook (storybook). The e2e halves need what their files serve (e2eNeeds). */
const BROWSER_NEEDS = { storybook: ['storybook'] };
for (const project of OTHER_BROWSER_PROJECTS) if (!BROWSER_NEEDS[project]) throw new Error(`scripts/test.mjs: BROWSER_NEEDS has no entry for the browser project ${project}`);

/**
 * The steps: `id`, `title`, what it needs (`after`), and a command (`command`, `args` — a function when it depends on an
 * earlier step's result — and `env`); `weight`, the share of a job it takes (1 unless said). Listed by priority: of the steps ready, the
 * first listed starts first, so the chain to the longest step (build → pack → the examples' builds → the browser
 * suites) goes ahead and the steps nothing waits for (unit tests, checks of the tarballs) fill the other core; a
 * `background` step (typecheck, lint) takes no share of a job and runs at a lower priority, on the CPU the others leave.
 */
const steps = [
  { id: 'standalone', title: 'the repository stands alone (no tracked file names a folder outside it)', command: node, args: ['scripts/check-standalone.mjs'] },
  { id: 'imports', title: 'no import cycles, no import up a layer in packages/*/src', command: node, args: ['scripts/check-import-cycles.mjs'] },
  { id: 'build', title: 'build the packages (tsc -b)', command: bin('tsc'), args: ['-b'] },
  // tsc does not copy CSS: @agent-chat/ui's stylesheet goes into its dist here (its own `build` script does the same).
  { id: 'styles', title: 'copy @agent-chat/ui styles.css into dist', after: ['build'], command: node, args: ['packages/ui/scripts/copy-styles.mjs'] },
  // The built React modules get their "use client" directive (React Server Components; see the script).
  { id: 'use-client', title: 'mark the client modules "use client" (react, ui, testing)', after: ['build'], command: node, args: ['scripts/mark-client-modules.mjs', 'packages/react', 'packages/ui', 'packages/testing'] },
  // The public surface of each package (packages/<name>/api/), read from the built .d.ts: `npm run api:update` writes it.
  { id: 'api', title: 'API reports match the built declarations (packages/*/api)', after: ['build'], command: node, args: ['scripts/api-report.mjs'] },
  // The demo's production build, once, for every demo suite of the e2e project (they serve it with `vite preview`).
  { id: 'demo', title: 'build the demo for the browser suites (vite build)', after: BUILT, command: node, args: ['scripts/start.mjs', '--build-only', '--packages-built'], env: { NODE_ENV: 'production' } },
  // The packages as `npm pack` gives them, packed once (examples/prepare-example.mjs, keyed by their content): publint
  // and attw read these tarballs, and the README check and the example apps install them.
  {
    id: 'pack',
    title: 'pack the packages once (npm pack; for publint, attw, the README check and the examples)',
    after: BUILT,
    command: node,
    args: ['--input-type=module', '-e', `import { packedPackages } from ${JSON.stringify(`${root}examples/prepare-example.mjs`)}; console.log('tarballs ' + JSON.stringify(packedPackages()));`],
    done: (output) => {
      tarballs = JSON.parse(/^tarballs (.*)$/m.exec(output)?.[1] ?? '{}');
    },
  },
  // The root Storybook (stories of @agent-chat/ui, from their sources) must build offline; vitest's storybook project
  // opens every story of this build in Chromium, and the ui project runs the stories as tests in jsdom.
  { id: 'storybook', title: 'storybook build', command: bin('storybook'), args: ['build', '--quiet', '--output-dir', 'node_modules/.cache/storybook-static'], env: { STORYBOOK_DISABLE_TELEMETRY: '1' } },
  // Docs that run: the READMEs' ts/tsx blocks against the packed packages, in a project outside the repository.
  // Mostly waits on its install (39 s of CPU in 95 s): less than half a job, so the Next.js example builds beside it and
  // the browser suites that serve the examples, and the unit step after them, start about a minute sooner.
  { id: 'readme', title: 'README code blocks type-check against the packed packages (and the testing README\'s test runs)', after: ['pack'], weight: 0.4, command: node, args: ['scripts/check-readme-code.mjs'] },
  // The example apps installed from the tarballs and built once, before their browser suites (which then only serve
  // them). examples/vite shares its install with the README check: after it, never beside it.
  { id: 'example nextjs', title: 'install and build examples/nextjs from the packed packages (next build)', after: ['pack'], command: node, args: ['examples/prepare-example.mjs', 'nextjs'] },
  { id: 'example vite', title: 'install and build examples/vite from the packed packages (vite build)', after: ['readme'], command: node, args: ['examples/prepare-example.mjs', 'vite'] },
  // examples/storybook shares that install too: after the Vite example, never beside it.
  { id: 'example storybook', title: 'build examples/storybook from the packed packages (storybook build)', after: ['example vite'], command: node, args: ['examples/prepare-example.mjs', 'storybook'] },
  // The browser suites (Chromium), the builds above served: the two halves of e2e and each other browser project are
  // vitest runs of their own, side by side (in one run, vitest runs a project without file parallelism after the
  // others, alone). They mostly wait (token delays, page loads): their weight is the share of a core they took in a
  // quiet run (e2e 262 s of CPU in 616 s, the Storybook check 38 s in 221 s).
  ...e2eHalves.map((half) => ({
    id: half.id,
    title: `vitest: the browser project e2e, half ${half.id.slice(-3)} (Chromium; ${half.files.length} files, ~${Math.round(half.seconds)} s recorded)`,
    after: half.needs,
    weight: 0.4,
    ...vitest(half.run, ['e2e'], { E2E_SKIP_BUILD: '1', EXAMPLES_SKIP_PREPARE: '1' }, half.files),
  })),
  ...OTHER_BROWSER_PROJECTS.map((project) => ({
    id: `browser ${project}`,
    title: `vitest: the browser project ${project} (Chromium)`,
    after: BROWSER_NEEDS[project],
    weight: 0.2,
    ...vitest(project, [project], { E2E_SKIP_BUILD: '1', EXAMPLES_SKIP_PREPARE: '1' }),
  })),
  // The bench project reads built files (the bundles of bench/size): after the build.
  // The unit and integration projects in one vitest run (one pool of workers). Two workers (vitest's default is the
  // cores less one: a single worker on 2 cores, whose files' waits left a core idle: 318 s of CPU in 493 s); the
  // browser runs beside it take little CPU.
  {
    id: 'unit',
    title: `vitest: the unit and integration projects (${[...UNIT_PROJECTS, ...INTEGRATION_PROJECTS].join(', ')})`,
    after: BUILT,
    ...vitest('unit', [...UNIT_PROJECTS, ...INTEGRATION_PROJECTS], {}, [`--maxWorkers=${jobs}`]),
  },
  // After the build: the demo and its e2e pages import @agent-chat/ui's subpaths (math, diagrams, highlighter) through
  // the package's exports, whose types are in dist (a fresh clone's typecheck started beside tsc -b could miss them).
  // Typecheck and lint run in the background (nice +10, no share of a job): nothing waits for them, so they take the CPU
  // the browser suites' waits leave idle, instead of running after the suites as the run's last minute.
  { id: 'typecheck', title: 'typecheck sources, tests and scripts', after: ['build'], background: true, command: bin('tsc'), args: ['-p', 'tsconfig.check.json'] },
  { id: 'lint', title: 'lint (eslint: typescript-eslint, React Hooks rules)', background: true, command: bin('eslint'), args: ['--cache', '--cache-location', `${cache}eslint/`, '.'] },
  // Mostly waits (7 s of CPU in 29 s): a quarter of a job.
  { id: 'size', title: 'bundle sizes (size budgets reported; fails past the regression ceilings)', after: BUILT, weight: 0.25, command: node, args: ['bench/size/check-size.mjs', '--regression'] },
  ...packages.map((path) => ({ id: `publint ${path}`, title: `publint --strict ${path}`, after: ['pack'], command: bin('publint'), args: () => ['--strict', tarball(path)] })),
  // The packed packages' types resolve for ESM and bundler consumers (ESM-only: CommonJS resolutions are not checked);
  // a stylesheet has no types.
  ...packages.map((path) => ({ id: `attw ${path}`, title: `attw (are the types wrong) ${path}`, after: ['pack'], command: bin('attw'), args: () => [tarball(path), '--profile', 'esm-only', '--exclude-entrypoints', 'styles.css', 'structure.css', '--format', 'ascii'] })),
];

/**
 * CPU seconds (user + system) of this process's finished children, from /proc/self/stat (Linux; null elsewhere). Read
 * when each step's process exits, the difference from the previous reading is that step's CPU: on a shared machine
 * its wall time says more about the others' load than about the step.
 */
// /proc counts CPU time in USER_HZ ticks, 100 a second on Linux.
const ticks = existsSync('/proc/self/stat') ? 100 : null;
function childrenCpu() {
  if (!ticks) return null;
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  // Fields 16 and 17 of stat (cutime, cstime): the 14th and 15th after the command name.
  return (Number(fields[13]) + Number(fields[14])) / ticks;
}
let cpuSeen = childrenCpu();

/** Runs one step's command; resolves with whether it passed, its output and its CPU seconds. */
function runCommand(step) {
  return new Promise((resolve) => {
    const args = typeof step.args === 'function' ? step.args() : step.args;
    const child = spawn(step.command, args, { cwd: root, env: { ...process.env, ...(process.env.FORCE_COLOR ? {} : { NO_COLOR: '1' }), ...step.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    if (step.background && child.pid !== undefined) {
      try {
        setPriority(child.pid, Math.min(19, getPriority() + 10));
      } catch {
        // Not allowed here: it runs at the same priority.
      }
    }
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.stack ?? error}\n`)));
    let cpu = null;
    child.on('exit', () => {
      const now = childrenCpu();
      if (now !== null) [cpu, cpuSeen] = [now - cpuSeen, now];
    });
    child.on('close', (code) => resolve({ ok: code === 0, output: Buffer.concat(chunks).toString(), cpu }));
  });
}

/** Step id → { ok, ms, skipped? } once it has ended. */
const outcomes = new Map();
const running = new Map();
/** The jobs the running steps take: 1 each, a step that mostly waits (`weight`) less, a background step none. */
let busy = 0;
const weight = (step) => (step.background ? 0 : (step.weight ?? 1));

function start(step) {
  busy += weight(step);
  const begun = performance.now();
  console.log(`▶ ${step.title} (at ${seconds(begun - started)})`);
  running.set(
    step.id,
    runCommand(step).then(({ ok, output, cpu }) => {
      busy -= weight(step);
      running.delete(step.id);
      const ms = performance.now() - begun;
      if (ok && step.done) step.done(output);
      outcomes.set(step.id, { ok, ms, cpu, start: begun - started });
      const cpuNote = cpu === null ? '' : `, ${cpu.toFixed(1)} s CPU`;
      console.log(`\n━━ ${step.title}\n${output.trimEnd()}${output.trim() ? '\n' : ''}◀ ${seconds(ms)}${cpuNote}${ok ? '' : ' (failed)'}: ${step.title}`);
    }),
  );
}

const only = process.env.TEST_ONLY ? new Set(process.env.TEST_ONLY.split(',').map((id) => id.trim())) : null;
if (only) {
  for (const id of only) if (!steps.some((step) => step.id === id)) throw new Error(`TEST_ONLY: no step ${id} (steps: ${steps.map((step) => step.id).join(', ')})`);
  for (const step of steps) if (!only.has(step.id)) outcomes.set(step.id, { ok: true, ms: 0, cpu: null, skipped: 'not in TEST_ONLY' });
}

for (;;) {
  for (const step of steps) {
    if (outcomes.has(step.id) || running.has(step.id)) continue;
    const needs = step.after ?? [];
    const failed = needs.find((id) => outcomes.get(id) && !outcomes.get(id).ok);
    if (failed) {
      outcomes.set(step.id, { ok: false, ms: 0, skipped: `not run: ${failed} failed` });
      console.log(`\n◀ not run (${failed} failed): ${step.title}`);
      continue;
    }
    if (!needs.every((id) => outcomes.get(id)?.ok)) continue;
    if (busy + weight(step) > jobs + 1e-9) continue;
    start(step);
  }
  if (running.size === 0) break;
  await Promise.race(running.values());
}

let failedSteps = [...outcomes.values()].filter((outcome) => !outcome.ok).length;

// The browser suites need a Chromium: without one they skip themselves, and that is said loudly here; under CI a
// missing Chromium is a failure.
const noChromium = `${'!'.repeat(80)}\n!! NO CHROMIUM FOUND: the browser suites (apps/demo/e2e, examples/e2e and packages/ui/e2e: vitest projects e2e, storybook) are SKIPPED.\n!! Install Debian's: apt-get install -y chromium   (or set CHROMIUM_PATH)\n${'!'.repeat(80)}`;
if (!chromium) {
  console.log(`\n${noChromium}`);
  if (process.env.CI === 'true') {
    console.log('CI=true: a missing Chromium fails the run.');
    failedSteps++;
  }
}

// Where the time went: each step (start and length), each vitest project, the ten slowest test files.
const readJson = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);
const pad = (text, width) => String(text).padEnd(width);
console.log(`\nsteps (${jobs} at a time; started at + wall time, CPU time):`);
for (const step of [...steps].sort((a, b) => (outcomes.get(a.id)?.start ?? Infinity) - (outcomes.get(b.id)?.start ?? Infinity))) {
  const outcome = outcomes.get(step.id);
  if (!outcome || outcome.skipped === 'not in TEST_ONLY') continue;
  const status = outcome.skipped ? ` (${outcome.skipped})` : outcome.ok ? '' : ' (failed)';
  const cpu = outcome.cpu === null || outcome.cpu === undefined ? '' : `${outcome.cpu.toFixed(1)} s`;
  console.log(`  ${pad(outcome.skipped ? '' : `${seconds(outcome.start)} +`, 10)}${pad(seconds(outcome.ms), 9)}${pad(cpu, 9)}${step.title}${status}`);
}
const files = Object.values(vitestRuns).flatMap((run) => readJson(run.timings)?.files ?? []);
const projects = new Map();
for (const file of files) {
  const project = projects.get(file.project) ?? { files: 0, tests: 0, seconds: 0 };
  project.files++;
  project.tests += file.passed + file.failed + file.skipped;
  project.seconds += file.seconds;
  projects.set(file.project, project);
}
console.log('\nvitest projects (the sum of their files\' times):');
for (const [name, project] of [...projects].sort((a, b) => b[1].seconds - a[1].seconds)) console.log(`  ${pad(`${project.seconds.toFixed(1)} s`, 10)}${pad(name, 14)}${project.files} files, ${project.tests} tests`);
console.log('\nthe ten slowest test files:');
for (const file of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 10)) console.log(`  ${pad(`${file.seconds.toFixed(1)} s`, 10)}${pad(`[${file.project}]`, 15)}${file.file}`);
// The e2e files' times of a whole run, for the next split (node scripts/e2e-split.mjs --update after a quiet one).
const e2eTimings = e2eHalves.flatMap((half) => readJson(vitestRuns[half.run].timings)?.files ?? []);
if (e2eTimings.length > 0 && !only && !e2eOnly) writeFileSync(MEASURED_FILE, `${JSON.stringify(measuredRecord(durations, e2eTimings, e2eHalves.map((half) => (outcomes.get(half.id)?.skipped ? undefined : outcomes.get(half.id)?.start / 1000))), null, 1)}\n`);

let passed = 0;
let failed = 0;
let skipped = 0;
for (const run of Object.values(vitestRuns)) {
  const report = readJson(run.results);
  if (!report) continue;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}
if (!chromium) console.log(`\n${noChromium}`);
if (failedSteps > 0) console.log(`\n${failedSteps} step(s) failed: ${steps.filter((step) => outcomes.get(step.id) && !outcomes.get(step.id).ok).map((step) => step.id).join(', ')}.`);
console.log(`\ntests: ${passed} passed, ${failed + (failedSteps > 0 && failed === 0 ? failedSteps : 0)} failed, ${skipped} skipped`);
const totalCpu = childrenCpu();
console.log(`npm test took ${seconds(performance.now() - started)}${totalCpu === null ? '' : ` (${totalCpu.toFixed(0)} s CPU in its steps)`}`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
