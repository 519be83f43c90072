#!/usr/bin/env node
// `npm test`: build and typecheck everything, lint the packages, run every test project, and close with a
// plain "N passed, N failed" line. Each step prints its seconds, the last line the whole run's. Exits non-zero when any
// step fails.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findChromium } from '../apps/demo/e2e/find-chromium.mjs';
import { packedPackages } from '../examples/prepare-example.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => `${root}node_modules/.bin/${name}`;
const results = `${root}node_modules/.cache/vitest-results.json`;

const started = performance.now();
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Runs a step: a command (`command`, `args`, `env`) or, when `command` is a function, that function in this process. */
function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const start = performance.now();
  let ok;
  if (typeof command === 'function') {
    try {
      command();
      ok = true;
    } catch (error) {
      console.error(error);
      ok = false;
    }
  } else ok = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;
  console.log(`◀ ${seconds(start)}${ok ? '' : ' (failed)'}: ${title}`);
  return ok;
}

// The packages as `npm pack` gives them, packed once (examples/prepare-example.mjs, keyed by their content): publint
// and attw read these tarballs, and the README check and the example apps install them.
let tarballs = {};
const pack = () => {
  tarballs = packedPackages();
};
const tarball = (path) => tarballs[JSON.parse(readFileSync(`${root}${path}/package.json`, 'utf8')).name] ?? path;

const packages = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).workspaces.filter((path) => path.startsWith('packages/'));
const steps = [
  ['the repository stands alone (no tracked file names a folder outside it)', process.execPath, ['scripts/check-standalone.mjs']],
  ['no import cycles, no import up a layer in packages/*/src', process.execPath, ['scripts/check-import-cycles.mjs']],
  ['build the packages (tsc -b)', bin('tsc'), ['-b']],
  // tsc does not copy CSS: @agent-chat/ui's stylesheet goes into its dist here (its own `build` script does the same).
  ['copy @agent-chat/ui styles.css into dist', process.execPath, ['packages/ui/scripts/copy-styles.mjs']],
  // The built React modules get their "use client" directive (React Server Components; see the script).
  ['mark the client modules "use client" (react, ui, testing)', process.execPath, ['scripts/mark-client-modules.mjs', 'packages/react', 'packages/ui', 'packages/testing']],
  ['bundle sizes (size budgets reported; fails past the regression ceilings)', process.execPath, ['bench/size/check-size.mjs', '--regression']],
  ['typecheck sources, tests and scripts', bin('tsc'), ['-p', 'tsconfig.check.json']],
  ['lint (eslint: typescript-eslint, React Hooks rules)', bin('eslint'), ['.']],
  ['pack the packages once (npm pack; for publint, attw, the README check and the examples)', pack],
  // Functions: the tarball paths are known once the step above has run.
  ...packages.map((path) => [`publint --strict ${path}`, bin('publint'), () => ['--strict', tarball(path)]]),
  // The packed packages' types resolve for ESM and bundler consumers (ESM-only: CommonJS resolutions are not checked);
  // a stylesheet has no types.
  ...packages.map((path) => [`attw (are the types wrong) ${path}`, bin('attw'), () => [tarball(path), '--profile', 'esm-only', '--exclude-entrypoints', 'styles.css', 'structure.css', '--format', 'ascii']]),
  // Docs that run: the READMEs' ts/tsx blocks against the packed packages, in a project outside the repository.
  ['README code blocks type-check against the packed packages (and the testing README\'s test runs)', process.execPath, ['scripts/check-readme-code.mjs']],
  // The root Storybook (stories of @agent-chat/ui) must build offline; vitest's storybook project opens every story of
  // this build in Chromium, and the ui project runs the stories as tests in jsdom.
  ['storybook build', bin('storybook'), ['build', '--quiet', '--output-dir', 'node_modules/.cache/storybook-static'], { STORYBOOK_DISABLE_TELEMETRY: '1' }],
];
let failedSteps = 0;
for (const [title, command, args, env] of steps) if (!run(title, command, typeof args === 'function' ? args() : args, env)) failedSteps++;

// The browser suites (vitest projects e2e and storybook) need a Chromium: without one it skips itself, and that is said loudly here;
// under CI a missing Chromium is a failure.
const chromiumMissing = findChromium() === null;
const noChromium = `${'!'.repeat(80)}\n!! NO CHROMIUM FOUND: the browser suites (apps/demo/e2e and packages/ui/e2e: vitest projects e2e, storybook) are SKIPPED.\n!! Install Debian's: apt-get install -y chromium   (or set CHROMIUM_PATH)\n${'!'.repeat(80)}`;
if (chromiumMissing) {
  console.log(`\n${noChromium}`);
  if (process.env.CI === 'true') {
    console.log('CI=true: a missing Chromium fails the run.');
    failedSteps++;
  }
}

rmSync(results, { force: true });
// The steps above built the packages (tsc -b, styles, "use client"): the browser suite's global setup builds the demo only.
const vitestOk = run('vitest (every project)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${results}`], { E2E_PACKAGES_BUILT: '1' });
if (!vitestOk) failedSteps++;

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(results)) {
  const report = JSON.parse(readFileSync(results, 'utf8'));
  passed = report.numPassedTests;
  failed = report.numFailedTests;
  skipped = report.numPendingTests + report.numTodoTests;
}
if (chromiumMissing) console.log(`\n${noChromium}`);
if (failedSteps > 0) console.log(`\n${failedSteps} step(s) failed.`);
console.log(`\ntests: ${passed} passed, ${failed + (failedSteps > 0 && failed === 0 ? failedSteps : 0)} failed, ${skipped} skipped`);
console.log(`npm test took ${seconds(started)}`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
