#!/usr/bin/env node
// tsc does not copy CSS: build the default stylesheet beside the compiled modules, where `exports["./styles.css"]`
// points. The source is one file per component family, imported in cascade order by src/styles.css; the package ships
// them as one file, each `@import` replaced by the file it names.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const IMPORT = /^@import '(\.\/[^']+\.css)'(?: layer\(([\w-]+)\))?;$/gm;

/** The stylesheet at `path` with its relative `@import`s inlined, recursively; an import into a layer inlined as that layer's block. */
export function inlineImports(path) {
  return readFileSync(path, 'utf8').replace(IMPORT, (_, relative, layer) => {
    const text = inlineImports(join(dirname(path), relative)).trimEnd();
    return layer ? `@layer ${layer} {\n${text}\n}` : text;
  });
}

// Run as a script (not imported by the stylesheet's test).
if (import.meta.url.startsWith('file:') && process.argv[1] === fileURLToPath(import.meta.url)) {
  const source = fileURLToPath(new URL('../src/styles.css', import.meta.url));
  const target = fileURLToPath(new URL('../dist/styles.css', import.meta.url));
  mkdirSync(dirname(target), { recursive: true });
  const css = inlineImports(source);
  writeFileSync(target, css);
  // The unstyled entry: behaviour and layout only.
  const { structureOnly } = await import('./structure.mjs');
  writeFileSync(fileURLToPath(new URL('../dist/structure.css', import.meta.url)), `/* @agent-chat/ui structure.css: layout only, no colors or shapes (made from styles.css). */\n${structureOnly(css)}`);
}
