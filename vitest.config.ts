import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { protocolAliases } from './scripts/protocol-aliases.mjs';
import { E2E_INCLUDE } from './scripts/test-projects.mjs';
import EnvironmentGroupingSequencer from './scripts/vitest-sequencer.mjs';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// React 18.3 lives in its own node_modules (tools/react18) so that its react-dom finds it as its peer `react`.
const react18 = source('./tools/react18/node_modules/');

// The ui test files that need a module graph of their own (project ui-isolated); the others share one (project ui,
// isolate: false: half the CPU, no jsdom and no React loaded again for every file). A file goes here when it mocks a
// module, reads a module's first-load state (lazy chunks not loaded yet, a warning given once, nothing preloaded) or
// stubs globals the others read.
const UI_ISOLATED = [
  'packages/ui/src/agent-chat-view/lazy-parts.test.tsx',
  'packages/ui/src/agent-chat-view/lazy-parts.react18.test.tsx',
  'packages/ui/src/agent-chat-view/threads-first-page.test.tsx',
  'packages/ui/src/highlighting/highlighter.test.ts',
  'packages/ui/src/markdown/markdown-parse-cost.test.ts',
  'packages/ui/src/message-actions/message-actions-parts.test.tsx',
  // Its first render must meet a registry without the virtualiser's chunk (a fresh page): in the shared graph another
  // file may have loaded it first.
  'packages/ui/src/message-list/message-rows.test.tsx',
];
// Every story of @agent-chat/ui played as a test in jsdom, with axe (project ui-stories, a module graph of its own): the
// slowest unit file (83 stories, ~25 s of CPU), run by test:unit and npm test, not by test:quick's inner loop (the
// storybook project plays every story in Chromium too).
const UI_STORIES = ['packages/ui/stories/stories.test.tsx'];

export default defineConfig({
  resolve: {
    // Exact matches: '@agent-chat/ui' must not also rewrite '@agent-chat/ui/inspector'.
    alias: [
      { find: /^@agent-chat\/core$/, replacement: source('./packages/core/src/index.ts') },
      { find: /^@agent-chat\/core\/wire$/, replacement: source('./packages/core/src/wire-entry.ts') },
      { find: /^@agent-chat\/core\/binding$/, replacement: source('./packages/core/src/binding.ts') },
      { find: /^@agent-chat\/core\/contract$/, replacement: source('./packages/core/src/wire/contract.ts') },
      { find: /^@agent-chat\/core\/threads$/, replacement: source('./packages/core/src/threads/index.ts') },
      { find: /^@agent-chat\/core\/persist$/, replacement: source('./packages/core/src/chat/persist/index.ts') },
      { find: /^@agent-chat\/core\/genui$/, replacement: source('./packages/core/src/genui/index.ts') },
      ...protocolAliases(source('.')),
      { find: /^@agent-chat\/react$/, replacement: source('./packages/react/src/index.ts') },
      { find: /^@agent-chat\/ui$/, replacement: source('./packages/ui/src/index.ts') },
      { find: /^@agent-chat\/ui\/inspector$/, replacement: source('./packages/ui/src/inspector.ts') },
      { find: /^@agent-chat\/ui\/queue$/, replacement: source('./packages/ui/src/queue.ts') },
      { find: /^@agent-chat\/ui\/genui$/, replacement: source('./packages/ui/src/genui.ts') },
      { find: /^@agent-chat\/server$/, replacement: source('./packages/server/src/index.ts') },
      { find: /^@agent-chat\/server\/genkit$/, replacement: source('./packages/server/src/genkit/index.ts') },
      { find: /^@agent-chat\/testing$/, replacement: source('./packages/testing/src/index.ts') },
      { find: /^@agent-chat\/testing\/matchers$/, replacement: source('./packages/testing/src/matchers.ts') },
      { find: /^@agent-chat\/testing\/react$/, replacement: source('./packages/testing/src/react/index.ts') },
      { find: /^@agent-chat\/testing\/testing-library$/, replacement: source('./packages/testing/src/testing-library.ts') },
      { find: /^@agent-chat\/testing\/recordings\/(.+\.json)$/, replacement: source('./packages/testing/recordings/$1') },
    ],
  },
  test: {
    // vitest's order with each project's files of one environment together: a worker is reused only for a file of its
    // own project and environment (scripts/vitest-sequencer.mjs).
    sequence: { sequencer: EnvironmentGroupingSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          environment: 'node',
          include: ['packages/core/**/*.test.ts'],
          testTimeout: 20_000,
          // One module graph for all its files (isolate: false): core's 55 files took 36 s of CPU isolated, 17 s shared
          // (2 cores, one worker). A test that mocks a module or changes a global must undo it, or move its project
          // back to isolate: true.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'react',
          environment: 'jsdom',
          include: ['packages/react/**/*.test.{ts,tsx}'],
          env: { EXPECTED_REACT_MAJOR: '19' },
          testTimeout: 20_000,
          // One module graph for its files, as core (17 s of CPU instead of 25 s).
          isolate: false,
          typecheck: {
            // test:quick turns it off (VITEST_TYPECHECK=0): its own typecheck covers the type tests when react changed.
            enabled: process.env.VITEST_TYPECHECK !== '0',
            include: ['packages/react/**/*.test-d.ts'],
            // The type tests and what they import only (a program of core and react, not the whole repository's: the
            // typecheck step checks that once).
            tsconfig: './packages/react/tsconfig.test-d.json',
            // Other files' type errors are `tsc -p tsconfig.check.json`'s to report, not this project's.
            ignoreSourceErrors: true,
          },
        },
      },
      {
        extends: true,
        resolve: {
          alias: [
            // react, react/jsx-runtime, react-dom, react-dom/client, react-dom/server, react-dom/test-utils …
            { find: /^react(-dom)?(\/.*)?$/, replacement: `${react18}react$1$2` },
            // Its ES module build, so that Vite (not Node's require) resolves its react imports.
            {
              find: /^@testing-library\/react$/,
              replacement: source('./node_modules/@testing-library/react/dist/@testing-library/react.esm.js'),
            },
          ],
        },
        test: {
          name: 'react18',
          environment: 'jsdom',
          // And the ui tests that must hold on React 18 too (Composer's ref).
          include: ['packages/react/**/*.test.{ts,tsx}', 'packages/ui/src/**/*.react18.test.tsx'],
          env: { EXPECTED_REACT_MAJOR: '18' },
          testTimeout: 20_000,
          // Processed by Vite (not loaded by Node) so that its `react` and `react-dom` imports take the aliases.
          server: { deps: { inline: ['@testing-library/react'] } },
        },
      },
      {
        extends: true,
        test: {
          // @agent-chat/ui: the components' own tests, in one module graph (see UI_ISOLATED).
          name: 'ui',
          environment: 'jsdom',
          include: ['packages/ui/{src,test,stories}/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...UI_ISOLATED, ...UI_STORIES],
          setupFiles: ['packages/ui/test/setup.ts'],
          testTimeout: 20_000,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // @agent-chat/ui: the files that need their own modules.
          name: 'ui-isolated',
          environment: 'jsdom',
          include: UI_ISOLATED,
          setupFiles: ['packages/ui/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // @agent-chat/ui: every story run as a test (play function + axe).
          name: 'ui-stories',
          environment: 'jsdom',
          include: UI_STORIES,
          setupFiles: ['packages/ui/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // @agent-chat/testing: record and replay against the live test servers of every protocol; its React helpers.
          name: 'testing',
          environment: 'node',
          include: ['packages/testing/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
          // Shared module graph, as core (see there).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The benchmark scripts' own logic (bench/size: where a bundle's bytes go) and the repository scripts' (scripts/).
          name: 'bench',
          environment: 'node',
          include: ['bench/**/*.test.mjs', 'scripts/**/*.test.mjs'],
        },
      },
      {
        extends: true,
        test: {
          // @agent-chat/server's own tests: its handlers in process (memory, file and Redis stores).
          name: 'server',
          environment: 'node',
          include: ['packages/server/**/*.test.ts'],
          testTimeout: 20_000,
          // Concurrent tests (it.concurrent, describe.concurrent) side by side, not five at a time: those here wait on
          // turns' word timers, not on the CPU.
          maxConcurrency: 50,
          // One module graph for its files, as core (8 s of CPU instead of 16 s).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The agent server app through HTTP: its Genkit flows, protocols, turns and stores (integration tests).
          name: 'agent-server',
          environment: 'node',
          include: ['apps/agent-server/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // The browser suite: the real agent server and the built demo, driven in Debian's Chromium (apps/demo/e2e).
          name: 'e2e',
          environment: 'node',
          // examples/: the example apps installed from the packed packages, built and driven the same way.
          include: E2E_INCLUDE,
          globalSetup: ['apps/demo/e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // expect.poll waits until its condition holds; vitest's default gives up after 1 s, which a page streaming
          // under load (npm test runs two e2e runs beside the unit tests) can miss. A poll that passes ends as soon.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        extends: true,
        test: {
          // The built Storybook (storybook build) served statically and every story opened in Debian's Chromium.
          name: 'storybook',
          environment: 'node',
          include: ['packages/ui/e2e/**/*.e2e.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
          // As e2e's.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
