import { useContext, useEffect, useRef, useState, type Context, type ReactNode } from 'react';
import { useLabels } from '../labels/labels.js';
import { loadRenderer, type SourceRenderer } from './markdown-renderers.js';
import { isRenderBudgetError } from './render-budget.js';

/** Props of {@link RenderedSource}. */
interface RenderedSourceProps {
  /** Where the renderer's loader is (`MathRendererContext`, `DiagramRendererContext`). */
  renderer: Context<(() => Promise<SourceRenderer>) | null>;
  /** The source (a formula's TeX without its delimiters, a diagram's code). */
  source: string;
  /** Its closing delimiter or fence has arrived: it may be drawn. */
  complete: boolean;
  /** What shows until it is drawn, and when it cannot be: the source. */
  fallback: ReactNode;
  /** The wrapper's class names. */
  className: string;
  /** A display formula (`$$…$$`, `\[…\]`) rather than an inline one. */
  display: boolean;
  /** The wrapper: a span for formulas (markdown puts a `$$` block inside its paragraph), a div for diagrams. */
  tag: 'span' | 'div';
}

/**
 * A formula or a diagram: its source while it streams (or with no renderer), drawn by the lazily loaded renderer once
 * complete. A source the renderer rejects stays source (`data-state="error"`; past the renderer's budget
 * `data-state="too-large"`, with a note under a diagram).
 */
export function RenderedSource({ renderer, source, complete, fallback, className, display, tag: Tag }: RenderedSourceProps) {
  const { diagram: label, tooLargeToDraw } = useLabels();
  const load = useContext(renderer);
  const host = useRef<HTMLElement | null>(null);
  const [state, setState] = useState<'source' | 'rendered' | 'error' | 'too-large'>('source');
  const ready = complete && source.trim() !== '' ? load : null;
  useEffect(() => {
    if (!ready) return;
    let live = true;
    loadRenderer(ready)
      .then((loaded) => live && host.current && loaded.render(source, host.current, { display, label }))
      .then(
        () => live && setState('rendered'),
        (error: unknown) => live && setState(isRenderBudgetError(error) ? 'too-large' : 'error'),
      );
    return () => {
      live = false;
    };
  }, [ready, source, display, label]);
  const setHost = (element: HTMLElement | null) => void (host.current = element);
  return (
    <Tag className={className} data-state={state}>
      {state === 'rendered' ? null : fallback}
      {state === 'too-large' && Tag === 'div' ? <p className="acu-rendered__note">{tooLargeToDraw}</p> : null}
      {/* The renderer writes here (DOM nodes it builds): React never renders children into it. */}
      <Tag ref={setHost} className="acu-rendered" hidden={state !== 'rendered'} />
    </Tag>
  );
}
