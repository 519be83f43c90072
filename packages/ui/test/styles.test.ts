import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a build script in plain JavaScript, without types
import { inlineImports } from '../scripts/copy-styles.mjs';

// From the repository's root, where vitest runs (jsdom gives import.meta.url an http: scheme).
const sources = join(process.cwd(), 'packages/ui/src');
const source = join(sources, 'styles.css');

describe('the shipped stylesheet', () => {
  const css: string = inlineImports(source);

  it('is one file: every component family’s stylesheet inlined in the order src/styles.css imports them', () => {
    expect(css).not.toMatch(/@import/);
    const imports = [...readFileSync(source, 'utf8').matchAll(/@import '\.\/([^']+)'/g)].map((match) => match[1]!);
    expect(imports.length).toBeGreaterThan(15);
    let at = 0;
    for (const file of imports) {
      const text = readFileSync(join(sources, file), 'utf8').trimEnd();
      const found = css.indexOf(text, at);
      expect(found, file).toBeGreaterThanOrEqual(at);
      at = found + text.length;
    }
  });

  it('writes each dark color once, beside its light one', () => {
    expect(css.match(/#18181b/g)).toHaveLength(1);
    expect(css).toContain('--acu-bg: light-dark(#ffffff, #18181b);');
    // No theme block restates the tokens for dark mode (a diagram's light/dark image switch is not a color: it may query the scheme).
    expect(css).not.toMatch(/prefers-color-scheme[^{]*\{[^}]*--acu-/);
  });
});
