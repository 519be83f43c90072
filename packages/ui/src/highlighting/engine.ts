// Shiki, fine-grained: its core, the JavaScript regex engine and the GitHub high-contrast light and dark themes (every
// token colour at least 4.5:1 on the code background). Each grammar is a chunk of its own, imported and registered when
// the first block of its language is tokenized: a language that never appears is never loaded or compiled. Runs in the
// highlighter's Web Worker, or on the main thread in slices where there is no worker (see highlighter.ts).
import { createHighlighterCore, type GrammarState, type HighlighterCore, type LanguageRegistration } from '@shikijs/core';
import { createJavaScriptRegexEngine } from '@shikijs/engine-javascript';
import githubDark from '@shikijs/themes/github-dark-high-contrast';
import githubLight from '@shikijs/themes/github-light-high-contrast';
import type { HighlightedToken } from '../markdown/code-highlighting.js';
import type { GrammarName } from './languages.js';

type GrammarModule = Promise<{ default: LanguageRegistration[] }>;

// Literal specifiers, one per grammar, so that a bundler makes each a chunk of its own.
const GRAMMARS: Record<string, () => GrammarModule> = {
  bash: () => import('@shikijs/langs/bash'),
  css: () => import('@shikijs/langs/css'),
  diff: () => import('@shikijs/langs/diff'),
  go: () => import('@shikijs/langs/go'),
  java: () => import('@shikijs/langs/java'),
  javascript: () => import('@shikijs/langs/javascript'),
  json: () => import('@shikijs/langs/json'),
  jsx: () => import('@shikijs/langs/jsx'),
  python: () => import('@shikijs/langs/python'),
  rust: () => import('@shikijs/langs/rust'),
  sql: () => import('@shikijs/langs/sql'),
  tsx: () => import('@shikijs/langs/tsx'),
  typescript: () => import('@shikijs/langs/typescript'),
  yaml: () => import('@shikijs/langs/yaml'),
};

const THEMES = { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } as const;

let core: Promise<HighlighterCore> | null = null;
const languages = new Map<string, Promise<HighlighterCore>>();

/** Shiki with the grammar of `grammar` registered: its chunk is imported the first time only. */
export function prepare(grammar: GrammarName): Promise<HighlighterCore> {
  let ready = languages.get(grammar.module);
  if (!ready) {
    const load = GRAMMARS[grammar.module];
    if (!load) return Promise.reject(new Error(`No grammar for ${grammar.module}`));
    core ??= createHighlighterCore({ themes: [githubLight, githubDark], langs: [], engine: createJavaScriptRegexEngine() });
    ready = Promise.all([core, load()]).then(async ([highlighter, module]) => {
      await highlighter.loadLanguage(...module.default);
      return highlighter;
    });
    // A chunk that failed to load may load next time.
    ready.catch(() => languages.delete(grammar.module));
    languages.set(grammar.module, ready);
  }
  return ready;
}

/** The grammars registered so far (their modules' names). */
export function loadedGrammars(): string[] {
  return [...languages.keys()];
}

/**
 * Lines of code as tokens coloured for light and dark (CSS custom properties), continuing from `state` (the grammar's
 * state after the previous lines of the same block), with the state after them: a long block can be done in slices.
 */
export function tokenizeLines(highlighter: HighlighterCore, grammar: GrammarName, code: string, state?: GrammarState): { lines: HighlightedToken[][]; state: GrammarState | undefined } {
  const result = highlighter.codeToTokens(code, { lang: grammar.shikiName, themes: THEMES, defaultColor: false, ...(state ? { grammarState: state } : {}) });
  const lines = result.tokens.map((line) => line.map((token): HighlightedToken => ({
    content: token.content,
    style: { '--acu-code-light': token.htmlStyle?.['--shiki-light'] ?? '', '--acu-code-dark': token.htmlStyle?.['--shiki-dark'] ?? '' },
  })));
  return { lines, state: result.grammarState };
}
