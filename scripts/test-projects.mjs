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
 * The unit projects `npm run test:quick` runs: the five packages' own (core, react, ui, testing, server); not react18
 * (react's tests again on React 18), ui-stories (every story played in jsdom, the slowest unit file) nor bench.
 */
export const QUICK_PROJECTS = ['core', 'react', 'ui', 'ui-isolated', 'testing', 'server'];

/** vitest's arguments that select `projects`. */
export const projectArgs = (projects) => projects.flatMap((name) => ['--project', name]);
