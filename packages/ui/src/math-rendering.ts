import { createContext } from 'react';

/** Typesets TeX: the kit's is `@agent-chat/ui/math` (KaTeX). */
export interface MathRenderer {
  /** Typesets `tex` into `target` (replacing what it holds); throws when the TeX is not valid. */
  render(tex: string, target: HTMLElement, options: { display: boolean }): void;
}

/**
 * Loads a math renderer when the first finished formula shows; pass
 * `() => import('@agent-chat/ui/math').then((module) => module.mathRenderer)` so that KaTeX and its CSS are a chunk
 * of their own.
 */
export type MathRendererLoader = () => Promise<MathRenderer>;

/** The loader rows use (`MessageList`'s and `AgentChatView`'s `mathRenderer`); none: formulas stay TeX source. */
export const MathRendererContext = createContext<MathRendererLoader | null>(null);

const loaded = new WeakMap<MathRendererLoader, Promise<MathRenderer>>();

/** The renderer of `load`, loaded once per loader. */
export function loadMathRenderer(load: MathRendererLoader): Promise<MathRenderer> {
  let renderer = loaded.get(load);
  if (!renderer) loaded.set(load, (renderer = load()));
  return renderer;
}
