import { memo, useEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../util/class-names.js';
import { useHighlightedCode, type HighlightedToken } from './code-highlighting.js';
import { useLabels } from '../labels/labels.js';

/** Props of {@link CodeBlock}. */
export interface CodeBlockProps extends HTMLAttributes<HTMLDivElement> {
  code: string;
  /** The language, shown and set as `data-language`. */
  language?: string;
  /** The copy button's accessible name. Default: the `copyCode` label, "Copy code". */
  copyLabel?: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

interface CodeFrameProps extends Omit<CodeBlockProps, 'code'> {
  /** The code as rendered (a string, or the pieces of a streaming block, so that only its last piece changes). */
  children: ReactNode;
  /** The code to copy: read on click only, and once to highlight it when complete. */
  codeText: () => string;
  /** The block will not change any more: it may be highlighted (see `CodeHighlighterContext`). */
  complete?: boolean;
}

/** Spaces and tabs only, coloured only (a background or an underline would show): its colour shows nowhere. */
const BLANK = /^[ \t]*$/;
const COLOUR_ONLY = new Set(['--acu-code-light', '--acu-code-dark']);
const isPlain = (token: HighlightedToken) => BLANK.test(token.content) && Object.keys(token.style).every((name) => COLOUR_ONLY.has(name));

/**
 * Highlighted lines as spans coloured by custom properties (light and dark), never as HTML. A token of blanks with a
 * colour only (a line's indent, the space between two coloured words) is plain text: about a quarter of a block's
 * tokens, each an element the page would otherwise style, lay out and paint when the colours arrive mid-stream.
 */
function renderTokens(lines: HighlightedToken[][]): ReactNode[] {
  return lines.map((line, index) => (
    <span key={index} className="acu-code__line">
      {line.map((token, at) => (isPlain(token) ? token.content : <span key={at} className="acu-code__token" style={token.style}>{token.content}</span>))}
      {index < lines.length - 1 ? '\n' : null}
    </span>
  ));
}

/**
 * The frame of a code block: language, copy button, and the code. When an answer finishes, its finished blocks are not
 * rendered again, highlighted tokens and all (their nodes keep their identity); the block that was still open renders
 * once, complete.
 */
export const CodeFrame = memo(function CodeFrame({ children, codeText, language, copyLabel, complete = false, className, ...rest }: CodeFrameProps) {
  const labels = useLabels();
  const highlighted = useHighlightedCode(codeText, language, complete);
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    let next: CopyState = 'copied';
    try {
      await navigator.clipboard.writeText(codeText());
    } catch {
      next = 'failed';
    }
    setState(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 1500);
  };
  return (
    <div {...rest} className={cx('acu-code', className)} data-state={state} data-language={language || undefined} data-highlighted={highlighted ? '' : undefined}>
      <div className="acu-code__bar" data-state={state}>
        {language ? <span className="acu-code__language">{language}</span> : null}
        <button type="button" className="acu-code__copy" data-state={state} onClick={() => void copy()} aria-label={copyLabel ?? labels.copyCode}>
          {state === 'copied' ? labels.copied : state === 'failed' ? labels.copyFailed : labels.copy}
        </button>
      </div>
      {/* Focusable: a long line scrolls it sideways, and keyboard users must be able to scroll it. */}
      <pre className="acu-code__pre" data-state={state} tabIndex={0}>
        <code>{highlighted ? renderTokens(highlighted) : children}</code>
      </pre>
    </div>
  );
});

/** A code block with a copy-to-clipboard button. */
export function CodeBlock({ code, ...rest }: CodeBlockProps) {
  return <CodeFrame {...rest} codeText={() => code} complete>{code}</CodeFrame>;
}
