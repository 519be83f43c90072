import { memo, useMemo, useRef, type HTMLAttributes } from 'react';
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

/**
 * The document for `text`: when it continues the previous text, only the new characters are parsed. `complete`: the
 * text is whole, so its last blocks are not open (a new copy of that path only: finished blocks keep their identity).
 */
function useMarkdownDocument(text: string, complete: boolean): MarkdownDocument {
  const parser = useRef<IncrementalMarkdown | null>(null);
  // The parser is a cache of the text parsed so far: the view depends only on `text`, so reading it in render is safe.
  /* eslint-disable react-hooks/refs */
  return useMemo(() => {
    let current = parser.current;
    if (!current || !text.startsWith(current.text)) current = parser.current = new IncrementalMarkdown();
    if (text.length > current.text.length) current.append(text.slice(current.text.length));
    return current.view(complete);
  }, [text, complete]);
  /* eslint-enable react-hooks/refs */
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
