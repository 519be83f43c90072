import { useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { MarkdownCompleteContext } from './code-block.js';
import { loadMathRenderer, MathRendererContext } from './math-rendering.js';

/** Props of {@link MathView}. */
interface MathViewProps {
  /** The TeX, without its delimiters. */
  tex: string;
  /** A display formula (`$$…$$`, `\[…\]`) rather than an inline one. */
  display: boolean;
  /** The formula's closing delimiter has arrived: it may be typeset. */
  complete: boolean;
  /** What shows until it is typeset, and when it cannot be: the source. */
  fallback: ReactNode;
}

type MathState = 'source' | 'rendered' | 'error';

/**
 * A formula: its source while it streams (or with no `mathRenderer`), typeset once it is complete. TeX the renderer
 * rejects stays source (`data-state="error"`).
 */
export function MathView({ tex, display, complete, fallback }: MathViewProps) {
  const load = useContext(MathRendererContext);
  const whole = useContext(MarkdownCompleteContext);
  const host = useRef<HTMLElement | null>(null);
  const [state, setState] = useState<MathState>('source');
  const ready = (complete || whole) && tex.trim() !== '' ? load : null;
  useEffect(() => {
    if (!ready) return;
    let live = true;
    loadMathRenderer(ready).then(
      (renderer) => {
        if (!live || !host.current) return;
        try {
          renderer.render(tex, host.current, { display });
          setState('rendered');
        } catch {
          setState('error');
        }
      },
      () => live && setState('error'),
    );
    return () => {
      live = false;
    };
  }, [ready, tex, display]);
  const Tag = display ? 'div' : 'span';
  const setHost = (element: HTMLElement | null) => void (host.current = element);
  return (
    <Tag className={display ? 'acu-math acu-math--display' : 'acu-math'} data-state={state}>
      {state === 'rendered' ? null : fallback}
      {/* KaTeX writes here (its MathML and HTML, built as DOM nodes): React never renders children into it. */}
      <Tag ref={setHost} className="acu-math__typeset" hidden={state !== 'rendered'} />
    </Tag>
  );
}
