// `@agent-chat/ui/math`: formulas typeset by KaTeX, in its own entry so that KaTeX and its stylesheet (fonts included,
// served by the app's bundler from the katex package: nothing from the network) load as a chunk of their own, only
// when an answer has a finished formula. KaTeX is an optional peer dependency (install `katex`): without it, the first
// formula rejects with a message that says so, and formulas show as their source. KaTeX builds MathML + HTML as DOM
// nodes; `trust: false` drops \href, \url, \includegraphics and \html*; the input is the model's text only.
import type { MathRenderer } from './markdown/markdown-renderers.js';
import { inSlices, RenderBudgetError } from './markdown/render-budget.js';

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

/** What agent text may have typeset: characters per formula, formulas per Markdown block (`.acu-markdown`). */
export const MATH_BUDGET = { maxChars: 4_000, maxPerDocument: 1_000 };

// Formulas typeset per Markdown document (its root element): past the budget, the rest stay source.
const typeset = new WeakMap<Element, number>();

function withinBudget(tex: string, target: HTMLElement): void {
  if (tex.length > MATH_BUDGET.maxChars) throw new RenderBudgetError(`formula longer than ${MATH_BUDGET.maxChars} characters`);
  const document = target.closest?.('.acu-markdown') ?? target;
  const count = (typeset.get(document) ?? 0) + 1;
  typeset.set(document, count);
  if (count > MATH_BUDGET.maxPerDocument) throw new RenderBudgetError(`more than ${MATH_BUDGET.maxPerDocument} formulas`);
}

/**
 * The kit's KaTeX renderer (see `MathRendererLoader`). Each formula is typeset in a slice of the main thread's time
 * shared with the others (thousands of formulas never make one long task), within `MATH_BUDGET`.
 */
export const mathRenderer: MathRenderer = {
  async render(tex, target, { display }) {
    withinBudget(tex, target);
    const katex = await loadKatex();
    await inSlices(() =>
      katex.render(tex, target, {
        displayMode: display,
        output: 'htmlAndMathml',
        throwOnError: true,
        trust: false,
        strict: 'ignore',
        maxSize: 20,
        maxExpand: 200,
      }),
    );
  },
};
