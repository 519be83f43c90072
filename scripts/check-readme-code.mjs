#!/usr/bin/env node
// Docs that run: every fenced ```ts / ```tsx block of the READMEs is type-checked against the packed packages (what
// users install, from `npm pack` tarballs, in a project outside the repository), and the testing README's test is run
// with vitest as written. A block that is deliberately partial says so in its info string (```tsx partial) and is
// listed as skipped, by README and line. The project is the shared install's readme-code folder (prepareSharedInstall in
// examples/prepare-example.mjs: the tarballs packed once per content, one npm install with examples/vite's).
//
//   node scripts/check-readme-code.mjs     needs the packages built (npm run build); exits 1 on any error
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareSharedInstall } from '../examples/prepare-example.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const READMES = ['README.md', 'packages/core/README.md', 'packages/react/README.md', 'packages/ui/README.md', 'packages/testing/README.md', 'packages/server/README.md', 'apps/agent-server/README.md'];
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
  // The tools a reader's project has for the blocks (README_TOOLS, as this repository pins them) and the packed packages.
  let shared;
  try {
    shared = prepareSharedInstall();
  } catch (error) {
    console.error(error.message);
    return 1;
  }
  const dir = join(shared, 'readme-code');
  const modules = join(shared, 'node_modules');
  rmSync(join(dir, 'blocks'), { recursive: true, force: true });
  mkdirSync(join(dir, 'blocks'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'readme-code', private: true, type: 'module' }, null, 2)}\n`);
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
  const tsc = run(process.execPath, [join(modules, 'typescript/bin/tsc'), '-p', dir], dir);
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
    const result = run(process.execPath, [join(modules, 'vitest/vitest.mjs'), 'run', `blocks/${test}`], dir);
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
