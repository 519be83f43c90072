/**
 * The scripted model's "show me everything" answer (“explain”, “sources”): what real models send besides text —
 * reasoning first, then Markdown with a code block, math and numbered citations, the cited sources, follow-up
 * suggestions and the token usage. On Genkit's wire the sources and suggestions are `custom` parts (its part schema
 * has neither), which the kit's Genkit decoder reads as source parts and `state.suggestions`.
 */
import type { Part } from 'genkit/beta';

export const RICH_REASONING =
  'The user wants to see how the answer is built. I will explain the task list with a small TypeScript example, show the completion ratio as a formula, and cite where the ideas come from.';

export const RICH_TEXT = [
  'A task list is an array of tasks, each done or not [1]:',
  '',
  '```ts',
  'interface Task { id: number; title: string; done: boolean }',
  'const ratio = (tasks: Task[]) => tasks.filter((task) => task.done).length / tasks.length;',
  '```',
  '',
  'The completion ratio is $r = d / n$ for $d$ done tasks out of $n$. Small tasks finished early keep it high [2].',
].join('\n');

export const RICH_SOURCES = [
  { url: 'https://en.wikipedia.org/wiki/Task_management', title: 'Task management' },
  { url: 'https://en.wikipedia.org/wiki/Getting_Things_Done', title: 'Getting Things Done' },
];

export const RICH_SUGGESTIONS = ['Add a task', 'Write the report'];

/** The source and suggestion parts that close the rich answer, in Genkit's shape. */
export function richClosingParts(): Part[] {
  return [
    ...RICH_SOURCES.map((source): Part => ({ custom: { source } })),
    { custom: { suggestions: RICH_SUGGESTIONS } },
  ];
}

/** The scripted model's "diagram" / "math" answer: formulas in the four delimiters, a Mermaid diagram and a wide table. */
export const DIAGRAM_TEXT = [
  'Each task moves through three states:',
  '',
  '```mermaid',
  'flowchart LR',
  '  todo[To do] --> doing[Doing]',
  '  doing --> done[Done]',
  '  doing -->|blocked| todo',
  '```',
  '',
  'With $d$ done tasks out of $n$, the completion ratio is \\(r = d / n\\), and the time left at a pace of $p$ tasks a day is',
  '',
  '$$',
  't = \\frac{n - d}{p}',
  '$$',
  '',
  'Summed over the week:',
  '',
  '\\[',
  '\\sum_{i=1}^{7} d_i \\le n',
  '\\]',
  '',
  '| Task | State | Started | Estimate | Owner | Priority | Project | Notes |',
  '|---|---|---|---|---|---|---|---|',
  '| Buy milk | done | Monday morning | 10 minutes | you | low | household | on the way home from the office |',
  '| Write the report | doing | Wednesday afternoon | 2 hours | you | high | quarterly review | the summary first, then the details |',
].join('\n');
