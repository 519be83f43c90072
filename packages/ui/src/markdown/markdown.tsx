import { memo, useEffect, useMemo, useRef, useState, useSyncExternalStore, type HTMLAttributes } from 'react';
import { cx } from '../util/class-names.js';
import { renderDocument, type HeadingLevels } from './markdown-node.js';
import { IncrementalMarkdown, type MarkdownDocument } from './markdown-tree.js';

/** Props of {@link Markdown}. */
export interface MarkdownProps extends HTMLAttributes<HTMLDivElement> {
  /** The markdown source. Raw HTML in it renders as text. */
  text: string;
  /** The level of the text's top heading, so a message's `#` does not outrank the page's headings. Default 3 (h3). */
  headingLevel?: number;
  /** The text is whole (its message finished): even a last block left open counts as complete (it gets highlighted). */
  complete?: boolean;
  /**
   * The text is still streaming in: its last block ends with a caret (`.acu-markdown__tail::after`). Default
   * false; a message list sets it on the streaming answer's last text.
   */
  caret?: boolean;
}

const subscribeToNothing = () => () => {};

/**
 * Characters parsed per render at most: a burst of text (a long answer restored at once, a fast stream) is parsed and
 * rendered over several commits, each its own task, so that none holds the main thread for long (an 800 kB answer in
 * one commit took 300+ ms of CPU); a stream at reading pace never reaches it.
 */
const PARSE_PER_RENDER = 32 * 1024;

/** Where to cut `text` after about `from + PARSE_PER_RENDER` characters (or its end), never inside a surrogate pair. */
function parseEnd(text: string, from: number, whole: boolean): number {
  let end = whole ? text.length : Math.min(text.length, from + PARSE_PER_RENDER);
  if (end < text.length && /[\ud800-\udbff]/.test(text[end - 1]!)) end++;
  return end;
}

/**
 * The document for `text`: when it continues the previous text, only the new characters are parsed, at most
 * {@link PARSE_PER_RENDER} per render (the rest in the renders that follow, one per task). `complete`: the text is
 * whole, so its last blocks are not open (a new copy of that path only: finished blocks keep their identity).
 */
function useMarkdownDocument(text: string, complete: boolean): MarkdownDocument {
  const parser = useRef<IncrementalMarkdown | null>(null);
  // Renders asked for while the parse is behind the text.
  const [step, setStep] = useState(0);
  // On the server and while hydrating, the whole text at once: the server's HTML is the whole answer, and the
  // hydrating render must equal it.
  const whole = useSyncExternalStore(subscribeToNothing, () => false, () => true);
  // The parser is a cache of the text parsed so far: the view depends only on `text`, so reading it in render is safe.
  /* eslint-disable react-hooks/refs */
  const document = useMemo(() => {
    let current = parser.current;
    if (!current || !text.startsWith(current.text)) current = parser.current = new IncrementalMarkdown();
    const from = current.text.length;
    if (text.length > from) current.append(text.slice(from, parseEnd(text, from, whole)));
    return current.view(complete && current.text.length === text.length);
  }, [text, complete, step, whole]); // eslint-disable-line react-hooks/exhaustive-deps -- step: the next part of the same text
  const behind = parser.current!.text.length < text.length;
  /* eslint-enable react-hooks/refs */
  useEffect(() => {
    if (!behind) return;
    // The rest in a task of its own, after this commit has painted.
    const timer = setTimeout(() => setStep((count) => count + 1), 0);
    return () => clearTimeout(timer);
  }, [behind, document]);
  return document;
}

/**
 * Markdown rendered as React elements, never as HTML: raw HTML shows as text, unsafe link and image URLs are dropped,
 * images from other origins wait for a click (see `allowedImageOrigins`). A streaming message costs its new text per
 * commit: finished blocks are kept as they were rendered, only the open block renders again.
 */
export const Markdown = memo(function Markdown({ text, headingLevel = 3, complete = false, caret = false, className, ...rest }: MarkdownProps) {
  const document = useMarkdownDocument(text, complete);
  // Levels used → levels rendered, ranked from `headingLevel` so that none is skipped (h3, h4 … not h3, h5).
  const key = document.headings.join();
  const levels: HeadingLevels = useMemo(
    () => new Map(document.headings.map((level, rank) => [level, Math.min(6, headingLevel + rank)])),
    [key, headingLevel], // eslint-disable-line react-hooks/exhaustive-deps -- the levels, not the document
  );
  return (
    <div {...rest} className={cx('acu-markdown', className)}>
      {renderDocument(document.root, levels, caret)}
    </div>
  );
});
