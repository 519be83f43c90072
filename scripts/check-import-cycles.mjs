#!/usr/bin/env node
// Fails when the relative imports of packages/*/src form a cycle (type-only imports count: they couple files too).
// `node scripts/check-import-cycles.mjs` prints each cycle; npm test runs it, and a core test runs importCycles().
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const cycles = importCycles(root);
  for (const cycle of cycles) console.log(`import cycle: ${cycle.join(' → ')} → ${cycle[0]}`);
  console.log(cycles.length === 0 ? 'import cycles: none' : `import cycles: ${cycles.length} found`);
  process.exit(cycles.length === 0 ? 0 : 1);
}
