// `@agent-chat/ui/highlighter`: syntax highlighting with Shiki (fine-grained: its core, the JavaScript regex engine, a
// few grammars and the GitHub high-contrast light and dark themes, every token colour at least 4.5:1 on the code
// background), in its own entry so that it loads as a chunk of its own, only when an answer has a finished code block.
// Colours come as CSS custom properties, light and dark: no HTML is injected.
import { createHighlighterCore, type HighlighterCore } from '@shikijs/core';
import { createJavaScriptRegexEngine } from '@shikijs/engine-javascript';
import bash from '@shikijs/langs/bash';
import css from '@shikijs/langs/css';
import diff from '@shikijs/langs/diff';
import go from '@shikijs/langs/go';
import java from '@shikijs/langs/java';
import javascript from '@shikijs/langs/javascript';
import json from '@shikijs/langs/json';
import jsx from '@shikijs/langs/jsx';
import python from '@shikijs/langs/python';
import rust from '@shikijs/langs/rust';
import sql from '@shikijs/langs/sql';
import tsx from '@shikijs/langs/tsx';
import typescript from '@shikijs/langs/typescript';
import yaml from '@shikijs/langs/yaml';
import githubDark from '@shikijs/themes/github-dark-high-contrast';
import githubLight from '@shikijs/themes/github-light-high-contrast';
import type { CodeHighlighter, HighlightedToken } from './markdown/code-highlighting.js';

const GRAMMARS = [bash, css, diff, go, java, javascript, json, jsx, python, rust, sql, tsx, typescript, yaml];

/** Names a fence may use for a loaded grammar (their own names and aliases). */
const NAMES = new Map<string, string>();
for (const grammar of GRAMMARS.flat()) {
  NAMES.set(grammar.name, grammar.name);
  for (const alias of grammar.aliases ?? []) NAMES.set(alias, grammar.name);
}
for (const [alias, name] of [['sh', 'bash'], ['shell', 'bash'], ['zsh', 'bash'], ['console', 'bash'], ['py', 'python'], ['golang', 'go']] as const) NAMES.set(alias, name);

let core: Promise<HighlighterCore> | null = null;
// Highlighted blocks by language and code: a row scrolled out of the list and back is not highlighted again.
const cache = new Map<string, HighlightedToken[][]>();
const CACHE_SIZE = 200;

/** The languages this highlighter knows, with their aliases. */
export const highlighterLanguages: ReadonlySet<string> = new Set(NAMES.keys());

/** The kit's Shiki highlighter (see `CodeHighlighterLoader`). */
export const highlighter: CodeHighlighter = {
  async highlight(code, language) {
    const name = NAMES.get(language.trim().toLowerCase());
    if (!name) return null;
    const key = `${name}\n${code}`;
    const known = cache.get(key);
    if (known) return known;
    core ??= createHighlighterCore({ themes: [githubLight, githubDark], langs: GRAMMARS, engine: createJavaScriptRegexEngine() });
    const { tokens } = (await core).codeToTokens(code, { lang: name, themes: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' }, defaultColor: false });
    const lines = tokens.map((line) => line.map((token): HighlightedToken => ({
      content: token.content,
      style: { '--acu-code-light': token.htmlStyle?.['--shiki-light'] ?? '', '--acu-code-dark': token.htmlStyle?.['--shiki-dark'] ?? '' },
    })));
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, lines);
    return lines;
  },
};
