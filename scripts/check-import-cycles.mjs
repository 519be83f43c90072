#!/usr/bin/env node
// Fails when the relative imports of packages/*/src form a cycle (type-only imports count: they couple files too), or
// when one points up a layer (a package above its own, a later folder of a layered package: upwardImports below).
// Inside core, server and ui, a folder imports only the folders below it (CORE_FOLDERS, SERVER_FOLDERS, UI_FOLDERS).
// `node scripts/check-import-cycles.mjs` prints each; npm test runs it, and a core test runs importCycles() and upwardImports().
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const SOURCE = /\.(ts|tsx|mts)$/;

/** The file a relative specifier names (`./x.js` is `./x.ts` or `./x.tsx` in the sources), or null. */
function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier).replace(/\.(m?js|jsx)$/, '');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}.mts`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every source file under the folders (tests and stories included: they must not close a cycle either). */
function sourceFiles(folders) {
  return folders.flatMap((folder) => readdirSync(folder, { recursive: true })
    .filter((file) => SOURCE.test(file) && !file.endsWith('.d.ts'))
    .map((file) => join(folder, file)));
}

/** The import graph of the files: file → the files it imports. */
export function importGraph(files) {
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set();
    for (const [, specifier] of text.matchAll(IMPORT)) {
      const target = resolveImport(file, specifier);
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected components with more than one file, or a file importing itself (Tarjan's algorithm). */
export function cyclesOf(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.has(node)) cycles.push(component.reverse());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** The import cycles among packages/<name>/src of a repository root, as lists of paths relative to it. */
export function importCycles(root) {
  const packages = join(root, 'packages');
  const folders = readdirSync(packages).map((name) => join(packages, name, 'src')).filter((folder) => existsSync(folder));
  return cyclesOf(importGraph(sourceFiles(folders))).map((cycle) => cycle.map((file) => relative(root, file)));
}

/** What each package's shipped sources may import (dependencies point down: ui → react → core; testing → react, core). */
export const PACKAGE_LAYERS = {
  core: [],
  server: ['core'],
  react: ['core'],
  testing: ['core', 'react'],
  ui: ['core', 'react'],
};

/**
 * @agent-chat/core as a pipeline, bottom first: a folder imports only the folders before it. Files directly in src/
 * are the package's entry points (the root entry, the `/wire` facade) and sit on top.
 */
export const CORE_FOLDERS = ['util', 'model', 'wire', 'genui', 'transport', 'protocols', 'chat', 'threads'];

/**
 * @agent-chat/server the same way, bottom first: the Web handler and its Node adapters, the request checks, who may
 * read a conversation, resumable turns, the threads routes, the Genkit protocol handlers on top of them all.
 */
export const SERVER_FOLDERS = ['http', 'hygiene', 'access', 'turns', 'threads', 'genkit'];

/**
 * @agent-chat/ui bottom first, as core's: a part depends on context and utilities, never on the composed view
 * (agent-chat-view/, on top), and the component families form no cycle (issue 41). Files directly in src/ (the entry
 * points) sit on top.
 */
export const UI_FOLDERS = [
  'util', 'parts', 'context', 'labels', 'media', 'markdown', 'highlighting', 'interrupt-prompt', 'sub-agent', 'tools', 'message-actions',
  'message-list', 'composer', 'thinking-indicator', 'artifacts', 'thread-list', 'inspector', 'agent-chat-view',
];

/** The packages whose folders are layers (a folder imports only the folders before it in its list). */
export const FOLDER_LAYERS = { core: CORE_FOLDERS, server: SERVER_FOLDERS, ui: UI_FOLDERS };

/**
 * Known upward imports left to another change, each with the issue that removes it (`from → to`, paths under packages/).
 * None today (issue 29 moved the client tools' declaration type to model/tools.ts).
 */
export const ALLOWED_UPWARD = new Set([]);

const BARE = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]@agent-chat\/([a-z-]+)[^'"]*['"]|import\(\s*['"]@agent-chat\/([a-z-]+)/g;
const SHIPPED = (file) => /\.(ts|tsx|mts)$/.test(file) && !file.endsWith('.d.ts') && !/(\.(test|test-d|stories|react18\.test)|-test-support)\.tsx?$/.test(file)
  && !file.split(sep).includes('stories');

/** Where a file under packages/ sits: its package, and for a package of FOLDER_LAYERS its layer index (entries on top). */
function placeOf(packages, file) {
  const [pkg, src, folder, ...rest] = relative(packages, file).split(sep);
  if (src !== 'src' || !pkg) return null;
  const folders = FOLDER_LAYERS[pkg];
  if (!folders) return { pkg, layer: 0 };
  const layer = rest.length === 0 ? folders.length : folders.indexOf(folder ?? '');
  return { pkg, layer: layer < 0 ? folders.length : layer, folder: rest.length === 0 ? '(entry)' : folder };
}

/**
 * The imports of packages/<name>/src (tests and stories aside: they may reach test servers and recordings) that point
 * up a layer: another package this one may not depend on (relative or by name), or, inside core, a later folder.
 * Each as `from → to (why)`, paths relative to packages/.
 */
export function upwardImports(root) {
  const packages = join(root, 'packages');
  const files = readdirSync(packages)
    .map((name) => join(packages, name, 'src'))
    .filter((folder) => existsSync(folder))
    .flatMap((folder) => readdirSync(folder, { recursive: true }).filter(SHIPPED).map((file) => join(folder, file)));
  const found = [];
  const name = (file) => relative(packages, file).split(sep).join('/');
  for (const [file, targets] of importGraph(files)) {
    const from = placeOf(packages, file);
    if (!from) continue;
    const allowed = PACKAGE_LAYERS[from.pkg] ?? [];
    for (const [, named, dynamic] of readFileSync(file, 'utf8').matchAll(BARE)) {
      const target = named ?? dynamic;
      if (target !== from.pkg && !allowed.includes(target)) found.push(`${name(file)} → @agent-chat/${target} (${from.pkg} may import ${allowed.join(', ') || 'no other package'})`);
    }
    for (const target of targets) {
      const edge = `${name(file)} → ${name(target)}`;
      if (ALLOWED_UPWARD.has(edge)) continue;
      const to = placeOf(packages, target);
      if (!to || (to.pkg !== from.pkg && !allowed.includes(to.pkg))) {
        found.push(`${edge} (outside what ${from.pkg} may import)`);
      } else if (to.pkg === from.pkg && FOLDER_LAYERS[from.pkg] && to.layer > from.layer) {
        found.push(`${edge} (${from.folder} is below ${to.folder} in ${from.pkg})`);
      }
    }
  }
  return [...found, ...storiesReachingOut(packages)];
}

// Files stories may still reach by path, by where they are (under packages/): the Genkit captures, until
// @agent-chat/testing exports them as it exports its recordings.
const STORY_SOURCES_ALLOWED = ['core/test/fixtures/genkit/'];
const STORY = (file) => /\.stories\.tsx?$/.test(file) || file.split(sep).includes('stories');
const RELATIVE = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;

/** Stories (in src/ or a package's stories/) take other packages' files by their exports, never by a relative path out. */
function storiesReachingOut(packages) {
  const found = [];
  for (const pkg of readdirSync(packages)) {
    for (const folder of ['src', 'stories'].map((sub) => join(packages, pkg, sub)).filter((path) => existsSync(path))) {
      const inStories = folder.endsWith(`${sep}stories`);
      for (const file of readdirSync(folder, { recursive: true }).filter((path) => /\.tsx?$/.test(path) && (inStories || STORY(path)))) {
        const path = join(folder, file);
        for (const [, specifier] of readFileSync(path, 'utf8').matchAll(RELATIVE)) {
          const target = relative(join(packages, pkg), resolve(dirname(path), specifier));
          const under = relative(packages, resolve(dirname(path), specifier)).split(sep).join('/');
          if (target.startsWith('..') && !STORY_SOURCES_ALLOWED.some((prefix) => under.startsWith(prefix))) found.push(`${relative(packages, path).split(sep).join('/')} → ${specifier} (a story takes another package's files by its exports)`);
        }
      }
    }
  }
  return found;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const cycles = importCycles(root);
  for (const cycle of cycles) console.log(`import cycle: ${cycle.join(' → ')} → ${cycle[0]}`);
  console.log(cycles.length === 0 ? 'import cycles: none' : `import cycles: ${cycles.length} found`);
  const upward = upwardImports(root);
  for (const edge of upward) console.log(`import up a layer: ${edge}`);
  console.log(upward.length === 0 ? 'imports up a layer: none' : `imports up a layer: ${upward.length} found`);
  process.exit(cycles.length === 0 && upward.length === 0 ? 0 : 1);
}
