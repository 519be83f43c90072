#!/usr/bin/env node
// Installs an example as a user gets it: the kit's packages from `npm pack` tarballs (not workspace links), in a copy
// of the example outside the repository (so nothing resolves from the repository's node_modules), then builds it.
//
//   node examples/prepare-example.mjs nextjs [--no-build]   prints the folder of the installed copy
//
// Needs the packages built (`npm run build`). The copy is under the system's temp folder, reused across runs: `npm
// install --prefer-offline` is quick once its cache is warm. One folder per checkout (examplesDir).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';

const root = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = ['core', 'react', 'ui', 'testing', 'server'];
/** Where the examples are installed: one folder per checkout (two checkouts on one machine never share one). */
export const examplesDir = join(tmpdir(), `agent-chat-examples-${createHash('sha256').update(root).digest('hex').slice(0, 8)}`);

function run(command, args, cwd, env = {}) {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${result.status})\n${result.stdout}`);
  return result.stdout;
}

/** Packs the built packages into `dir`; returns the tarball path of each package name. */
export function packPackages(dir) {
  mkdirSync(dir, { recursive: true });
  const tarballs = {};
  for (const name of PACKAGES) {
    const [info] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', dir, `./packages/${name}`], root));
    tarballs[`@agent-chat/${name}`] = join(dir, info.filename);
  }
  return tarballs;
}

/** The folder `prepareExample(name)` installs into. */
export function preparedExample(name) {
  return join(examplesDir, name);
}

/** Copies `examples/<name>` to a temp folder, points its @agent-chat dependencies at the tarballs and installs it. */
export function prepareExample(name, { build = true } = {}) {
  const source = join(root, 'examples', name);
  const target = preparedExample(name);
  const tarballs = packPackages(join(examplesDir, 'packs'));
  // Keep node_modules (a warm install) but nothing else from an earlier run.
  if (existsSync(target)) for (const entry of ['app', 'src', '.next', 'dist']) rmSync(join(target, entry), { recursive: true, force: true });
  cpSync(source, target, { recursive: true, filter: (path) => !/[\\/](node_modules|\.next|dist)([\\/]|$)/.test(path.slice(source.length)) });
  const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
  for (const section of ['dependencies', 'devDependencies']) {
    for (const dependency of Object.keys(manifest[section] ?? {})) {
      if (tarballs[dependency]) manifest[section][dependency] = `file:${tarballs[dependency]}`;
    }
  }
  // What a registry would give for the kit's own dependencies between its packages (ui needs react, …): the tarballs.
  manifest.overrides = Object.fromEntries(Object.entries(tarballs).map(([dependency, path]) => [dependency, `file:${path}`]));
  writeFileSync(join(target, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // The same tarball name holds new contents each run: drop the lock and the installed copies of the kit.
  rmSync(join(target, 'package-lock.json'), { force: true });
  for (const dependency of Object.keys(tarballs)) rmSync(join(target, 'node_modules', dependency), { recursive: true, force: true });
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], target);
  if (build) run('npm', ['run', 'build'], target, { NEXT_TELEMETRY_DISABLED: '1' });
  return target;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const name = process.argv[2];
  if (!name) {
    console.error('usage: node examples/prepare-example.mjs <nextjs|vite> [--no-build]');
    process.exit(2);
  }
  console.log(prepareExample(name, { build: !process.argv.includes('--no-build') }));
}
