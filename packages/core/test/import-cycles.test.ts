import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cyclesOf, importCycles, importGraph } from '../../../scripts/check-import-cycles.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));
let folder: string | undefined;

afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

/** Writes the files into a fresh temp folder and gives their paths by name. */
function files(sources: Record<string, string>): Record<string, string> {
  folder = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  const paths: Record<string, string> = {};
  for (const [name, text] of Object.entries(sources)) writeFileSync((paths[name] = join(folder, name)), text);
  return paths;
}

describe('import cycles', () => {
  it('packages/*/src has none (type-only imports included)', () => {
    expect(importCycles(root)).toEqual([]);
  });

  it('finds a cycle closed by a type-only import, and a longer one through a re-export', () => {
    const paths = files({
      'a.ts': "import type { B } from './b.js';\nexport interface A { b: B }\n",
      'b.ts': "import type { A } from './a.js';\nexport interface B { a?: A }\n",
      'c.ts': "export { d } from './d.js';\nexport const c = 1;\n",
      'd.ts': "import {\n  e,\n} from './e.js';\nexport const d = e;\n",
      'e.ts': "import { c } from './c.js';\nexport const e = c;\n",
      'f.ts': "import { a } from './a.js';\nimport './styles.css';\n",
    });
    const cycles = cyclesOf(importGraph(Object.values(paths))).map((cycle) => cycle.map((file) => file.slice(folder!.length + 1)).sort());
    expect(cycles.sort()).toEqual([['a.ts', 'b.ts'], ['c.ts', 'd.ts', 'e.ts']]);
  });

  it('finds no cycle in a chain of imports', () => {
    const paths = files({
      'a.ts': "import { b } from './b.js';\nexport const a = b;\n",
      'b.ts': "import type { C } from './c.js';\nexport const b: C = 1;\n",
      'c.ts': 'export type C = number;\n',
    });
    expect(cyclesOf(importGraph(Object.values(paths)))).toEqual([]);
  });
});
