// The vitest projects (vitest.config.ts) by kind: `npm run test:unit` runs the unit ones, `npm run test:browser` the
// ones that drive Chromium, `npm test` both (scripts/test.mjs). A new project goes in one of the two lists; the
// package-manifests test checks that together they name every project of the config.

/** Unit tests: Node or jsdom, no browser, no build of the demo or the examples. */
export const UNIT_PROJECTS = ['core', 'react', 'react18', 'ui', 'testing', 'bench', 'agent-server'];

/** The browser suites: the demo's and the examples' (e2e) and the Storybook check (storybook), in Chromium. */
export const BROWSER_PROJECTS = ['e2e', 'storybook'];

/** The unit projects `npm run test:quick` runs: the packages' own (core, react, ui, testing; server's are in agent-server). */
export const QUICK_PROJECTS = ['core', 'react', 'ui', 'testing', 'agent-server'];

/** vitest's arguments that select `projects`. */
export const projectArgs = (projects) => projects.flatMap((name) => ['--project', name]);
