// Resolves @agent-chat/server and @agent-chat/server/genkit to the package's TypeScript sources (as vitest's aliases
// do), so the server bench measures the code in the tree with no build step.
// BENCH_SERVER_SRC=path/to/src measures another copy of the sources (the code before a change, for example).
import { pathToFileURL } from 'node:url';

const src = process.env.BENCH_SERVER_SRC ? pathToFileURL(`${process.env.BENCH_SERVER_SRC.replace(/\/+$/, '')}/`) : new URL('../../packages/server/src/', import.meta.url);
const ALIASES = {
  '@agent-chat/server': new URL('index.ts', src).href,
  '@agent-chat/server/genkit': new URL('genkit/index.ts', src).href,
};

export async function resolve(specifier, context, next) {
  const alias = ALIASES[specifier];
  return alias ? next(alias, context) : next(specifier, context);
}
