import { memo, Suspense } from 'react';
import { cx } from '../util/class-names.js';
import { lazyPart } from '../util/lazy-part.js';
import type { MarkdownProps } from './markdown.js';

/** The text as it came, in the Markdown block's place: shown until the renderer's chunk is there (and if it cannot load). */
export function PlainMarkdown({ text, headingLevel: _headingLevel, complete: _complete, caret = false, className, ...rest }: MarkdownProps) {
  return (
    <div {...rest} className={cx('acu-markdown', className)} data-state="plain">
      <p className={cx('acu-markdown__plain', caret && 'acu-markdown__tail')}>{text}</p>
    </div>
  );
}

/** The Markdown renderer (streaming-markdown, code blocks with copy): a chunk of its own. */
export const markdownPart = /* @__PURE__ */ lazyPart(() => import('./markdown.js'), (module) => module.Markdown, PlainMarkdown);
const LazyMarkdown = markdownPart.Component;

/**
 * `Markdown` loaded on demand: the plain text at once, the rendered Markdown when its chunk is there (the list starts
 * loading it as it mounts). While hydrating, React keeps what the server rendered until the chunk is there.
 */
export const MarkdownText = memo(function MarkdownText(props: MarkdownProps) {
  return (
    <Suspense fallback={<PlainMarkdown {...props} />}>
      <LazyMarkdown {...props} />
    </Suspense>
  );
});
