import { useEffect, useRef, useState, type HTMLAttributes } from 'react';
import { cx } from './class-names.js';

/** Props of {@link CodeBlock}. */
export interface CodeBlockProps extends HTMLAttributes<HTMLDivElement> {
  code: string;
  /** The language, shown and set as `data-language`. */
  language?: string;
  /** The copy button's accessible name. Default "Copy code". */
  copyLabel?: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** A code block with a copy-to-clipboard button. */
export function CodeBlock({ code, language, copyLabel = 'Copy code', className, ...rest }: CodeBlockProps) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    let next: CopyState = 'copied';
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      next = 'failed';
    }
    setState(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 1500);
  };
  return (
    <div {...rest} className={cx('acu-code', className)} data-state={state} data-language={language || undefined}>
      <div className="acu-code__bar" data-state={state}>
        {language ? <span className="acu-code__language">{language}</span> : null}
        <button type="button" className="acu-code__copy" data-state={state} onClick={copy} aria-label={copyLabel}>
          {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
        </button>
      </div>
      <pre className="acu-code__pre" data-state={state}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
