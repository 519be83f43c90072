import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic, type StaticServer } from './static-server.js';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The workspace packages a page imports, from their sources (no build of the packages needed). */
const ALIASES = [
  { find: /^@agent-chat\/core$/, replacement: source('../../core/src/index.ts') },
  { find: /^@agent-chat\/core\/threads$/, replacement: source('../../core/src/threads/index.ts') },
  { find: /^@agent-chat\/react$/, replacement: source('../../react/src/index.ts') },
];

/**
 * A production Vite build of one of e2e/'s pages (`folder`, e.g. 'thread-list'), served statically on 127.0.0.1 until
 * `close`, which also removes the build.
 */
export async function servePage(folder: string): Promise<StaticServer> {
  const outDir = await mkdtemp(join(tmpdir(), `acu-${folder}-`));
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  // Vitest sets NODE_ENV=test, which Vite's build would keep: React and its JSX runtime would be their development
  // builds (a component stack captured per element), several times slower than what an app ships.
  const environment = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({
    root: source(`./${folder}`),
    logLevel: 'error',
    configFile: false,
    mode: 'production',
    plugins: [react()],
    resolve: { alias: ALIASES },
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  }).finally(() => {
    process.env.NODE_ENV = environment;
  });
  const server = await serveStatic(outDir);
  return {
    url: server.url,
    async close() {
      await server.close();
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
