#!/usr/bin/env node
// Installs an example as a user gets it: the kit's packages from `npm pack` tarballs (not workspace links), in a copy
// of the example outside the repository (so nothing resolves from the repository's node_modules), then builds it.
//
//   node examples/prepare-example.mjs nextjs [--no-build]   prints the folder of the installed copy
//
// Needs the packages built (`npm run build`). Everything is under the system's temp folder, one folder per checkout
// (examplesDir), reused across runs:
// - packs/<key>/: the five tarballs, packed once per content of packages/* (packedPackages; the key hashes every file
//   there but node_modules, a superset of what `npm pack` takes), so one `npm test` packs once for the README check,
//   the examples and attw;
// - shared/: one install for the README check (shared/readme-code), examples/vite (shared/vite) and examples/storybook
//   (shared/storybook), whose dependency sets are compatible (the same pins); it is redone only when its package.json
//   changes (new tarballs or pins);
// - nextjs/: Next.js's own install and app (its build wants its own project root).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';

const root = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = ['core', 'react', 'ui', 'testing', 'server'];
/** Where the examples are installed: one folder per checkout (two checkouts on one machine never share one). */
export const examplesDir = join(tmpdir(), `agent-chat-examples-${createHash('sha256').update(root).digest('hex').slice(0, 8)}`);
/** The examples installed in the shared install (the README check's folder is the other one there). */
const SHARED = new Set(['vite', 'storybook']);
/** The tools a reader's project has for the READMEs' blocks (scripts/check-readme-code.mjs), pinned as the repository pins them. */
export const README_TOOLS = ['typescript', 'react', 'react-dom', '@types/react', '@types/react-dom', '@types/node', 'vitest', 'jsdom', '@testing-library/react', 'express', '@types/express', 'genkit', 'storybook', '@storybook/react-vite'];
const sharedDir = join(examplesDir, 'shared');

function run(command, args, cwd, env = {}) {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${result.status})\n${result.stdout}`);
  return result.stdout;
}

/** Every file under `dir` but node_modules, relative paths sorted (for a content key). */
function filesUnder(dir, prefix = '') {
  const files = [];
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') files.push(...filesUnder(dir, path));
    } else if (entry.isFile()) files.push(path);
  }
  return files.sort();
}

/** A hash of every file under packages/<name> (but node_modules) of the five packages: equal keys, equal tarballs. */
export function packagesKey() {
  const hash = createHash('sha256');
  for (const name of PACKAGES) {
    const dir = join(root, 'packages', name);
    for (const file of filesUnder(dir)) hash.update(`${name}/${file}\0`).update(readFileSync(join(dir, file))).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Packs the built packages into `dir` (one `npm pack` for the five); returns the tarball path of each package name. */
export function packPackages(dir) {
  mkdirSync(dir, { recursive: true });
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', dir, ...PACKAGES.flatMap((name) => ['--workspace', `packages/${name}`])], root));
  return Object.fromEntries(packed.map((info) => [info.name, join(dir, info.filename)]));
}

/**
 * The built packages as `npm pack` gives them, packed once per content (packs/<key>/, see packagesKey; older keys are
 * removed): `{ '@agent-chat/core': '<examplesDir>/packs/<key>/agent-chat-core-1.0.0-rc.0.tgz', … }`.
 */
export function packedPackages() {
  const packs = join(examplesDir, 'packs');
  const dir = join(packs, packagesKey());
  const manifest = join(dir, 'tarballs.json');
  if (!existsSync(manifest)) {
    const staging = `${dir}.${process.pid}.tmp`;
    rmSync(staging, { recursive: true, force: true });
    const tarballs = packPackages(staging);
    if (Object.keys(tarballs).length !== PACKAGES.length) throw new Error(`npm pack gave ${Object.keys(tarballs).join(', ')}`);
    writeFileSync(join(staging, 'tarballs.json'), `${JSON.stringify(Object.fromEntries(Object.entries(tarballs).map(([name, path]) => [name, path.slice(staging.length + 1)])), null, 2)}\n`);
    try {
      renameSync(staging, dir);
    } catch (error) {
      // Another process packed the same content first: its tarballs are these.
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(manifest)) throw error;
    }
    for (const entry of readdirSync(packs)) if (join(packs, entry) !== dir && !entry.endsWith('.tmp')) rmSync(join(packs, entry), { recursive: true, force: true });
  }
  const files = JSON.parse(readFileSync(manifest, 'utf8'));
  return Object.fromEntries(Object.entries(files).map(([name, file]) => [name, join(dir, file)]));
}

/** Adds `dependencies` to `into`, refusing two different specs for one name (then the install cannot be shared). */
function mergeDependencies(into, dependencies, from) {
  for (const [name, spec] of Object.entries(dependencies ?? {})) {
    if (into[name] !== undefined && into[name] !== spec) throw new Error(`${from} wants ${name}@${spec}, the shared install has ${into[name]}: pin the same version`);
    into[name] = spec;
  }
}

/**
 * Runs `npm install` in `dir` for `manifest` (with the tarballs as the kit's packages and as what a registry would give
 * for their dependencies on each other), unless the install there was made for this very manifest: the tarball paths
 * are keyed by content, so an equal manifest is an equal install.
 */
function install(dir, manifest, tarballs) {
  manifest.overrides = Object.fromEntries(Object.entries(tarballs).map(([dependency, path]) => [dependency, `file:${path}`]));
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  const stamp = join(dir, 'node_modules', '.agent-chat-installed.json');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === text && existsSync(join(dir, 'package.json'))) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), text);
  // New tarballs: drop the lock and the installed copies of the kit (the rest of node_modules keeps the install warm).
  rmSync(join(dir, 'package-lock.json'), { force: true });
  rmSync(stamp, { force: true });
  for (const dependency of Object.keys(tarballs)) rmSync(join(dir, 'node_modules', dependency), { recursive: true, force: true });
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], dir);
  writeFileSync(stamp, text);
}

/** Points a manifest's @agent-chat dependencies at the tarballs. */
function withTarballs(manifest, tarballs) {
  for (const section of ['dependencies', 'devDependencies']) {
    for (const dependency of Object.keys(manifest[section] ?? {})) {
      if (tarballs[dependency]) manifest[section][dependency] = `file:${tarballs[dependency]}`;
    }
  }
  return manifest;
}

/**
 * The shared install (shared/node_modules) with the README check's tools (README_TOOLS), every packed package, and the
 * dependencies of the shared examples; returns its folder. The README check works in shared/readme-code, a shared
 * example in shared/<name>: both resolve their imports from shared/node_modules.
 */
export function prepareSharedInstall() {
  const tarballs = packedPackages();
  // genkit (the @agent-chat/server/genkit blocks' agent) is pinned where the agent server uses it.
  const pins = {
    ...JSON.parse(readFileSync(join(root, 'apps/agent-server/package.json'), 'utf8')).dependencies,
    ...JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies,
  };
  const dependencies = Object.fromEntries(Object.entries(tarballs).map(([name, path]) => [name, `file:${path}`]));
  mergeDependencies(dependencies, Object.fromEntries(README_TOOLS.map((name) => [name, pins[name]])), 'the README check');
  for (const name of [...SHARED].sort()) {
    const manifest = withTarballs(JSON.parse(readFileSync(join(root, 'examples', name, 'package.json'), 'utf8')), tarballs);
    mergeDependencies(dependencies, manifest.dependencies, `examples/${name}`);
    mergeDependencies(dependencies, manifest.devDependencies, `examples/${name}`);
  }
  install(sharedDir, { name: 'agent-chat-shared-install', private: true, type: 'module', dependencies }, tarballs);
  return sharedDir;
}

/** The folder `prepareExample(name)` installs into. */
export function preparedExample(name) {
  return SHARED.has(name) ? join(sharedDir, name) : join(examplesDir, name);
}

/** The node_modules an example's build and server run from (shared/node_modules for the shared ones). */
export function exampleModules(name) {
  return SHARED.has(name) ? join(sharedDir, 'node_modules') : join(examplesDir, name, 'node_modules');
}

/** Copies `examples/<name>` to a temp folder, points its @agent-chat dependencies at the tarballs and installs it. */
export function prepareExample(name, { build = true } = {}) {
  const source = join(root, 'examples', name);
  const target = preparedExample(name);
  // Keep node_modules (a warm install) but nothing else from an earlier run.
  if (existsSync(target)) for (const entry of ['app', 'src', '.next', 'dist']) rmSync(join(target, entry), { recursive: true, force: true });
  cpSync(source, target, { recursive: true, filter: (path) => !/[\\/](node_modules|\.next|dist)([\\/]|$)/.test(path.slice(source.length)) });
  if (SHARED.has(name)) {
    prepareSharedInstall();
    const tarballs = packedPackages();
    // Its own manifest as the user has it (with the tarballs), for `npm run build`; its modules are shared/node_modules.
    writeFileSync(join(target, 'package.json'), `${JSON.stringify(withTarballs(JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')), tarballs), null, 2)}\n`);
  } else {
    const tarballs = packedPackages();
    install(target, withTarballs(JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')), tarballs), tarballs);
  }
  if (build) run('npm', ['run', 'build'], target, { NEXT_TELEMETRY_DISABLED: '1', STORYBOOK_DISABLE_TELEMETRY: '1' });
  return target;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const name = process.argv[2];
  if (!name) {
    console.error('usage: node examples/prepare-example.mjs <nextjs|vite|storybook> [--no-build]');
    process.exit(2);
  }
  console.log(prepareExample(name, { build: !process.argv.includes('--no-build') }));
}
