#!/usr/bin/env node
// Marks a package's built client modules with the "use client" directive (React Server Components), after tsc.
// A module is a client module when it imports a value (tsc has erased type-only imports) from React, React DOM,
// @agent-chat/react, or from another client module of the package. Re-exports (`export … from`) do not count, so
// barrels (index.js) and pure helpers (safe-url.js …) stay server-safe. Source maps get one empty line in front.
//
//   node scripts/mark-client-modules.mjs packages/ui [packages/react …]
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIRECTIVE = "'use client';";
const CLIENT_PACKAGES = /^(react|react-dom|@agent-chat\/react)(\/.*)?$/;
// `import x from '…'`, `import { a } from '…'`, `import * as n from '…'`, `import '…'` (not `import type`, not `export … from`).
const IMPORT = /^import\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

/** Whether a built module's text starts with the "use client" directive. */
export function hasUseClient(code) {
  return /^\s*(?:\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*['"]use client['"]/.test(code);
}

/** The specifiers a built module imports values from (`export … from` re-exports are not imports). */
export function valueImports(code) {
  return [...code.matchAll(IMPORT)].map((match) => match[1]);
}

function builtModules(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The client modules among a dist folder's modules (absolute paths), following local imports. */
export function findClientModules(distDir) {
  const modules = new Map(builtModules(distDir).map((file) => [file, valueImports(readFileSync(file, 'utf8'))]));
  const client = new Set();
  let grew = true;
  while (grew) {
    grew = false;
    for (const [file, imports] of modules) {
      if (client.has(file)) continue;
      const isClient = imports.some((specifier) =>
        specifier.startsWith('.') ? client.has(resolve(dirname(file), specifier)) : CLIENT_PACKAGES.test(specifier),
      );
      if (isClient) {
        client.add(file);
        grew = true;
      }
    }
  }
  return client;
}

/** Puts the directive on every client module of `<packageDir>/dist` (idempotent); returns the files it marked. */
export function markClientModules(packageDir) {
  const marked = [];
  for (const file of findClientModules(resolve(packageDir, 'dist'))) {
    const code = readFileSync(file, 'utf8');
    if (hasUseClient(code)) continue;
    writeFileSync(file, `${DIRECTIVE}\n${code}`);
    const map = `${file}.map`;
    if (existsSync(map)) {
      const json = JSON.parse(readFileSync(map, 'utf8'));
      json.mappings = `;${json.mappings}`;
      writeFileSync(map, JSON.stringify(json));
    }
    marked.push(file);
  }
  return marked;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) dirs.push('.');
  for (const dir of dirs) markClientModules(dir);
}
