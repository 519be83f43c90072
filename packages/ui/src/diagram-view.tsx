import { useContext, useEffect, useState, type ReactNode } from 'react';
import { MarkdownCompleteContext } from './code-block.js';
import { DiagramRendererContext, loadDiagramRenderer, type RenderedDiagram } from './diagram-rendering.js';
import { useLabels } from './labels.js';

/** Props of {@link DiagramView}. */
interface DiagramViewProps {
  /** The diagram's source (read once the block is complete). */
  source: () => string;
  /** The block's closing fence has arrived: it may be drawn. */
  complete: boolean;
  /** The code block: shown while it streams, with no `diagramRenderer`, and when the source cannot be drawn. */
  fallback: ReactNode;
}

const svgUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * A ```mermaid block: the code while it streams, then the diagram as images (an SVG in an `<img>` runs no script and
 * loads nothing), one for light pages and one for dark. A source the renderer rejects stays code
 * (`data-state="error"` on the figure that wraps it).
 */
export function DiagramView({ source, complete, fallback }: DiagramViewProps) {
  const labels = useLabels();
  const load = useContext(DiagramRendererContext);
  const whole = useContext(MarkdownCompleteContext);
  const [drawn, setDrawn] = useState<RenderedDiagram | 'error' | null>(null);
  const ready = complete || whole ? load : null;
  useEffect(() => {
    if (!ready) return;
    let live = true;
    loadDiagramRenderer(ready)
      .then((renderer) => renderer.render(source()))
      .then(
        (diagram) => live && setDrawn(diagram),
        () => live && setDrawn('error'),
      );
    return () => {
      live = false;
    };
    // The source of a complete block no longer changes: it is read once it is complete.
  }, [ready]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!ready || drawn === null || drawn === 'error') {
    return <div className="acu-diagram" data-state={drawn === 'error' ? 'error' : 'source'}>{fallback}</div>;
  }
  return (
    <figure className="acu-diagram" data-state="rendered">
      <img className="acu-diagram__image" data-scheme="light" src={svgUrl(drawn.light)} alt={labels.diagram} />
      <img className="acu-diagram__image" data-scheme="dark" src={svgUrl(drawn.dark)} alt={labels.diagram} />
    </figure>
  );
}
