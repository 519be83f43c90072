import { createContext } from 'react';

/** A diagram drawn twice, as standalone SVG documents: for light and for dark pages. */
export interface RenderedDiagram {
  light: string;
  dark: string;
}

/** Draws diagrams from their source: the kit's is `@agent-chat/ui/diagrams` (Mermaid). */
export interface DiagramRenderer {
  /** The diagram's SVGs; rejects when the source is not a diagram it can draw. */
  render(source: string): Promise<RenderedDiagram>;
}

/**
 * Loads a diagram renderer when the first finished ```mermaid block shows; pass
 * `() => import('@agent-chat/ui/diagrams').then((module) => module.diagramRenderer)` so that Mermaid is a chunk of
 * its own (install `mermaid`, an optional peer dependency).
 */
export type DiagramRendererLoader = () => Promise<DiagramRenderer>;

/** The loader rows use (`MessageList`'s and `AgentChatView`'s `diagramRenderer`); none: diagrams stay code. */
export const DiagramRendererContext = createContext<DiagramRendererLoader | null>(null);

const loaded = new WeakMap<DiagramRendererLoader, Promise<DiagramRenderer>>();

/** The renderer of `load`, loaded once per loader. */
export function loadDiagramRenderer(load: DiagramRendererLoader): Promise<DiagramRenderer> {
  let renderer = loaded.get(load);
  if (!renderer) loaded.set(load, (renderer = load()));
  return renderer;
}

/** Fence languages drawn as diagrams. */
export const isDiagramLanguage = (language: string | undefined): boolean => language?.trim().toLowerCase() === 'mermaid';
