// `@agent-chat/ui/diagrams`: Mermaid diagrams, in its own entry so that Mermaid (an optional peer dependency: install
// `mermaid`) loads as a chunk of its own, only when an answer has a finished ```mermaid block. A diagram is agent text:
// its directives and front matter are dropped (the kit sets the theme), image shapes and HTML labels are refused, and
// Mermaid draws it in its sandbox mode, inside a script-less iframe whose document gets a CSP of `default-src 'none'`
// before anything is drawn: nothing it draws can fetch. The SVG is then shown as an image (see `image`), drawn once
// (a dark page inverts it by CSS). Past its budget (size, nodes, time) a diagram stays source, with a note.
import mermaid from 'mermaid';
import type { DiagramRenderer } from './markdown/markdown-renderers.js';
import { RenderBudgetError } from './markdown/render-budget.js';

/** What a diagram may be: characters, statements per diagram type (layout cost grows faster for some), time to draw. */
export const DIAGRAM_BUDGET = {
  maxChars: 20_000,
  /** Statements (non-blank lines) per diagram type; `default` for the others. Mindmaps lay out by force simulation. */
  maxStatements: { mindmap: 15, architecture: 15, default: 40 } as Record<string, number>,
  maxEdges: 400,
  timeoutMs: 10_000,
};

// The only policy in the frame: inline styles (Mermaid's own) and nothing from anywhere, `data:` included.
const FRAME_POLICY = "default-src 'none'; style-src 'unsafe-inline'";
// Every setting a diagram's own config could change is locked to the kit's (Mermaid's `secure` list).
const LOCKED = ['secure', 'securityLevel', 'startOnLoad', 'maxTextSize', 'maxEdges', 'theme', 'themeCSS', 'themeVariables', 'fontFamily', 'altFontFamily', 'darkMode', 'htmlLabels', 'flowchart', 'look', 'layout', 'elk', 'dompurifyConfig', 'markdownAutoWrap', 'suppressErrorRendering', 'deterministicIds', 'deterministicIDSeed', 'fontSize', 'mindmap', 'sequence', 'class', 'state', 'er', 'gantt', 'journey', 'timeline', 'kanban', 'block', 'architecture', 'c4', 'sankey', 'packet', 'xyChart', 'quadrantChart', 'requirement', 'gitGraph', 'pie', 'radar', 'treemap', 'venn'];

let queue: Promise<unknown> = Promise.resolve();
let count = 0;

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

/** Writes the frame's CSP into each sandbox iframe Mermaid creates in `host`, before it draws there. */
function lockFrames(host: HTMLElement): MutationObserver {
  const lock = (frame: HTMLIFrameElement) => {
    const document = frame.contentDocument;
    if (!document) return;
    const meta = document.createElement('meta');
    meta.httpEquiv = 'Content-Security-Policy';
    meta.content = FRAME_POLICY;
    document.head.append(meta);
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof HTMLIFrameElement) lock(node);
  });
  observer.observe(host, { childList: true });
  return observer;
}

/** The SVG out of the `<iframe src="data:text/html;base64,…">` Mermaid's sandbox mode returns, read as inert text. */
function svgOf(frameHtml: string): SVGSVGElement {
  const frame = new DOMParser().parseFromString(frameHtml, 'text/html').querySelector('iframe');
  const base64 = /^data:text\/html;charset=UTF-8;base64,(.*)$/s.exec(frame?.getAttribute('src') ?? '')?.[1];
  if (!base64) throw new Error('Mermaid returned no diagram.');
  const html = new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
  const svg = new DOMParser().parseFromString(html, 'text/html').querySelector('svg');
  if (!svg) throw new Error('Mermaid returned no SVG.');
  return svg;
}

/** The SVG sized by its viewBox, so that it has an intrinsic size as an image. */
function standalone(svg: SVGSVGElement): string {
  const box = svg.getAttribute('viewBox')?.split(/[\s,]+/).map(Number);
  if (box?.length === 4 && box.every(Number.isFinite)) {
    svg.setAttribute('width', String(Math.ceil(box[2]!)));
    svg.setAttribute('height', String(Math.ceil(box[3]!)));
    svg.style.removeProperty('max-width');
  }
  svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return new XMLSerializer().serializeToString(svg);
}

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new RenderBudgetError(`diagram not drawn within ${ms} ms`)), ms));
}

async function draw(source: string): Promise<string> {
  const text = diagramSource(source);
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'sandbox',
    secure: LOCKED,
    theme: 'default',
    htmlLabels: false,
    flowchart: { htmlLabels: false, useMaxWidth: false },
    markdownAutoWrap: false,
    maxTextSize: DIAGRAM_BUDGET.maxChars,
    maxEdges: DIAGRAM_BUDGET.maxEdges,
    suppressErrorRendering: true,
    deterministicIds: true,
    deterministicIDSeed: `acu-${++count}`,
  });
  // Off screen but laid out (Mermaid measures its text), in the page so that Mermaid finds its sandbox iframe.
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.style.cssText = 'position:fixed;left:-10000px;top:0;width:1000px;height:800px;visibility:hidden;contain:strict';
  document.body.append(host);
  const observer = lockFrames(host);
  try {
    const { svg } = await Promise.race([mermaid.render(`acu-diagram-${count}`, text, host), timeout(DIAGRAM_BUDGET.timeoutMs)]);
    return standalone(svgOf(svg));
  } finally {
    observer.disconnect();
    host.remove();
  }
}

/** An SVG as an image: in an `<img>`, an SVG runs no script and loads nothing. */
function image(svg: string, label: string): HTMLImageElement {
  const element = document.createElement('img');
  element.className = 'acu-diagram__image';
  element.alt = label;
  element.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return element;
}

/**
 * The kit's Mermaid renderer (see `DiagramRendererLoader`): each diagram drawn once, one at a time (Mermaid's settings
 * are global); a diagram past `DIAGRAM_BUDGET` rejects with a `RenderBudgetError` and shows as source with a note.
 */
export const diagramRenderer: DiagramRenderer = {
  render(source, target, { label }) {
    const next = queue.then(async () => {
      target.replaceChildren(image(await draw(source), label));
    });
    queue = next.catch(() => undefined);
    return next;
  },
};
