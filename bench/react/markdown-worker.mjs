// Part of benchmark 3: what one commit of the streaming row costs in MessageList's Markdown as the message grows.
// `Markdown` (packages/ui/src/markdown/markdown.tsx) calls parseMarkdown(text) on the message's whole text whenever the text
// changes, i.e. on every commit while the message streams. This times that call (from the built dist) at a few lengths.
//   node markdown-worker.mjs <runs> <chars>…   prints one JSON line
import { fileURLToPath } from 'node:url';
import { summarize } from './lib/stats.mjs';

const [runsArg, ...sizes] = process.argv.slice(2);
const runs = Number(runsArg);
const { parseMarkdown, nodeText } = await import(fileURLToPath(new URL('../../packages/ui/dist/markdown/markdown-tree.js', import.meta.url)));

// Chat-like Markdown: paragraphs, bold, inline code, a list, a fenced code block.
const PIECES = ['Some ', 'text ', 'with ', '**bold** ', 'and ', '`code` ', 'in it.\n\n', '- an item\n', '- another\n\n', '```js\nconst x = 1;\n```\n\n', 'more ', 'words '];
function markdownOf(chars) {
  let text = '';
  for (let index = 0; text.length < chars; index++) text += PIECES[index % PIECES.length];
  return text.slice(0, chars);
}

const out = [];
for (const chars of sizes.map(Number)) {
  const text = markdownOf(chars);
  const tree = parseMarkdown(text);
  if (!(nodeText(tree).length > chars * 0.6)) throw new Error(`parseMarkdown lost text at ${chars} chars`);
  for (let warm = 0; warm < 3; warm++) parseMarkdown(text);
  const times = [];
  for (let run = 0; run < runs; run++) {
    const t0 = performance.now();
    parseMarkdown(text);
    times.push(performance.now() - t0);
  }
  out.push({ chars, ms: summarize(times) });
}
process.stdout.write(`${JSON.stringify(out)}\n`);
