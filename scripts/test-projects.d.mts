/** Unit tests: the packages' and the scripts', in Node or jsdom. */
export const UNIT_PROJECTS: string[];
/** Integration tests: the agent server app through HTTP. */
export const INTEGRATION_PROJECTS: string[];
/** The browser suites, in Chromium. */
export const BROWSER_PROJECTS: string[];
/** The e2e project's test files (vitest.config.ts); `npm test` splits them into two runs (scripts/e2e-split.mjs). */
export const E2E_INCLUDE: string[];
/** test:quick's vitest runs, side by side: their projects and worker slots ('shared': the cores less one, at least 2). */
export const QUICK_RUNS: { projects: string[]; workers: number | 'shared' }[];
/** The unit projects `npm run test:quick` runs. */
export const QUICK_PROJECTS: string[];
/** vitest's arguments that select `projects`. */
export function projectArgs(projects: string[]): string[];
