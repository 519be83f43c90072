#!/usr/bin/env node
// Docs that run: every fenced ```ts / ```tsx block of the READMEs is type-checked against the packed packages (what
// users install, from `npm pack` tarballs, in a project outside the repository), and the testing README's test is run
// with vitest as written. A block that is deliberately partial says so in its info string (```tsx partial) and is
// listed as skipped, by README and line.
//
//   node scripts/check-readme-code.mjs     needs the packages built (npm run build); exits 1 on any error
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { examplesDir, packPackages } from '../examples/prepare-example.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const READMES = ['README.md', 'packages/core/README.md', 'packages/react/README.md', 'packages/ui/README.md', 'packages/testing/README.md', 'packages/server/README.md', 'apps/agent-server/README.md'];
// The tools a reader's project has for the blocks: versions as this repository pins them.
const TOOLS = ['typescript', 'react', 'react-dom', '@types/react', '@types/react-dom', '@types/node', 'vitest', 'jsdom', '@testing-library/react', 'express', '@types/express', 'genkit'];
// The recording the testing README's blocks read as ./buy-milk.json: the first turn of a real Genkit capture.
const BUY_MILK = 'packages/testing/recordings/genkit-tasks.json';

/** The fenced ts/tsx blocks of a markdown text: `{ line, lang, partial, code }` (line: the fence's, 1-based). */
export function fencedBlocks(markdown) {
  const blocks = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const open = /^```(ts|tsx)\b(.*)$/.exec(lines[index]);
    if (!open) continue;
    const start = index;
    const body = [];
    for (index++; index < lines.length && !lines[index].startsWith('```'); index++) body.push(lines[index]);
    blocks.push({ line: start + 1, lang: open[1], partial: /\bpartial\b/.test(open[2]), code: `${body.join('\n')}\n` });
  }
  return blocks;
}

function run(command, args, cwd) {
  return spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
}

function main() {
  const dir = join(examplesDir, 'readme-code');
  const tarballs = packPackages(join(examplesDir, 'packs'));
  // genkit (the @agent-chat/server/genkit blocks' agent) is pinned where the agent server uses it.
  const pins = {
    ...JSON.parse(readFileSync(join(root, 'apps/agent-server/package.json'), 'utf8')).dependencies,
    ...JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies,
  };
  rmSync(join(dir, 'blocks'), { recursive: true, force: true });
  mkdirSync(join(dir, 'blocks'), { recursive: true });
  const dependencies = Object.fromEntries([
    ...Object.entries(tarballs).map(([name, path]) => [name, `file:${path}`]),
    ...TOOLS.map((name) => [name, pins[name]]),
  ]);
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'readme-code', private: true, type: 'module', dependencies }, null, 2)}\n`);
  rmSync(join(dir, 'package-lock.json'), { force: true });
  for (const name of Object.keys(tarballs)) rmSync(join(dir, 'node_modules', name), { recursive: true, force: true });
  const installed = run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], dir);
  if (installed.status !== 0) {
    console.error(installed.stdout, installed.stderr);
    return 1;
  }
  const recording = JSON.parse(readFileSync(join(root, BUY_MILK), 'utf8'));
  writeFileSync(join(dir, 'blocks', 'buy-milk.json'), JSON.stringify({ ...recording, turns: recording.turns.slice(0, 1) }));

  const files = new Map();
  const skipped = [];
  const tests = [];
  for (const readme of READMES) {
    for (const block of fencedBlocks(readFileSync(join(root, readme), 'utf8'))) {
      const name = `${readme}:${block.line}`;
      if (block.partial) {
        skipped.push(name);
        continue;
      }
      const file = `${readme.replace(/[/.]/g, '-')}-${block.line}${/\bit\(/.test(block.code) ? '.test' : ''}.${block.lang}`;
      writeFileSync(join(dir, 'blocks', file), block.code);
      files.set(file, name);
      if (file.includes('.test.')) tests.push(file);
    }
  }
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify({
    compilerOptions: {
      target: 'ES2022', lib: ['ES2022', 'DOM', 'DOM.Iterable'], module: 'NodeNext', moduleResolution: 'NodeNext', jsx: 'react-jsx',
      strict: true, noEmit: true, skipLibCheck: true, resolveJsonModule: true, isolatedModules: true, types: ['node'],
    },
    include: ['blocks'],
  }, null, 2)}\n`);

  let failures = 0;
  const tsc = run(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), '-p', dir], dir);
  if (tsc.status !== 0) {
    failures++;
    // Errors name the README and the line inside it: blocks/<file>(line,col) → README.md:<fence + line>.
    console.error(tsc.stdout.replace(/blocks\/([^()]+)\((\d+),(\d+)\)/g, (whole, file, line, column) => {
      const name = files.get(file);
      if (!name) return whole;
      const [readme, fence] = name.split(':');
      return `${readme}:${Number(fence) + Number(line)}:${column}`;
    }));
  }
  for (const test of tests) {
    const result = run(process.execPath, [join(dir, 'node_modules/vitest/vitest.mjs'), 'run', `blocks/${test}`], dir);
    if (result.status !== 0) {
      failures++;
      console.error(`${files.get(test)}: the test fails as written\n${result.stdout}${result.stderr}`);
    }
  }
  console.log(`README code: ${files.size} block(s) type-checked against the packed packages, ${tests.length} test(s) run, ${skipped.length} partial block(s) skipped${skipped.length ? ` (${skipped.join(', ')})` : ''}${failures ? `; ${failures} check(s) failed` : ''}.`);
  console.log(`(in ${relative(root, dir).startsWith('..') ? dir : relative(root, dir)})`);
  return failures > 0 ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exit(main());
