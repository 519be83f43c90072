import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a build script in plain JavaScript, without types
import { inlineImports } from '../scripts/copy-styles.mjs';
// @ts-expect-error -- a build script in plain JavaScript, without types
import { END, START, themeTokens, tokenTable, usedTokens } from '../scripts/tokens.mjs';
// @ts-expect-error -- a build script in plain JavaScript, without types
import { structureOnly } from '../scripts/structure.mjs';

// From the repository's root, where vitest runs (jsdom gives import.meta.url an http: scheme).
const sources = join(process.cwd(), 'packages/ui/src');
const source = join(sources, 'styles.css');

describe('the shipped stylesheet', () => {
  const css: string = inlineImports(source);
  const uncommented = css.replace(/\/\*[\s\S]*?\*\//g, '');
  /** Every rule without a block inside it: its prelude (trimmed) and its declarations. */
  const rules = [...uncommented.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((match) => ({ prelude: match[1]!.trim(), body: match[2]! }));
  /** Every style rule's selectors (the preludes of at-rules and keyframes left out). */
  const selectors = [...uncommented.matchAll(/([^{}]+)\{/g)]
    .map((match) => match[1]!.trim())
    .filter((prelude) => !prelude.startsWith('@') && !/^(from|to|\d+%)/.test(prelude))
    .flatMap((prelude) => splitTopLevel(prelude, ','));
  /** A selector's compound selectors, left to right (combinators dropped). */
  const compoundsOf = (selector: string) => splitTopLevel(selector.replace(/\s*([>+~])\s*/g, ' '), ' ');

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

  it('is all in the cascade layer agent-chat: any rule of an app outside a layer wins over it', () => {
    expect(outsideLayer(uncommented, 'agent-chat')).toBe('');
    expect(uncommented.match(/@layer agent-chat \{/g)!.length).toBe(readFileSync(source, 'utf8').match(/layer\(agent-chat\)/g)!.length);
    expect(uncommented).not.toMatch(/!important/);
  });

  it('declares no color token an app sets: only their defaults (--acu-default-*), so an app\'s value on :root or an ancestor wins under data-acu-theme too', () => {
    const colors = themeTokens(css).filter((token: { kind: string }) => token.kind === 'color').map((token: { name: string }) => token.name);
    expect(colors.length).toBeGreaterThan(15);
    for (const name of colors) {
      expect(uncommented, name).not.toMatch(new RegExp(`${name}\\s*:`));
      // Every read falls back to the default.
      expect(uncommented, name).not.toMatch(new RegExp(`var\\(${name}\\)`));
    }
  });

  it('the README\'s token table is the stylesheet\'s: every token it reads is in it, with its default', () => {
    const tokens = themeTokens(css);
    const names = new Set(tokens.map((token: { name: string }) => token.name));
    expect(usedTokens(css).filter((name: string) => !names.has(name))).toEqual([]);
    const readme = readFileSync(join(process.cwd(), 'packages/ui/README.md'), 'utf8');
    const table = readme.slice(readme.indexOf(START) + START.length, readme.indexOf(END)).trim();
    // Out of date: `node packages/ui/scripts/tokens.mjs --write`.
    expect(table).toBe(tokenTable(tokens));
  });

  it('the unstyled entry (structure.css) keeps layout and behaviour only: no color, shape, font or motion; the layout rules stay', () => {
    const structure: string = structureOnly(css);
    const declarations = [...structure.matchAll(/^\s*([\w-]+)\s*:/gm)].map((match) => match[1]!);
    expect(declarations.length).toBeGreaterThan(300);
    const PAINT = /^(color|background(-.*)?|border(?!-collapse|-spacing).*|outline(-.*)?|box-shadow|text-shadow|font(-.*)?|line-height|letter-spacing|text-decoration(-.*)?|text-transform|opacity|filter|animation(-.*)?|transition(-.*)?|transform|content|fill|stroke)$/;
    expect(declarations.filter((property) => PAINT.test(property))).toEqual([]);
    expect(structure).not.toMatch(/@keyframes|--acu-default-/);
    expect(outsideLayer(structure, 'agent-chat')).toBe('');
    // What makes the parts work: the list scrolls, a table scrolls in its box with its first column stuck on a phone,
    // a hidden label stays for screen readers, a long answer's finished runs are skipped off screen.
    expect(structure).toMatch(/\.acu-message-list \{[^}]*overflow-y: auto/);
    expect(structure).toMatch(/\.acu-markdown__table \{[^}]*overflow-x: auto/);
    expect(structure).toMatch(/@media \(max-width: 600px\) \{\s*\.acu-markdown :is\(th, td\):first-child \{[^}]*position: sticky/);
    expect(structure).toMatch(/\.acu-visually-hidden \{[^}]*clip: rect\(0 0 0 0\)/);
    expect(structure).toMatch(/\.acu-markdown__run\[data-sealed\] \{[^}]*content-visibility: auto/);
  });

  it('writes each dark color once, beside its light one', () => {
    expect(css.match(/#18181b/g)).toHaveLength(1);
    expect(css).toContain('--acu-default-bg: light-dark(#ffffff, #18181b);');
    // No theme block restates the tokens for dark mode (a diagram's light/dark image switch is not a color: it may query the scheme).
    expect(css).not.toMatch(/prefers-color-scheme[^{]*\{[^}]*--acu-/);
  });

  it('restyles only what a state change touches: a selector keyed on a state above its target names the target by class', () => {
    // `.row[data-state='streaming'] .body > :last-child::after` made Chromium restyle every element of a finished
    // 100,000-character answer (~15,000, 40-70 ms, one long frame) when the row's state changed: an attribute or a
    // state pseudo-class in an ancestor compound invalidates the whole subtree unless the rightmost compound has a class.
    expect(selectors.length).toBeGreaterThan(300);
    const STATE = /\[|:(hover|focus|focus-within|focus-visible|checked|open|active|disabled|target|has)\b/;
    const offending = selectors.filter((selector) => {
      const compounds = compoundsOf(selector);
      if (compounds.length < 2) return false;
      const rightmost = compounds[compounds.length - 1]!.replace(/:not\([^)]*\)/g, '');
      return compounds.slice(0, -1).some((compound) => STATE.test(compound)) && !/[.#]/.test(rightmost);
    });
    expect(offending).toEqual([]);
  });

  it('has no :has() on an element that holds streamed content: every node a token inserts would re-check the whole answer', () => {
    // `.acu-message:has(.acu-message-editor)`, `:root:has(dialog[open])` and `li:has(> checkbox)` made Chromium walk the
    // streaming answer at every commit (per-frame style time 0.7 → 3.4 ms over a 100,000-character reply). The anchors
    // left hold no message content: a message's actions, its footer, a thread row.
    const anchors = selectors
      .filter((selector) => selector.includes(':has('))
      .map((selector) => compoundsOf(selector).find((compound) => compound.includes(':has('))!.replace(/:not\(|:has\(.*$/g, ''));
    expect(anchors.length).toBeGreaterThan(0);
    expect(new Set(anchors)).toEqual(new Set(['.acu-message-actions', '.acu-message__footer', '.acu-thread-row']));
  });

  it('no rule reads `data-state` above its target: every state change (a message\'s, at each turn\'s end) would send the browser through that element\'s whole subtree', () => {
    // Chromium groups descendant rules by attribute name, not by element or value: one `[data-state…] .x` rule anywhere
    // made a streaming answer's `data-state` change at its end a search of the whole answer (15-20 ms on a
    // 100,000-character one). States that style descendants use attributes of their own (`data-outcome`, `data-editing`).
    const offending = selectors.filter((selector) => compoundsOf(selector).slice(0, -1).some((compound) => /\[data-state/.test(compound)));
    expect(offending).toEqual([]);
  });

  it('a full, finished run of a long answer is skipped by style, layout and paint while off screen, at the size it last had', () => {
    const sealed = rules.filter((rule) => rule.prelude === '.acu-markdown__run[data-sealed]');
    expect(sealed).toHaveLength(1);
    expect(sealed[0]!.body).toMatch(/content-visibility:\s*auto/);
    expect(sealed[0]!.body).toMatch(/contain-intrinsic-size:\s*auto\b/);
  });

  it('the feed\'s rows stack as blocks, not as a flex column: a column re-ran its flex layout over every mounted row at each token', () => {
    // With the rows container and each row `display: flex; flex-direction: column`, the streaming answer growing made
    // Chromium lay out the flex column again over every mounted row above it, at every commit: after a 1,000-message
    // history, 1.6 ms of layout per commit instead of 1.1 ms (bench:browser, Chrome trace). Block formatting contexts
    // (flow-root: margins stay inside) stack the same rows at the same places and reuse the finished rows' layout.
    for (const prelude of ['.acu-message-list__rows', '.acu-message-list__row']) {
      const own = rules.filter((rule) => rule.prelude === prelude);
      expect(own, prelude).toHaveLength(1);
      expect(own[0]!.body, prelude).toMatch(/display:\s*flow-root/);
    }
    const flexRows = rules.filter((rule) => /\.acu-message-list__rows?\b(?![\w-])/.test(rule.prelude.split(',').map((selector) => compoundsOf(selector).pop()).join(' ')) && /display:\s*(inline-)?(flex|grid)/.test(rule.body));
    expect(flexRows).toEqual([]);
  });

  it('the streaming caret does not animate: each new block is a new caret, and each restarted animation ran on the main thread at every frame', () => {
    const caret = rules.filter((rule) => rule.prelude.includes('.acu-markdown__tail'));
    expect(caret.length).toBeGreaterThan(0);
    for (const { body } of caret) expect(body).not.toMatch(/animation|transition/);
  });
});

/** `text` split at `separator` outside brackets and parentheses, trimmed, empty pieces dropped. */
function splitTopLevel(text: string, separator: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let current = '';
  for (const character of text) {
    if (character === '(' || character === '[') depth++;
    if (character === ')' || character === ']') depth--;
    if ((separator === ' ' ? /\s/.test(character) : character === separator) && depth === 0) {
      pieces.push(current.trim());
      current = '';
    } else current += character;
  }
  pieces.push(current.trim());
  return pieces.filter(Boolean);
}

/** `css` without its `@layer <name> { … }` blocks: what it has outside the layer. */
function outsideLayer(css: string, name: string): string {
  const opening = `@layer ${name} {`;
  let rest = '';
  let at = 0;
  for (let found = css.indexOf(opening); found >= 0; found = css.indexOf(opening, at)) {
    rest += css.slice(at, found);
    let depth = 0;
    let index = found + opening.length - 1;
    for (; index < css.length; index++) {
      if (css[index] === '{') depth++;
      else if (css[index] === '}' && --depth === 0) break;
    }
    at = index + 1;
  }
  return (rest + css.slice(at)).trim();
}
