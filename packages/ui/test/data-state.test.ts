import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `data-state` is only for a state that changes (docs/GLOSSARY.md): an element class whose `data-state` is written in
 * one place only, as one fixed string, never says anything its class does not (a constant); a kind is `data-kind`.
 * This reads every component's source and finds, per `acu-…` class, what its `data-state` is set to.
 */
// From the repository's root, where vitest runs (jsdom gives import.meta.url an http: scheme).
const src = join(process.cwd(), 'packages/ui/src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

interface Use {
  where: string;
  /** The fixed string, or null for an expression (a state computed at render). */
  literal: string | null;
}

/** Every `data-state` written in JSX (`data-state="x"` / `data-state={…}`) or in a props object (`'data-state': …`), by the element's first `acu-` class. */
function dataStates(): Map<string, Use[]> {
  const byClass = new Map<string, Use[]>();
  for (const file of sources(src)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/data-state(?:=|'\s*:\s*)(?:"([^"]*)"|'([^']*)'|([{a-zA-Z]))/g)) {
      const at = match.index;
      // The element it is on: from the tag's start (or the props object's) to the attribute.
      const start = Math.max(text.lastIndexOf('<', at), text.lastIndexOf('{', at - 1) < 0 ? 0 : text.lastIndexOf('const props', at));
      const tag = text.slice(start, text.indexOf('\n', at) < 0 ? undefined : text.indexOf('\n', at));
      const className = /acu-[a-z0-9_-]+/.exec(tag)?.[0];
      if (!className) continue;
      const literal = match[1] ?? match[2] ?? null;
      const line = text.slice(0, at).split('\n').length;
      const uses = byClass.get(className) ?? [];
      uses.push({ where: `${relative(src, file)}:${line}`, literal });
      byClass.set(className, uses);
    }
  }
  return byClass;
}

/**
 * Lazy fallbacks: the element shows this state until its chunk is there, and the loaded component writes none (the
 * state ends): a state that changes, though written in one place.
 */
const UNTIL_LOADED: Record<string, string> = {
  'acu-threaded': 'loading', // the first page of the threaded view (threads-first-page.tsx), until its chunk loads
  'acu-markdown': 'plain', // a message's text as it came, until the markdown renderer loads
};

describe('data-state is only for states that change', () => {
  it('no element class has a data-state that is one fixed string everywhere it is written', () => {
    const byClass = dataStates();
    // The reader found the states it must (a sanity check: a reader that finds nothing passes nothing).
    expect(byClass.get('acu-composer__box')?.length).toBeGreaterThan(0);
    expect(byClass.get('acu-message-list__rows')?.map((use) => use.literal)).toEqual(expect.arrayContaining(['measuring', 'all', 'virtual']));
    const constants = [...byClass].filter(([className, uses]) => uses.every((use) => use.literal !== null) && new Set(uses.map((use) => use.literal)).size === 1
      && UNTIL_LOADED[className] !== uses[0]!.literal);
    expect(constants.map(([className, uses]) => `${className}: "${uses[0]!.literal}" (${uses.map((use) => use.where).join(', ')})`)).toEqual([]);
  });
});
