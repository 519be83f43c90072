// `@agent-chat/ui/math`: formulas typeset by KaTeX, in its own entry so that KaTeX and its stylesheet (fonts included,
// served by the app's bundler from the katex package: nothing from the network) load as a chunk of their own, only
// when an answer has a finished formula. KaTeX is an optional peer dependency (install `katex`): without it, the first
// formula rejects with a message that says so, and formulas show as their source. KaTeX builds MathML + HTML as DOM
// nodes; `trust: false` drops \href, \url, \includegraphics and \html*; the input is the model's text only.
import type { MathRenderer } from './markdown/markdown-renderers.js';

type Katex = typeof import('katex').default;

/** The message of a math renderer without KaTeX. */
export const KATEX_MISSING = '@agent-chat/ui/math needs KaTeX, an optional peer dependency: install it (npm install katex).';

let katex: Promise<Katex> | null = null;

function loadKatex(): Promise<Katex> {
  katex ??= import('katex').then(
    async (module) => {
      await import('katex/dist/katex.min.css');
      return module.default;
    },
    (cause: unknown) => {
      throw new Error(KATEX_MISSING, { cause });
    },
  );
  // Installed since (a dev server's dependencies changed): the next formula tries again.
  katex.catch(() => (katex = null));
  return katex;
}

/** The kit's KaTeX renderer (see `MathRendererLoader`). */
export const mathRenderer: MathRenderer = {
  async render(tex, target, { display }) {
    (await loadKatex()).render(tex, target, {
      displayMode: display,
      output: 'htmlAndMathml',
      throwOnError: true,
      trust: false,
      strict: 'ignore',
      maxSize: 20,
      maxExpand: 200,
    });
  },
};
