#!/usr/bin/env node
// The public surface of each package, read from its built .d.ts (what a user's compiler sees), as a committed report:
// packages/<name>/api/<name>.api.md. A change to a public name or type is then a visible diff in review (issue 41).
// What API Extractor's report does, for every subpath of the package's `exports`, in one TypeScript program per
// package (a few seconds; API Extractor takes one run per entry point).
//
//   node scripts/api-report.mjs            checks the reports against the build (npm test); exits 1 on a difference
//   node scripts/api-report.mjs --update   writes them (npm run api:update builds first)
//
// Each entry lists its exports by name, each with the declaration text tsc emitted for it (JSDoc left out: a comment
// is not the API); a namespace export (`export * as MessageActions`) lists its members as `MessageActions.Root`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = ['core', 'react', 'ui', 'testing', 'server'];

/** The package's typed entry points: subpath → built .d.ts (stylesheets, JSON and package.json have none). */
export function entriesOf(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const entries = [];
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const types = typeof target === 'object' && target !== null ? target.types : undefined;
    if (typeof types !== 'string' || subpath.includes('*')) continue;
    entries.push({ name: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`, file: resolve(dir, types) });
  }
  return { name: manifest.name, entries };
}

const printer = ts.createPrinter({ removeComments: true });

/** A declaration as tsc emitted it, comments left out (a variable with its statement), printed the same way every time. */
function declarationText(declaration) {
  const node = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
  return sortedLiteralUnions(printer.printNode(ts.EmitHint.Unspecified, withNamedParameters(node), node.getSourceFile()));
}

/**
 * A union of string literals that TypeScript inferred (`"chat" | "message"`) is printed in the order its types were
 * created, which an incremental build changes: sorted, the report reads the same from any build.
 */
export function sortedLiteralUnions(text) {
  return text.replace(/"[^"\n]*"(?:\s*\|\s*"[^"\n]*")+/g, (union) => union.split(/\s*\|\s*/).sort().join(' | '));
}

/**
 * A function with its destructured parameters named (`{ message, chat }: Props` → `props: Props`): which props a
 * component destructures is its implementation, its parameter's type is the API.
 */
function withNamedParameters(node) {
  if (!ts.isFunctionDeclaration(node) || !node.parameters.some((parameter) => ts.isObjectBindingPattern(parameter.name) || ts.isArrayBindingPattern(parameter.name))) return node;
  const parameters = node.parameters.map((parameter, index) => (ts.isIdentifier(parameter.name) ? parameter : ts.factory.updateParameterDeclaration(
    parameter, parameter.modifiers, parameter.dotDotDotToken, ts.factory.createIdentifier(index === 0 ? 'props' : `arg${index}`), parameter.questionToken, parameter.type, parameter.initializer,
  )));
  return ts.factory.updateFunctionDeclaration(node, node.modifiers, node.asteriskToken, node.name, node.typeParameters, parameters, node.type, node.body);
}

function kindOf(symbol) {
  const flags = symbol.flags;
  if (flags & ts.SymbolFlags.ValueModule) return 'namespace';
  if (flags & ts.SymbolFlags.Function) return 'function';
  if (flags & ts.SymbolFlags.Class) return 'class';
  if (flags & ts.SymbolFlags.Variable) return 'const';
  if (flags & ts.SymbolFlags.Enum) return 'enum';
  if (flags & ts.SymbolFlags.Interface) return 'interface';
  if (flags & ts.SymbolFlags.TypeAlias) return 'type';
  return 'other';
}

/** The report lines of one module's exports, names prefixed (`MessageActions.`) for a namespace's members. */
function exportLines(checker, moduleSymbol, prefix) {
  const lines = [];
  const symbols = checker.getExportsOfModule(moduleSymbol).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const exported of symbols) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const name = `${prefix}${exported.name}`;
    const kind = kindOf(symbol);
    if (kind === 'namespace' && symbol.declarations?.some(ts.isSourceFile)) {
      lines.push(`### \`${name}\` (namespace)`, '', ...exportLines(checker, symbol, `${name}.`));
      continue;
    }
    const texts = (symbol.declarations ?? []).map(declarationText);
    lines.push(`### \`${name}\` (${kind})`, '', '```ts', ...texts, '```', '');
  }
  return lines;
}

/** One program over the built declarations of every entry point of the packages (they share React's and Node's types). */
export function programOf(packages) {
  const files = packages.flatMap(({ name, entries }) => {
    const missing = entries.filter((entry) => !existsSync(entry.file));
    if (missing.length) throw new Error(`${name}: no build (${missing.map((entry) => relative(root, entry.file)).join(', ')}); run npm run build first`);
    return entries.map((entry) => entry.file);
  });
  return ts.createProgram(files, {
    // Declarations are printed, never type-checked: no lib to load (a second or more per program).
    noEmit: true, noLib: true, skipLibCheck: true, types: [], strict: true,
    module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX,
  });
}

/** The report of one package (`entriesOf`'s), from its built declarations in `program`. */
export function apiReport({ name, entries }, program) {
  const checker = program.getTypeChecker();
  const lines = [
    `# API report: ${name}`,
    '',
    '<!-- Generated by scripts/api-report.mjs from the built .d.ts: do not edit. `npm run api:update` writes it again. -->',
    '',
  ];
  for (const entry of entries) {
    const source = program.getSourceFile(entry.file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    lines.push(`## \`${entry.name}\``, '');
    if (moduleSymbol) lines.push(...exportLines(checker, moduleSymbol, ''));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

const reportPath = (pkg) => join(root, 'packages', pkg, 'api', `${pkg}.api.md`);

function main() {
  const update = process.argv.includes('--update');
  let stale = 0;
  const started = performance.now();
  const packages = PACKAGES.map((pkg) => ({ pkg, ...entriesOf(join(root, 'packages', pkg)) }));
  const program = programOf(packages);
  console.log(`the built declarations of ${packages.length} packages read in ${Math.round(performance.now() - started)} ms`);
  for (const entry of packages) {
    const begun = performance.now();
    const report = apiReport(entry, program);
    const path = reportPath(entry.pkg);
    const committed = existsSync(path) ? readFileSync(path, 'utf8') : null;
    const took = `${Math.round(performance.now() - begun)} ms`;
    if (committed === report) {
      console.log(`${relative(root, path)}: unchanged (${took})`);
    } else if (update) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, report);
      console.log(`${relative(root, path)}: written (${took})`);
    } else {
      stale += 1;
      const now = report.split('\n');
      const before = (committed ?? '').split('\n');
      const line = now.findIndex((text, index) => text !== before[index]);
      console.error(`${relative(root, path)}: the public API changed (first difference at line ${line + 1}: ${JSON.stringify(now[line] ?? '')}, was ${JSON.stringify(before[line] ?? '(none)')}).`);
    }
  }
  if (stale) {
    console.error('If the change is meant, run `npm run api:update` and commit the reports (with a changeset: `npx changeset`).');
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
