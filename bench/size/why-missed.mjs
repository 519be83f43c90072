// Why the Genkit apps miss their budgets (18 kB, issue 29's for the seed's turn, and 25 kB with AgentChatView): the prose of bench/size/RESULTS.md
// under the feature tables, every number computed from the run so that it never goes stale.
import { featureTable } from './feature-breakdown.mjs';

const KB = 1000;
const kb = (bytes) => (bytes / KB).toFixed(2);
/** The Genkit app's budget (kB, min+gz): the seed's turn, issue 29. */
const APP_BUDGET = 18;

/** The features' min+gz shares of a breakdown, summed. */
const shareOf = (b, ids) => b.groups.filter((g) => ids.includes(g.id)).reduce((sum, g) => sum + g.gzipShare, 0);
const OPT_IN_CORE = ['tree', 'client-tools', 'resumable'];
const OPT_IN_VIEW = [...OPT_IN_CORE, 'actions', 'tool-rows', 'artifacts'];

/**
 * The explanation under the feature tables: numbers from this run's breakdowns of the Genkit app (`app`) and of the
 * same with `AgentChatView` (`view`), and the what-if rows when they were measured; the reasoning is fixed.
 */
const UI_GROUPS = ['markdown', 'virtualiser', 'rows', 'composer', 'dialog', 'tool-rows', 'labels', 'artifacts', 'view', 'actions', 'media'];
const UI_NAMES = { markdown: 'Markdown (streaming-markdown included)', virtualiser: 'the virtualiser (@tanstack/react-virtual)', rows: 'message list and rows', composer: 'composer and attachments', dialog: 'interrupt dialog', 'tool-rows': 'tool rows', labels: 'labels', artifacts: 'artifact panel', view: 'view shell', actions: 'message actions', media: 'safe media' };

export function whyMissed({ app, view, whatIfRows }) {
  const gk = app.groups;
  const libs = gk.filter((g) => g.kind === 'library');
  const floorIds = gk.filter((g) => g.required && g.kind === 'ours').map((g) => g.id);
  const libIds = libs.map((l) => l.id);
  const floor = shareOf(app, [...libIds, ...floorIds]);
  const savedCore = view.savedWithout(OPT_IN_CORE);
  const savedView = view.savedWithout(OPT_IN_VIEW);
  const fjp = whatIfRows.find((r) => r.variant === 'no-fjp' && r.id === 'app-genkit');
  const fjpSaved = fjp ? app.gzipTotal - fjp.gzipBytes : null;
  const both = whatIfRows.find((r) => r.variant === 'no-fjp-esp' && r.id === 'app-genkit');
  const g = (id) => kb(gk.find((x) => x.id === id)?.gzipShare ?? 0);
  return [
    'How to read the tables: every character of the minified bundle is attributed to its source file through esbuild\'s',
    'source map (tsc\'s and the libraries\' own maps followed) and every file to a feature (`bench/size/feature-breakdown.mjs`',
    'lists the files of each). **share of min+gz** is the group\'s own output gzipped alone, scaled so that the groups sum',
    'to the measured bundle; **saved without it** is the whole output gzipped with and without the group\'s code (what',
    'leaving that feature out would save, not counting the few calls into it that would stay).',
    '',
    `**The Genkit app (${kb(app.gzipTotal)} kB, budget ${APP_BUDGET} kB, ${kb(app.gzipTotal - APP_BUDGET * KB)} kB over)**:`,
    '',
    featureTable(app),
    '',
    `- **Every Genkit app: about ${kb(floor)} kB (${kb(floor - APP_BUDGET * KB)} kB over ${APP_BUDGET} kB).** The four libraries the rules require,`,
    `  ${kb(shareOf(app, libIds))} kB (${libs.map((l) => `${l.id} ${kb(l.gzipShare)}`).join(', ')}), and the code every Genkit app runs,`,
    `  ${kb(shareOf(app, floorIds))} kB (${gk.filter((x) => floorIds.includes(x.id)).map((x) => `${x.short} ${kb(x.gzipShare)}`).join(', ')}).`,
    `- Limits and deadlines, ${g('limits')} kB: every turn is bounded by them (frame size, nesting depth, time), so they stay.`,
    `- **Opt-in, done (issue 29)**: the conversation tree, client-side tools and resumable turns are features an app imports`,
    `  and passes (\`createAgentChat({ transport, features: [versionTree(), clientTools(), resumable()] })\`); the Genkit app`,
    `  went from 27.36 kB to ${kb(app.gzipTotal)} kB. Their costs are the "Opt-in chat features" rows above. The resumable`,
    `  HTTP transport is a lazy chunk. \`enqueue-turn.js\` queues every turn and is counted as controller.`,
    ...(fjpSaved == null ? [] : [
      `- fast-json-patch replaced by the ~60-line applier of the what-if table would take ${kb(fjpSaved)} kB more off: about`,
      `  ${kb(app.gzipTotal - fjpSaved)} kB; eventsource-parser replaced too, ${kb(fjp.gzipBytes - both.gzipBytes)} kB more: about ${kb(both.gzipBytes)} kB.`,
      '  The design names both libraries, so that is reported, not done (and not counted below).',
    ]),
    `- So ${APP_BUDGET} kB needs our own floor (${kb(shareOf(app, floorIds))} kB) to shrink by ${kb(Math.max(0, app.gzipTotal - APP_BUDGET * KB))} kB more, with the`,
    `  four libraries kept; the largest part of it is the controller and turn runner, ${g('controller')} kB (its files are in`,
    `  "largest files" above), then the store and reducer. Not done this round: see the issue.`,
    '',
    `**With \`AgentChatView\` (${kb(view.gzipTotal)} kB, budget 25 kB, ${kb(view.gzipTotal - 25 * KB)} kB over)**:`,
    '',
    featureTable(view),
    '',
    `- The UI's parts, largest first: ${UI_GROUPS.map((id) => [id, shareOf(view, [id])]).sort((a, b) => b[1] - a[1]).map(([id, share]) => `${UI_NAMES[id]} ${kb(share)}`).join(', ')} kB.`,
    '  The virtualiser keeps a turn\'s cost flat in the history length (bench/browser/RESULTS.md, the `turns` row).',
    `- The view passes the three chat features by default (${kb(savedCore)} kB of it here); with message actions, tool rows and the`,
    `  artifact panel opt-in too (passed in as components instead of always imported), it would save ${kb(savedView)} kB: about ${kb(view.gzipTotal - savedView)} kB.`,
    '',
    'What was checked in the metafile:',
    '',
    '- immer: only `produce` is imported; no plugin (`enableMapSet`, `enablePatches`) is enabled, so none is bundled.',
    '- fast-json-patch: only `applyOperation` and `getValueByPointer` from `module/core.mjs`; `_deepClone` stays because `applyOperation`',
    '  references it on a branch the core never takes, and a bundler cannot drop it from outside the library.',
    '- eventsource-parser: needed (SSE framing of Genkit, AG-UI and the AI SDK).',
    '- Nothing of AG-UI, the AI SDK, AgentFlow or TnsAI is in the Genkit bundle (each protocol is its own folder).',
  ];
}

