// `@agent-chat/ui/diagrams`: Mermaid diagrams, in its own entry so that Mermaid (an optional peer dependency: install
// `mermaid`) loads as a chunk of its own, only when an answer has a finished ```mermaid block. Mermaid runs with
// `securityLevel: 'strict'` (labels' HTML encoded, no click handlers) and plain SVG labels; the SVG is shown as an
// image (see DiagramView), where no script runs and nothing is fetched.
import mermaid from 'mermaid';
import type { DiagramRenderer } from './markdown/markdown-renderers.js';

let queue: Promise<unknown> = Promise.resolve();
let count = 0;

/** The SVG sized by its viewBox, so that it has an intrinsic size as an image. */
function standalone(svg: string): string {
  const document = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = document.documentElement;
  if (root.nodeName !== 'svg') throw new Error('Mermaid returned no SVG.');
  const box = root.getAttribute('viewBox')?.split(/[\s,]+/).map(Number);
  if (box?.length === 4 && box.every(Number.isFinite)) {
    root.setAttribute('width', String(Math.ceil(box[2]!)));
    root.setAttribute('height', String(Math.ceil(box[3]!)));
    root.style.removeProperty('max-width');
  }
  return new XMLSerializer().serializeToString(root);
}

async function draw(source: string, theme: 'default' | 'dark'): Promise<string> {
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    theme,
    htmlLabels: false,
    flowchart: { htmlLabels: false, useMaxWidth: false },
    suppressErrorRendering: true,
    deterministicIds: true,
    deterministicIDSeed: `acu-${++count}`,
  });
  const { svg } = await mermaid.render(`acu-diagram-${count}`, source);
  return standalone(svg);
}

/** An SVG as an image: in an `<img>`, an SVG runs no script and loads nothing. */
function image(svg: string, scheme: 'light' | 'dark', label: string): HTMLImageElement {
  const element = document.createElement('img');
  element.className = 'acu-diagram__image';
  element.dataset.scheme = scheme;
  element.alt = label;
  element.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return element;
}

/**
 * The kit's Mermaid renderer (see `DiagramRendererLoader`): the diagram drawn for light and for dark pages (CSS shows
 * the one of the page's scheme), one diagram at a time (Mermaid's settings are global).
 */
export const diagramRenderer: DiagramRenderer = {
  render(source, target, { label }) {
    const next = queue.then(async () => {
      const light = await draw(source, 'default');
      const dark = await draw(source, 'dark');
      target.replaceChildren(image(light, 'light', label), image(dark, 'dark', label));
    });
    queue = next.catch(() => undefined);
    return next;
  },
};
