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

// While an answer streams, a finished block's colours wait for the list's next commit (at most HOLD_MS, 200 ms): they render
// and paint with it, not in a render, a commit and a frame of their own (one per code block: a long answer has hundreds).
// `lists`: the lists streaming now; `release`: shows what is held. The first block that holds colours sets `release`
// (the holding itself is code of the Markdown chunk's blocks): until then there is nothing to show.
const hold = { lists: 0, release: () => {} };

/** Shows the colours held for the next commit: a list calls it in its layout effect, so they render before the paint. */
export const releaseHighlights = (): void => hold.release();

/** While `streaming`, highlighted blocks wait for the list's commits ({@link releaseHighlights}). */
export function useHoldHighlights(streaming: boolean): void {
  useEffect(() => {
    if (!streaming) return;
    hold.lists++;
    return () => {
      if (--hold.lists === 0) hold.release();
    };
  }, [streaming]);
}

// Longer than the hooks' longest interval while a turn streams (150 ms, `throttle: 'auto'` at its most stretched) and a
// frame: colours held for a commit that is coming are not shown in a commit and a frame of their own.
const HOLD_MS = 200;
const held = new Set<() => void>();
let holdTimer: ReturnType<typeof setTimeout> | undefined;

function releaseHeld(): void {
  clearTimeout(holdTimer);
  holdTimer = undefined;
  const ready = [...held];
  held.clear();
  for (const show of ready) show();
}

function showHighlight(show: () => void): void {
  if (hold.lists === 0) {
    show();
    return;
  }
  hold.release = releaseHeld;
  held.add(show);
  holdTimer ??= setTimeout(releaseHeld, HOLD_MS);
}

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
      .then((lines) => {
        if (lines) showHighlight(() => live && setTokens({ for: key, lines }));
      })
      .catch(() => {}); // a highlighter that fails to load leaves the code plain
    return () => {
      live = false;
    };
    // The code of a complete block no longer changes: `code` is read once it is complete.
  }, [key, load]); // eslint-disable-line react-hooks/exhaustive-deps
  return tokens && tokens.for === key ? tokens.lines : null;
}
