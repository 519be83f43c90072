import { build } from 'esbuild';
import { constants, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { declarationLines, featureBreakdown, functionBreakdown, keyOf } from './feature-breakdown.mjs';

// A bundle of virtual modules laid out like the real packages, so each file lands in a known feature group.
const FILES = {
  '/v/packages/core/src/chat/agent-chat.ts': "import { loop } from './client-tools.ts'; import { grow } from '../../../../node_modules/immer/index.js'; import { extra } from '/v/misc/extra.js'; export const run = (n) => loop(grow(n)) + extra(n) + 'controller text that is long enough to compress a little, controller text';",
  '/v/packages/core/src/chat/client-tools.ts': "export function loop(x) { const tools = []; for (let i = 0; i < x; i++) tools.push({ name: 'tool' + i, args: { i } }); return tools.length; }",
  '/v/node_modules/immer/index.js': "export function grow(n) { let s = 0; for (let i = 0; i < n; i++) s += i * 2; return s + 'library body, library body, library body'.length; }",
  '/v/misc/extra.js': 'export const extra = (n) => n * 3;',
};

async function bundleFixture() {
  const result = await build({
    stdin: { contents: "export { run } from '/v/packages/core/src/chat/agent-chat.ts';", resolveDir: '/v', loader: 'js' },
    bundle: true, minify: true, format: 'esm', write: false, sourcemap: 'external', outfile: '/v/out.js', logLevel: 'silent',
    plugins: [{
      name: 'virtual',
      setup(b) {
        b.onResolve({ filter: /.*/ }, (args) => ({ path: new URL(args.path, `file://${args.resolveDir}/`).pathname, namespace: 'v' }));
        b.onLoad({ filter: /.*/, namespace: 'v' }, (args) => ({ contents: FILES[args.path], loader: 'js', resolveDir: args.path.replace(/\/[^/]*$/, '') }));
      },
    }],
  });
  const code = result.outputFiles.find((file) => file.path.endsWith('.js')).text;
  const map = JSON.parse(result.outputFiles.find((file) => file.path.endsWith('.map')).text);
  const total = gzipSync(Buffer.from(code), { level: constants.Z_BEST_COMPRESSION }).length;
  return { code, map, total };
}

describe('keyOf', () => {
  it('names a dependency by its package, scoped or not, and our files by package and path', () => {
    expect(keyOf('../node_modules/immer/src/core/proxy.ts')).toBe('lib:immer');
    expect(keyOf('node_modules/@scope/pkg/dist/index.js')).toBe('lib:@scope/pkg');
    expect(keyOf('../packages/core/src/chat/client-tools.ts')).toBe('core/chat/client-tools');
    expect(keyOf('packages/ui/dist/message-row.js')).toBe('ui/message-row');
    expect(keyOf('somewhere/else.js')).toBe('other:somewhere/else.js');
  });
});

describe('featureBreakdown', () => {
  it('attributes every byte of the bundle to one group, and the gzip shares sum to the measured total', async () => {
    const { code, map, total } = await bundleFixture();
    const breakdown = featureBreakdown(code, map, total);
    expect(breakdown.groups.reduce((sum, g) => sum + g.minBytes, 0)).toBe(Buffer.byteLength(code));
    const shares = breakdown.groups.reduce((sum, g) => sum + g.gzipShare, 0);
    expect(Math.abs(shares - total)).toBeLessThanOrEqual(breakdown.groups.length); // rounding, at most 1 byte a group
  });

  it('puts each file in its feature and reports a file no group matches instead of dropping it', async () => {
    const { code, map, total } = await bundleFixture();
    const ids = featureBreakdown(code, map, total).groups.map((g) => g.id);
    expect(ids).toEqual(expect.arrayContaining(['immer', 'client-tools', 'controller']));
    const unmatched = featureBreakdown(code, map, total).groups.find((g) => g.kind === 'unmatched');
    expect(unmatched?.label).toContain('misc/extra.js');
  });

  it('measures what leaving groups out saves: more for two groups than for either alone, never more than the bundle', async () => {
    const { code, map, total } = await bundleFixture();
    const breakdown = featureBreakdown(code, map, total);
    const tools = breakdown.savedWithout(['client-tools']);
    const both = breakdown.savedWithout(['client-tools', 'immer']);
    expect(tools).toBeGreaterThan(0);
    expect(both).toBeGreaterThan(tools);
    expect(both).toBeLessThan(total);
    expect(breakdown.groups.find((g) => g.id === 'client-tools').savedWithout).toBe(tools);
  });
});

describe('functionBreakdown', () => {
  it('gives every line of a source the top-level declaration it is in (the module before the first)', () => {
    const source = "import { a } from './a.js';\nexport async function run() {\n  return 1;\n}\nconst helper = () => 2;\nexport class Tree {\n  grow() {}\n}";
    expect(declarationLines(source)).toEqual(['(module)', 'run', 'run', 'run', 'helper', 'Tree', 'Tree', 'Tree']);
  });

  it('splits our own code by function, leaves the libraries out, and lists the largest saving first', async () => {
    const { code, map, total } = await bundleFixture();
    const functions = functionBreakdown(code, map);
    const names = functions.map((f) => `${f.file}#${f.name}`);
    expect(names).toContain('core/chat/client-tools#loop');
    expect(names.some((name) => name.startsWith('lib:'))).toBe(false);
    expect(functions.every((f) => f.minBytes > 0 && f.savedWithout > 0 && f.savedWithout < total)).toBe(true);
    const savings = functions.map((f) => f.savedWithout);
    expect(savings).toEqual([...savings].sort((a, b) => b - a));
    // Ours and the library's share of the output are disjoint: together they never exceed the bundle.
    const immer = featureBreakdown(code, map, total).groups.find((g) => g.id === 'immer').minBytes;
    expect(functions.reduce((sum, f) => sum + f.minBytes, 0) + immer).toBeLessThanOrEqual(Buffer.byteLength(code));
  });
});
