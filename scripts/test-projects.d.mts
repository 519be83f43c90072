/** Unit tests: the packages' and the scripts', in Node or jsdom. */
export const UNIT_PROJECTS: string[];
/** Integration tests: the agent server app through HTTP. */
export const INTEGRATION_PROJECTS: string[];
/** The browser suites, in Chromium. */
export const BROWSER_PROJECTS: string[];
/** The e2e project's test files (vitest.config.ts); `npm test` splits them into two runs (scripts/e2e-split.mjs). */
export const E2E_INCLUDE: string[];
/** The unit projects `npm run test:quick` runs. */
export const QUICK_PROJECTS: string[];
/** vitest's arguments that select `projects`. */
export function projectArgs(projects: string[]): string[];
