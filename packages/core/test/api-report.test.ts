import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiReport, entriesOf, programOf } from '../../../scripts/api-report.mjs';

let folder: string | undefined;

afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

/** A built package of a few declarations: a root entry and a subpath. */
function fixture(files: Record<string, string>): string {
  folder = mkdtempSync(join(tmpdir(), 'api-report-'));
  writeFileSync(join(folder, 'package.json'), JSON.stringify({
    name: '@x/kit',
    exports: { '.': { types: './index.d.ts', default: './index.js' }, './extra': { types: './extra.d.ts' }, './styles.css': './styles.css', './package.json': './package.json' },
  }));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  return folder;
}

const reportOf = (dir: string) => {
  const entry = entriesOf(dir);
  return apiReport(entry, programOf([entry]));
};

describe('the API report (scripts/api-report.mjs, issue 41)', () => {
  it('lists every typed entry point, its exports by name with their declarations, a namespace by member', () => {
    const dir = fixture({
      'index.d.ts': [
        "export * as Parts from './parts.js';",
        '/** Doc comments are not the API. */',
        'export declare function make({ url, headers }: { url: string; headers?: string[] }, [first]: number[]): void;',
        'export interface Options { url: string }',
      ].join('\n'),
      'parts.d.ts': "export declare const Root: () => null;\nexport { Root as Alias };\n",
      'extra.d.ts': 'export type Extra = { kind: "extra" };\n',
    });
    const report = reportOf(dir);
    expect(report).toContain('## `@x/kit`');
    expect(report).toContain('## `@x/kit/extra`');
    expect(report).not.toContain('styles.css');
    expect(report).toContain('### `Parts.Root` (const)');
    expect(report).toContain('### `Parts.Alias` (const)');
    // Destructured parameters are the implementation: the report names them and keeps their types.
    expect(report).toContain('export declare function make(props: {\n    url: string;\n    headers?: string[];\n}, arg1: number[]): void;');
    expect(report).not.toContain('Doc comments');
    expect(report.indexOf('`Options`')).toBeLessThan(report.indexOf('`Parts`'));
  });

  it('a changed type changes the report; a changed comment does not', () => {
    const base = 'export interface Options { url: string }\n';
    const before = reportOf(fixture({ 'index.d.ts': base, 'extra.d.ts': '' }));
    expect(reportOf(fixture({ 'index.d.ts': `/** Now documented. */\n${base}`, 'extra.d.ts': '' }))).toBe(before);
    expect(reportOf(fixture({ 'index.d.ts': 'export interface Options { url: string; timeout?: number }\n', 'extra.d.ts': '' }))).not.toBe(before);
  });

  it('asks for a build when a declaration file is missing', () => {
    const dir = fixture({ 'index.d.ts': 'export {};\n' });
    expect(() => programOf([entriesOf(dir)])).toThrow(/no build .*extra\.d\.ts.*npm run build/);
  });
});
