import { createContext, useContext, useEffect, useState } from 'react';

/** One highlighted token: its text and its colours as CSS custom properties (`--acu-code-light`, `--acu-code-dark`). */
export interface HighlightedToken {
  content: string;
  style: Record<string, string>;
}

/** A highlighter: the code's lines of tokens, or null for a language it does not know. */
export interface CodeHighlighter {
  highlight(code: string, language: string): Promise<HighlightedToken[][] | null>;
}

/**
 * Loads a highlighter when the first finished code block needs one; pass
 * `() => import('@agent-chat/ui/highlighter').then((module) => module.highlighter)` so that it is a chunk of its own.
 */
export type CodeHighlighterLoader = () => Promise<CodeHighlighter>;

/** The loader rows use (`MessageList`'s and `AgentChatView`'s `codeHighlighter`); none: code stays plain. */
export const CodeHighlighterContext = createContext<CodeHighlighterLoader | null>(null);

const loaded = new WeakMap<CodeHighlighterLoader, Promise<CodeHighlighter>>();

/**
 * The tokens of a finished code block once the highlighter has them; null until then (the plain text shows at once)
 * and for a block still streaming, so a block is highlighted once, when it is complete, never while it grows.
 */
export function useHighlightedCode(code: () => string, language: string | undefined, complete: boolean): HighlightedToken[][] | null {
  const load = useContext(CodeHighlighterContext);
  const [tokens, setTokens] = useState<{ for: string; lines: HighlightedToken[][] } | null>(null);
  const key = complete && load && language ? language : null;
  useEffect(() => {
    if (!key || !load) return;
    let live = true;
    let highlighter = loaded.get(load);
    if (!highlighter) loaded.set(load, (highlighter = load()));
    highlighter
      .then((ready) => ready.highlight(code(), key))
      .then((lines) => live && lines && setTokens({ for: key, lines }))
      .catch(() => {}); // a highlighter that fails to load leaves the code plain
    return () => {
      live = false;
    };
    // The code of a complete block no longer changes: `code` is read once it is complete.
  }, [key, load]); // eslint-disable-line react-hooks/exhaustive-deps
  return tokens && tokens.for === key ? tokens.lines : null;
}
