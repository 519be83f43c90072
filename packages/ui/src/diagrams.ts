// `@agent-chat/ui/diagrams`: Mermaid diagrams, in its own entry so that Mermaid (an optional peer dependency: install
// `mermaid`) loads as a chunk of its own, only when an answer has a finished ```mermaid block. A diagram is agent text:
// its directives and front matter are dropped (the kit sets the theme), its config keys locked, image shapes and HTML
// that loads in labels refused (see `diagramSource`), and Mermaid draws it in its sandbox mode, in a script-less iframe
// apart from the page's styles. (A CSP written into that frame by a meta element is not enforced by Chromium: a probe
// image there loaded, so what keeps a diagram off the network is the source rules.) The SVG is then shown as an image
// (see `image`), drawn once (a dark page inverts it by CSS). Past its budget a diagram stays source, with a note.
import mermaid from 'mermaid';
import type { DiagramRenderer } from './markdown/markdown-renderers.js';
import { RenderBudgetError } from './markdown/render-budget.js';
import { DIAGRAM_BUDGET, diagramSource } from './markdown/diagram-source.js';

export { DIAGRAM_BUDGET, diagramSource };

// Every setting a diagram's own config could change is locked to the kit's (Mermaid's `secure` list).
const LOCKED = ['secure', 'securityLevel', 'startOnLoad', 'maxTextSize', 'maxEdges', 'theme', 'themeCSS', 'themeVariables', 'fontFamily', 'altFontFamily', 'darkMode', 'htmlLabels', 'flowchart', 'look', 'layout', 'elk', 'dompurifyConfig', 'markdownAutoWrap', 'suppressErrorRendering', 'deterministicIds', 'deterministicIDSeed', 'fontSize', 'mindmap', 'sequence', 'class', 'state', 'er', 'gantt', 'journey', 'timeline', 'kanban', 'block', 'architecture', 'c4', 'sankey', 'packet', 'xyChart', 'quadrantChart', 'requirement', 'gitGraph', 'pie', 'radar', 'treemap', 'venn'];

let queue: Promise<unknown> = Promise.resolve();
let count = 0;

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
  try {
    const { svg } = await Promise.race([mermaid.render(`acu-diagram-${count}`, text, host), timeout(DIAGRAM_BUDGET.timeoutMs)]);
    return standalone(svgOf(svg));
  } finally {
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
