// Where the bytes of a bundle go, by feature: every character of the minified output is attributed to its source file
// through esbuild's source map, every file to a feature group, and each group's gzip share is estimated from its own
// output (scaled so that the groups sum to the bundle's measured min+gz).
import { decode } from '@jridgewell/sourcemap-codec';
import { constants, gzipSync } from 'node:zlib';

const gzip = (text) => gzipSync(Buffer.from(text), { level: constants.Z_BEST_COMPRESSION }).length;

/**
 * The feature groups, matched in order against a file's key: `lib:<package>` for a dependency, `<package>/<path>`
 * (no src/ or dist/, no extension) for ours. `optIn` marks what an app could leave out if it were installed only when
 * imported; `required` what the design's rules keep in every app.
 */
export const FEATURES = [
  // The design's libraries (issue 40): immer makes every store update, fast-json-patch applies the agent's patches.
  { id: 'immer', label: 'immer (`produce`, `freeze`, `current`)', kind: 'library', required: true, match: /^lib:immer$/ },
  { id: 'fast-json-patch', label: 'fast-json-patch (`applyOperation`, `getValueByPointer`)', kind: 'library', required: true, match: /^lib:fast-json-patch$/ },
  { id: 'eventsource-parser', label: 'eventsource-parser', kind: 'library', required: true, match: /^lib:eventsource-parser$/ },
  { id: 'zustand', label: 'zustand (vanilla store)', kind: 'library', required: true, match: /^lib:zustand$/ },
  { id: 'limits', short: 'limits & deadlines', label: 'limits & deadlines: frame/depth limits, turn deadlines, the catch-all (wire/limits, util/depth, chat/deadlines, turn-guard, model/failure)', kind: 'ours', match: /^core\/(wire\/limits|util\/depth|chat\/(?:[a-z]+\/)?(deadlines|turn-guard)|model\/failure)$/ },
  { id: 'tree', short: 'conversation tree', label: 'the `versionTree()` feature: regenerate, edit, retry, versions (chat/tree/)', kind: 'ours', optIn: 'feature', match: /^core\/chat\/(?:[a-z]+\/)?(branch-tree|chat-operations|branch-operations|version-tree|chat-tree-record|tree-reconcile|persist-chat-tree)$/ },
  { id: 'client-tools', short: 'client tools', label: 'the `clientTools()` feature: the tool loop (chat/tools/)', kind: 'ours', optIn: 'feature', match: /^core\/chat\/(?:[a-z]+\/)?client-tools$/ },
  { id: 'resumable', short: 'resumable turns', label: 'the `resumable()` feature: reattach, detached polling (chat/resumable/)', kind: 'ours', optIn: 'feature', match: /^core\/chat\/(?:[a-z]+\/)?(reattach-running-turn|detached-poll)$/ },
  { id: 'app-state', short: 'state writes & context', label: 'the app talks back: `setCustom` writes and app context (chat/custom-writes, set-custom, agent-context)', kind: 'ours', optIn: true, match: /^core\/chat\/(?:[a-z]+\/)?(custom-writes|set-custom|agent-context)$/ },
  { id: 'genkit', short: 'Genkit protocol', label: 'Genkit protocol: decoder, request, transport (protocols/genkit, decoder-helpers)', kind: 'ours', required: true, match: /^core\/(protocols\/genkit\/|(protocols|wire)\/decoder-helpers$)/ },
  { id: 'http', short: 'HTTP + SSE', label: 'HTTP transport and SSE framing, ours (transport/, wire/)', kind: 'ours', required: true, match: /^core\/(transport|wire)\// },
  { id: 'store', short: 'store & reducer', label: 'engine: store and reducer (store, reducer, reduce-*, chunk-builder, patcher, chat-state, resume-parts)', kind: 'ours', required: true, match: /^core\/chat\/(?:[a-z]+\/)?(store|reducer|reduce-[a-z-]+|chunk-builder|apply-custom-patch|patcher|chat-state|resume-parts)$/ },
  { id: 'controller', short: 'controller & turn runner', label: 'engine: controller and turn runner (agent-chat, enqueue-turn, run-turn, turn-queue, turn-context, chat-parts, chat-history, session-continuity)', kind: 'ours', required: true, match: /^core\/chat\// },
  { id: 'model', short: 'model & errors', label: 'engine: model, errors, guards, ids (model/, util/)', kind: 'ours', required: true, match: /^core\/(model|util)\/|^core\/index$/ },
  { id: 'react', short: 'React hooks', label: 'React hooks: `useAgentChat`, `useAgentChatSelector`, frame scheduler, provider', kind: 'ours', required: true, match: /^react\// },
  { id: 'markdown', short: 'Markdown', label: 'incremental Markdown, streaming-markdown included (markdown/: markdown, markdown-node, markdown-tree, code-block)', kind: 'ui', match: /^(lib:streaming-markdown|ui\/markdown\/(markdown|markdown-node|markdown-tree|code-block))$/ },
  { id: 'media', short: 'safe media', label: 'safe media: images, audio, video, links (media/: media-view, media-policy, safe-url)', kind: 'ui', match: /^ui\/media\/(media-view|media-policy|safe-url)$/ },
  { id: 'virtualiser', short: 'virtualiser', label: 'library: @tanstack/react-virtual with its virtual-core (the message list mounts only the rows near the viewport)', kind: 'ui', match: /^lib:@tanstack\/(react-virtual|virtual-core)$/ },
  { id: 'rows', short: 'list & rows', label: 'message list and rows (message-list/: message-list, message-rows, message-row, message-list-row, row-blocks, row-group, row-groups, message-context, row-links, row-parts, row-error-boundary, use-stick-to-bottom)', kind: 'ui', match: /^ui\/(message-list\/(message-list|message-rows|message-row|message-list-row|row-blocks|row-group|row-groups|message-context|row-links|row-parts|row-error-boundary|use-stick-to-bottom))$/ },
  { id: 'actions', short: 'message actions', label: 'message actions and their parts: copy, regenerate, edit, versions, feedback (message-actions/)', kind: 'ui', optIn: true, match: /^ui\/message-actions\// },
  { id: 'tool-rows', short: 'tool rows', label: 'tool rows and registry (tools/: tool-activity, tool-call-row, tool-call-status, tool-registry, tool-links)', kind: 'ui', optIn: true, match: /^ui\/tools\// },
  { id: 'artifacts', short: 'artifact panel', label: 'artifact panel (artifacts/: artifact-panel, artifact-view, artifact-content, custom-diff)', kind: 'ui', optIn: true, match: /^ui\/artifacts\// },
  { id: 'dialog', short: 'interrupt dialog', label: 'interrupt dialog and inline prompt (interrupt-prompt/: its parts, interrupt-confirm-dialog, interrupt-answers; util/focus-trap)', kind: 'ui', match: /^ui\/(interrupt-prompt\/|util\/focus-trap$)/ },
  { id: 'composer', short: 'composer', label: 'composer, its parts and attachments (composer/)', kind: 'ui', match: /^ui\/composer\// },
  { id: 'labels', short: 'labels', label: 'labels: every user-visible string, replaceable (labels)', kind: 'ui', match: /^ui\/labels\/labels$/ },
  { id: 'view', short: 'view shell', label: 'the view shell: `AgentChatView`, thinking indicator, shared helpers', kind: 'ui', match: /^ui\// },
];

const GLUE = { id: 'glue', label: "esbuild's own output: module glue and the export list (no source file)", kind: 'glue' };

/** The key a source path of the map is matched by (tsc's and the libraries' own source maps are followed). */
export function keyOf(source) {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = source.slice(modules + 'node_modules/'.length).split('/');
    return `lib:${rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  const ours = /packages\/([^/]+)\/(?:src|dist)\/(.+)\.(?:tsx?|m?js)$/.exec(source);
  return ours ? `${ours[1]}/${ours[2]}` : `other:${source}`;
}

/**
 * The bundle `code` (minified) split by feature with its source `map`: per group the minified bytes, the gzip share
 * (its own output gzipped, scaled so the groups sum to `gzipTotal`) and what leaving it out would save (the whole
 * output gzipped with and without the group's characters). Files no group matches are reported, never dropped.
 */
export function featureBreakdown(code, map, gzipTotal, features = FEATURES) {
  const groupOfSource = map.sources.map((source) => {
    const key = keyOf(source);
    return features.find((feature) => feature.match.test(key))?.id ?? `unmatched:${key}`;
  });
  const pieces = piecesOf(code, map, (source) => groupOfSource[source]);
  const without = (ids) => gzip(pieces.filter(([id]) => !ids.includes(id)).map(([, text]) => text).join(''));
  const whole = gzip(pieces.map(([, text]) => text).join(''));
  const known = [...features, GLUE];
  const ids = [...new Set(pieces.map(([id]) => id))];
  const groups = ids.map((id) => {
    const text = pieces.filter(([group]) => group === id).map(([, piece]) => piece).join('');
    const feature = known.find((f) => f.id === id) ?? { id, label: `not in a group: ${id.slice('unmatched:'.length)}`, kind: 'unmatched' };
    return { ...feature, match: undefined, minBytes: Buffer.byteLength(text), alone: gzip(text), savedWithout: whole - without([id]) };
  });
  const aloneSum = groups.reduce((sum, group) => sum + group.alone, 0);
  for (const group of groups) group.gzipShare = Math.round((group.alone * gzipTotal) / aloneSum);
  // Listed as: libraries, what every app runs, the rest of ours, opt-in candidates, then the ui the same way.
  const rank = (g) => ({ library: 0, ours: g.required ? 1 : g.optIn ? 3 : 2, ui: g.optIn ? 5 : 4, glue: 6 })[g.kind] ?? 7;
  const order = (group) => rank(group) * 1000 + known.findIndex((f) => f.id === group.id);
  groups.sort((a, b) => order(a) - order(b));
  return {
    groups,
    minBytes: Buffer.byteLength(code),
    gzipTotal,
    /** min+gz saved by leaving all of `ids` out at once (the whole output gzipped without them). */
    savedWithout: (setIds) => whole - without(setIds),
  };
}

/**
 * The minified output as [group, text] pieces in output order: each character goes to the group `groupOf(source index,
 * original line)` gives the source it maps to, or to the glue when it maps to none.
 */
function piecesOf(code, map, groupOf) {
  const pieces = [];
  const lines = code.split('\n');
  const decoded = decode(map.mappings);
  const textOf = (line) => (line < lines.length - 1 ? `${lines[line]}\n` : lines[line] ?? '');
  decoded.forEach((segments, line) => {
    const text = textOf(line);
    let column = 0;
    let group = GLUE.id;
    for (const segment of segments) {
      if (segment[0] > column) pieces.push([group, text.slice(column, segment[0])]);
      column = Math.max(column, segment[0]);
      group = segment.length > 1 ? groupOf(segment[1], segment[2]) : GLUE.id;
    }
    pieces.push([group, text.slice(column)]);
  });
  for (let line = decoded.length; line < lines.length; line++) pieces.push([GLUE.id, textOf(line)]);
  return pieces;
}

// A declaration at the start of a line: the module's top level in our formatted sources.
const TOP_LEVEL = /^(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?|class|const|let|var)\s+([A-Za-z_$][\w$]*)/;

/** For each line of a source text, the top-level declaration it belongs to (the last one starting at or above it). */
export function declarationLines(text) {
  let current = '(module)';
  return text.split('\n').map((line) => {
    current = TOP_LEVEL.exec(line)?.[1] ?? current;
    return current;
  });
}

/**
 * Our own code of a bundle by top-level function (or class, or constant), from the sources inside the map: the
 * minified bytes of each and what leaving it out would save of the min+gz (the whole output gzipped with and without
 * it). The libraries are left out (the feature breakdown has them); sorted by that saving, largest first.
 */
export function functionBreakdown(code, map) {
  const declarations = map.sources.map((source, index) => (keyOf(source).startsWith('lib:') ? null : declarationLines(map.sourcesContent?.[index] ?? '')));
  const pieces = piecesOf(code, map, (source, line) => (declarations[source] ? `${keyOf(map.sources[source])}#${declarations[source][line] ?? '(module)'}` : 'library'));
  const whole = gzip(pieces.map(([, text]) => text).join(''));
  const ids = [...new Set(pieces.map(([id]) => id))].filter((id) => id.includes('#'));
  return ids.map((id) => {
    const [file, name] = id.split('#');
    const text = pieces.filter(([group]) => group === id).map(([, piece]) => piece).join('');
    const rest = pieces.filter(([group]) => group !== id).map(([, piece]) => piece).join('');
    return { file, name, minBytes: Buffer.byteLength(text), savedWithout: whole - gzip(rest) };
  }).sort((a, b) => b.savedWithout - a.savedWithout || b.minBytes - a.minBytes);
}

const kb = (bytes) => (bytes / 1000).toFixed(2);

/** The breakdown as a markdown table: one row per group, then the sum. */
export function featureTable(breakdown) {
  const lines = [
    '| feature | min | share of min+gz | min+gz saved without it |',
    '|---|---:|---:|---:|',
    ...breakdown.groups.map((g) => `| ${g.kind === 'library' ? 'library: ' : g.kind === 'ui' ? 'ui: ' : ''}${g.label}${g.optIn === 'feature' ? ' *(opt-in feature)*' : g.optIn ? ' *(opt-in candidate)*' : ''} | ${kb(g.minBytes)} kB | **${kb(g.gzipShare)} kB** | ${g.kind === 'glue' ? '—' : `${kb(g.savedWithout)} kB`} |`),
    `| **the bundle** | ${kb(breakdown.minBytes)} kB | **${kb(breakdown.gzipTotal)} kB** | |`,
  ];
  return lines.join('\n');
}
