// The vitest projects (vitest.config.ts) by kind: `npm run test:unit` runs the unit ones, `npm run test:integration`
// the agent server app's, `npm run test:browser` the ones that drive Chromium, `npm test` all three (scripts/test.mjs).
// A new project goes in one of the three lists; scripts/test-projects.test.mjs checks that together they name every
// project of the config.

/** Unit tests: the packages' and the scripts', in Node or jsdom; no browser, no build of the demo or the examples. */
export const UNIT_PROJECTS = ['core', 'react', 'react18', 'ui', 'ui-isolated', 'ui-stories', 'testing', 'server', 'bench'];

/** Integration tests: the agent server app (apps/agent-server) through HTTP, its Genkit flows, stores and Redis. */
export const INTEGRATION_PROJECTS = ['agent-server'];

/** The browser suites: the demo's and the examples' (e2e) and the Storybook check (storybook), in Chromium. */
export const BROWSER_PROJECTS = ['e2e', 'storybook'];

/** The e2e project's test files (vitest.config.ts): `npm test` splits them into two runs (scripts/e2e-split.mjs). */
export const E2E_INCLUDE = ['apps/demo/e2e/**/*.e2e.test.ts', 'examples/e2e/**/*.e2e.test.ts'];

/**
 * `npm run test:quick`'s two vitest runs, side by side (scripts/test-quick.mjs). `workers`: that run's worker slots
 * (`shared`: the machine's cores less one, at least two). The first holds the projects whose files wait on servers,
 * timers and child processes (core, testing, server) and ui-isolated (a worker per file whatever the slots); the
 * second the jsdom projects that share one module graph (react, ui) on a single worker, which loads jsdom, React and
 * the ui sources once, not once per slot, and takes the CPU the first run's waits leave.
 */
export const QUICK_RUNS = [
  { projects: ['core', 'testing', 'server', 'ui-isolated'], workers: 'shared' },
  { projects: ['react', 'ui'], workers: 1 },
];

/**
 * The unit projects `npm run test:quick` runs: the five packages' own (core, react, ui, testing, server); not react18
 * (react's tests again on React 18), ui-stories (every story played in jsdom, the slowest unit file) nor bench.
 */
export const QUICK_PROJECTS = QUICK_RUNS.flatMap((run) => run.projects);

/** vitest's arguments that select `projects`. */
export const projectArgs = (projects) => projects.flatMap((name) => ['--project', name]);
