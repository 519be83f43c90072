// What the kit lets a diagram's source ask of Mermaid (agent text: it may be hostile), before Mermaid sees it.
import { RenderBudgetError } from './render-budget.js';

/** What a diagram may be: characters, statements per diagram type (layout cost grows faster for some), time to draw. */
export const DIAGRAM_BUDGET = {
  maxChars: 20_000,
  /** Statements (non-blank lines) per diagram type; `default` for the others. Mindmaps lay out by force simulation. */
  maxStatements: { mindmap: 15, architecture: 15, default: 40 } as Record<string, number>,
  maxEdges: 400,
  timeoutMs: 10_000,
};

/**
 * The diagram's source as the kit draws it: `%%{…}%%` directives and `---` front matter dropped (they set Mermaid's
 * config, and so themes with CSS, fonts and HTML labels), image shapes and HTML in labels refused; past the budget, a
 * `RenderBudgetError`.
 */
export function diagramSource(source: string): string {
  if (source.length > DIAGRAM_BUDGET.maxChars) throw new RenderBudgetError(`diagram longer than ${DIAGRAM_BUDGET.maxChars} characters`);
  let text = source.replace(/^\s*---\r?\n[\s\S]*?\r?\n\s*---[^\n]*(\n|$)/, '').replace(/%%\{[\s\S]*?(\}%%|$)/g, '');
  if (/%%\{/.test(text)) text = text.replace(/%%\{/g, '');
  // `@{ img: … }` / `@{ shape: image … }` (an image shape) and HTML tags in labels: nothing a diagram needs to fetch.
  if (/@\{[^}]*\b(img|image)\b/i.test(text)) throw new Error('Image shapes are not drawn.');
  if (/<\s*(img|image|svg|iframe|object|embed|link|style|video|audio|source|use|foreignobject)\b/i.test(text)) throw new Error('HTML in labels is not drawn.');
  const lines = text.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('%%'));
  const type = /^\s*([A-Za-z-]+)/.exec(lines[0] ?? '')?.[1]?.replace(/-beta$/, '') ?? '';
  const limit = DIAGRAM_BUDGET.maxStatements[type] ?? DIAGRAM_BUDGET.maxStatements.default!;
  if (lines.length - 1 > limit) throw new RenderBudgetError(`${type || 'diagram'} of more than ${limit} statements`);
  return text;
}

