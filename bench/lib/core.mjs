// Loads @agent-chat/core from its TypeScript sources (run under `node --import tsx`).
// BENCH_CORE=<path to an index.ts or index.js> swaps in another copy (e.g. a patched one) for A/B measurements.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const DEFAULT = new URL('../../packages/core/src/index.ts', import.meta.url);

let loaded;
function corePath() {
  return process.env.BENCH_CORE ? pathToFileURL(resolve(process.env.BENCH_CORE)).href : DEFAULT.href;
}
export function loadCore() {
  loaded ??= import(corePath());
  return loaded;
}
