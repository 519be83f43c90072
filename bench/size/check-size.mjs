#!/usr/bin/env node
// Benchmark 6 of issue 7 and the size budgets of DESIGN §6: what a user's bundler ships for each entry, minified and
// gzipped, every dependency included except React. Bundles the built packages (dist/, from `tsc -b`), like an app would.
//
//   node bench/size/check-size.mjs            table on stdout, exit 1 when a budget is exceeded
//   node bench/size/check-size.mjs --json     the same as JSON on stdout
//   node bench/size/check-size.mjs --write    also writes bench/size/RESULTS.md
//   node bench/size/check-size.mjs --top=N    the N largest inputs of each bundle (esbuild metafile), default 8
//
// It does not build: run `tsc -b` (and packages/ui/scripts/copy-styles.mjs for the CSS) first; `npm test` does both.
import { build } from 'esbuild';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { arch, cpus, loadavg, platform, totalmem } from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants } from 'node:zlib';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const json = args.includes('--json');
const write = args.includes('--write');
const top = Number(args.find((arg) => arg.startsWith('--top='))?.slice(6) ?? 8);

const KB = 1000; // budgets and the table are in kB (1,000 bytes), as size-limit and bundlephobia report them.
// React is the app's: never counted. Everything else a bundle imports is.
const REACT = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime'];
const OURS = ['@agent-chat/core', '@agent-chat/react'];

/** The entries; `budget` in kB, min+gz. `external` beyond React, for the incremental rows. */
const ENTRIES = [
  {
    id: 'core+react',
    label: '`@agent-chat/core` + `@agent-chat/react` (everything exported)',
    source: "export * from '@agent-chat/core';\nexport * from '@agent-chat/react';\n",
    budget: 15,
  },
  {
    id: 'ui',
    label: '`@agent-chat/ui` (everything exported), with core + react and streaming-markdown',
    source: "export * from '@agent-chat/ui';\n",
    budget: null,
  },
  {
    id: 'ui-alone',
    label: '`@agent-chat/ui` on top of core + react (they are external): what the UI adds',
    source: "export * from '@agent-chat/ui';\n",
    external: OURS,
    budget: 10,
  },
  {
    id: 'ai-sdk-useChat',
    label: "`export { useChat } from '@ai-sdk/react'` (for contrast)",
    source: "export { useChat } from '@ai-sdk/react';\n",
    budget: null,
  },
];

const CSS = { id: 'ui-css', label: '`@agent-chat/ui/styles.css` (minified)', file: 'packages/ui/dist/styles.css', budget: null };

const gzip = (bytes) => gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length;

function requireBuilt() {
  const missing = ['packages/core/dist/index.js', 'packages/react/dist/index.js', 'packages/ui/dist/index.js'].filter((file) => !existsSync(`${root}${file}`));
  if (missing.length > 0) {
    console.error(`check-size: not built (${missing.join(', ')} missing). Run \`npx tsc -b\` first.`);
    process.exit(2);
  }
  // A dist older than its sources would measure stale code: say so (tsc -b is incremental, so this is rare after it).
  const stale = [];
  for (const pkg of ['core', 'react', 'ui']) {
    const built = statSync(`${root}packages/${pkg}/dist/index.js`).mtimeMs;
    const info = `${root}packages/${pkg}/tsconfig.tsbuildinfo`;
    const src = `${root}packages/${pkg}/src/index.ts`;
    if (existsSync(src) && statSync(src).mtimeMs > built && !existsSync(info)) stale.push(pkg);
  }
  return stale;
}

/** The largest inputs of a bundle, by their bytes in the minified output (before gzip). */
function largestInputs(metafile, n) {
  const output = Object.values(metafile.outputs)[0];
  const byPackage = new Map();
  const byFile = [];
  for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
    const pkg = packageOf(path);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + bytesInOutput);
    byFile.push({ file: path, bytes: bytesInOutput });
  }
  byFile.sort((a, b) => b.bytes - a.bytes);
  return {
    packages: [...byPackage].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes),
    files: byFile.slice(0, n),
  };
}

function packageOf(path) {
  const inModules = path.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const rest = path.slice(inModules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const ours = /packages\/([^/]+)\//.exec(path);
  if (ours) return `@agent-chat/${ours[1]}`;
  return path;
}

async function measure(entry) {
  const result = await build({
    stdin: { contents: entry.source, resolveDir: root, sourcefile: `${entry.id}.entry.js`, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    external: [...REACT, ...(entry.external ?? [])],
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const inputs = largestInputs(result.metafile, top);
  return { id: entry.id, label: entry.label, minBytes: code.length, gzipBytes: gzip(code), budgetKB: entry.budget, inputs };
}

async function measureCss() {
  const path = `${root}${CSS.file}`;
  if (!existsSync(path)) return { id: CSS.id, label: CSS.label, missing: `${CSS.file} (run packages/ui/scripts/copy-styles.mjs)` };
  const result = await build({ entryPoints: [path], bundle: true, minify: true, write: false, loader: { '.css': 'css' }, logLevel: 'silent' });
  const code = result.outputFiles[0].contents;
  return { id: CSS.id, label: CSS.label, rawBytes: readFileSync(path).length, minBytes: code.length, gzipBytes: gzip(code), budgetKB: CSS.budget };
}

const stale = requireBuilt();
const rows = [];
for (const entry of ENTRIES) rows.push(await measure(entry));
const css = await measureCss();

const status = (row) => (row.budgetKB == null ? 'reported' : row.gzipBytes <= row.budgetKB * KB ? 'ok' : 'OVER');
const over = rows.filter((row) => status(row) === 'OVER');
const machine = {
  node: process.version, cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, platform: `${platform()} ${arch()}`,
  memoryGiB: Math.round(totalmem() / 2 ** 30), loadAverage: loadavg().map((l) => l.toFixed(2)).join(' '), date: new Date().toISOString(),
};
const esbuildVersion = JSON.parse(readFileSync(`${root}node_modules/esbuild/package.json`, 'utf8')).version;
const report = { machine, esbuild: esbuildVersion, gzipLevel: 9, kB: KB, rows, css, stale, pass: over.length === 0 };

const kb = (bytes) => (bytes / KB).toFixed(2);
function table() {
  const lines = [
    '| bundle | min | min+gz | budget (min+gz) | status |',
    '|---|---:|---:|---:|---|',
    ...rows.map((row) => `| ${row.label} | ${kb(row.minBytes)} kB | **${kb(row.gzipBytes)} kB** | ${row.budgetKB == null ? '—' : `≤ ${row.budgetKB} kB`} | ${status(row)} |`),
    css.missing
      ? `| ${css.label} | missing: ${css.missing} | | | |`
      : `| ${css.label} (source ${kb(css.rawBytes)} kB) | ${kb(css.minBytes)} kB | **${kb(css.gzipBytes)} kB** | — | reported |`,
  ];
  return lines.join('\n');
}
function breakdown() {
  const lines = [];
  for (const row of rows) {
    lines.push(`**${row.id}**: ${row.inputs.packages.map((p) => `${p.name} ${kb(p.bytes)}`).join(', ')} (kB minified, before gzip)`, '');
  }
  return lines.join('\n');
}

if (json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log(`Bundle sizes (esbuild ${esbuildVersion}, minified, gzip level 9, React external; from dist/)\n`);
  console.log(table());
  console.log(`\nWhat is in each bundle, by package:\n`);
  console.log(breakdown());
  if (stale.length > 0) console.log(`warning: dist/ of ${stale.join(', ')} may be older than its sources; run \`npx tsc -b\`.`);
  console.log(over.length === 0 ? 'size budgets: all met' : `size budgets: EXCEEDED by ${over.map((row) => `${row.id} (${kb(row.gzipBytes)} kB > ${row.budgetKB} kB)`).join(', ')}`);
}

if (write) {
  const m = machine;
  const md = [
    '# Bundle size (issue 7, benchmark 6) and the size budgets',
    '',
    `Machine: Node ${m.node} · ${m.cpu} · ${m.cores} cores · ${m.platform} · ${m.memoryGiB} GiB · load average ${m.loadAverage} · ${m.date} · esbuild ${esbuildVersion}`,
    '',
    'Generated by `node bench/size/check-size.mjs --write` (after `npx tsc -b` and `node packages/ui/scripts/copy-styles.mjs`).',
    'Each entry is bundled by esbuild from the built packages (`dist/`, what users install) with `bundle`, `minify`,',
    "`format: 'esm'`, `platform: 'browser'`, `process.env.NODE_ENV = \"production\"`, every dependency included except",
    '`react`, `react-dom` and `react/jsx-runtime`, then gzipped with zlib level 9. kB = 1,000 bytes. Sizes are deterministic:',
    'one build per entry, no timing involved. `npm test` fails when a budget is exceeded.',
    '',
    table(),
    '',
    '## What is in each bundle (esbuild metafile, bytes in the minified output before gzip)',
    '',
    breakdown(),
  ];
  writeFileSync(fileURLToPath(new URL('./RESULTS.md', import.meta.url)), `${md.join('\n')}\n`);
}

process.exit(over.length === 0 ? 0 : 1);
