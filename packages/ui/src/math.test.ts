// @vitest-environment node
import { execFile } from 'node:child_process';
import { transform } from 'esbuild';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { KATEX_MISSING } from './math.js';

/** A module of src compiled as tsc compiles it into dist (types dropped, imports kept), written to `to`: no build needed. */
async function compile(source: string, to: string) {
  const { code } = await transform(await readFile(fileURLToPath(new URL(source, import.meta.url)), 'utf8'), { loader: 'ts', format: 'esm', target: 'es2022' });
  await writeFile(to, code);
}

describe('@agent-chat/ui/math without katex (an optional peer dependency)', () => {
  it('the entry loads, and the first formula rejects with a message that says to install katex', async () => {
    // The entry (and its one module) compiled, alone in a folder with no node_modules above it: katex cannot be found
    // from there.
    const folder = await mkdtemp(join(tmpdir(), 'acu-math-'));
    try {
      await compile('./math.ts', join(folder, 'math.js'));
      await mkdir(join(folder, 'markdown'));
      await compile('./markdown/render-budget.ts', join(folder, 'markdown', 'render-budget.js'));
      await copyFile(fileURLToPath(new URL('../package.json', import.meta.url)), join(folder, 'package.json'));
      const script = `const { mathRenderer } = await import(${JSON.stringify(join(folder, 'math.js'))});
        try { await mathRenderer.render('a^2', {}, { display: false, label: 'Diagram' }); console.log('rendered'); }
        catch (error) { console.log(JSON.stringify([error.message, error.cause?.code])); }`;
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: folder });
      expect(JSON.parse(stdout)).toEqual([KATEX_MISSING, 'ERR_MODULE_NOT_FOUND']);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 30_000);
});
