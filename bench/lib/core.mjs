// Loads @agent-chat/core from its TypeScript sources (run under `node --import tsx`): the root entry plus the internals
// the benchmarks measure on their own (the framers, two decoders, the custom-state patcher), which it does not export.
// BENCH_CORE=<path to an index.ts or index.js> swaps in another copy (e.g. a patched one, or a built dist/index.js)
// for A/B measurements; the internals are loaded from the same folder.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const DEFAULT = new URL('../../packages/core/src/index.ts', import.meta.url);
const INTERNALS = ['wire-entry', 'protocols/genkit/index', 'protocols/agentflow/index', 'chat/state/apply-custom-patch'];

let loaded;
function corePath() {
  return process.env.BENCH_CORE ? pathToFileURL(resolve(process.env.BENCH_CORE)).href : DEFAULT.href;
}
export function loadCore() {
  loaded ??= (async () => {
    const root = corePath();
    const extension = root.endsWith('.js') ? '.js' : '.ts';
    const modules = await Promise.all([root, ...INTERNALS.map((path) => new URL(`${path}${extension}`, root).href)].map((url) => import(url)));
    return Object.assign({}, ...modules);
  })();
  return loaded;
}

/** Internal modules of the same core copy (paths under its src/, no extension), merged: for benchmarks of one stage. */
export async function loadInternals(paths) {
  const root = corePath();
  const extension = root.endsWith('.js') ? '.js' : '.ts';
  const modules = await Promise.all(paths.map((path) => import(new URL(`${path}${extension}`, root).href)));
  return Object.assign({}, ...modules);
}
