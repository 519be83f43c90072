// @vitest-environment node
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { KATEX_MISSING } from './math.js';

const built = fileURLToPath(new URL('../dist/math.js', import.meta.url));
const budget = fileURLToPath(new URL('../dist/markdown/render-budget.js', import.meta.url));

describe('@agent-chat/ui/math without katex (an optional peer dependency)', () => {
  it('the entry loads, and the first formula rejects with a message that says to install katex', async () => {
    // The built entry (and its one module), alone in a folder with no node_modules above it: katex cannot be found from there.
    const folder = await mkdtemp(join(tmpdir(), 'acu-math-'));
    try {
      await copyFile(built, join(folder, 'math.js'));
      await mkdir(join(folder, 'markdown'));
      await copyFile(budget, join(folder, 'markdown', 'render-budget.js'));
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
