import { createContext, type Context } from 'react';

/** What a renderer is told besides the source. */
export interface RenderOptions {
  /** A display formula (`$$…$$`, `\[…\]`) rather than an inline one. */
  display: boolean;
  /** The accessible name of what it draws (the `diagram` label). */
  label: string;
}

/** Draws one kind of source (a formula, a diagram) into an element, replacing what it holds; throws or rejects when it cannot. */
export interface SourceRenderer {
  render(source: string, target: HTMLElement, options: RenderOptions): void | Promise<void>;
}

/** Typesets TeX: the kit's is `@agent-chat/ui/math` (KaTeX, MathML + HTML built as DOM nodes). */
export type MathRenderer = SourceRenderer;

/** Draws diagrams: the kit's is `@agent-chat/ui/diagrams` (Mermaid, shown as SVG images). */
export type DiagramRenderer = SourceRenderer;

/**
 * Loads the math renderer when the first finished formula shows; pass
 * `() => import('@agent-chat/ui/math').then((module) => module.mathRenderer)` so that KaTeX and its CSS are a chunk
 * of their own.
 */
export type MathRendererLoader = () => Promise<MathRenderer>;

/**
 * Loads the diagram renderer when the first finished ```mermaid block shows; pass
 * `() => import('@agent-chat/ui/diagrams').then((module) => module.createDiagramRenderer({ script }))`, `script` the URL
 * of Mermaid's one-file build served by the app (install `mermaid`, an optional peer dependency): it draws in a
 * sandboxed, network-less frame.
 */
export type DiagramRendererLoader = () => Promise<DiagramRenderer>;

/** The loaders rows use (`MessageList`'s and `AgentChatView`'s `mathRenderer`, `diagramRenderer`); none: the source shows. */
export const MathRendererContext: Context<MathRendererLoader | null> = createContext<MathRendererLoader | null>(null);
export const DiagramRendererContext: Context<DiagramRendererLoader | null> = createContext<DiagramRendererLoader | null>(null);

const loaded = new WeakMap<() => Promise<SourceRenderer>, Promise<SourceRenderer>>();

/** The renderer of `load`, loaded once per loader. */
export function loadRenderer(load: () => Promise<SourceRenderer>): Promise<SourceRenderer> {
  let renderer = loaded.get(load);
  if (!renderer) loaded.set(load, (renderer = load()));
  return renderer;
}
