// `@agent-chat/ui/diagrams`: Mermaid diagrams, drawn in a box that cannot reach the network. A diagram is agent text:
// its directives and front matter are dropped (the kit sets the theme), image shapes and HTML that loads in labels are
// refused (see `diagramSource`), and then Mermaid draws it inside a sandboxed iframe (`sandbox="allow-scripts"`: an
// opaque origin, which cannot read the page's DOM, cookies or storage) whose document starts with a
// Content-Security-Policy of `default-src 'none'` — delivered before any content, so nothing Mermaid draws there can
// fetch, whatever the source rules miss. Mermaid's code (its one-file browser build, which the app serves) is fetched by
// the page and handed to the box as text. The box posts back the SVG as text; the page shows it as an `<img>` (see
// `image`): no script, no fetch. Drawn once (a dark page inverts it by CSS); past its budget a diagram stays source.
import type { DiagramRenderer } from './markdown/markdown-renderers.js';
import { RenderBudgetError } from './markdown/render-budget.js';
import { DIAGRAM_BUDGET, diagramSource } from './markdown/diagram-source.js';

export { DIAGRAM_BUDGET, diagramSource };

/** Options of {@link createDiagramRenderer}. */
export interface DiagramRendererOptions {
  /**
   * The URL of Mermaid's one-file browser build (`mermaid/dist/mermaid.min.js`), served by the app (Vite:
   * `import mermaidScript from 'mermaid/dist/mermaid.min.js?url'`; others: copy it to the public folder). The page
   * fetches it once, at the first diagram, and hands its text to the box.
   */
  script: string | URL;
}

// Settings a diagram cannot change (Mermaid's `secure` list): the box is the sandbox, these keep the output plain.
const LOCKED = ['secure', 'securityLevel', 'startOnLoad', 'maxTextSize', 'maxEdges', 'theme', 'themeCSS', 'themeVariables', 'fontFamily', 'altFontFamily', 'darkMode', 'htmlLabels', 'flowchart', 'look', 'layout', 'elk', 'dompurifyConfig', 'markdownAutoWrap', 'suppressErrorRendering', 'deterministicIds', 'deterministicIDSeed', 'fontSize', 'mindmap', 'sequence', 'class', 'state', 'er', 'gantt', 'journey', 'timeline', 'kanban', 'block', 'architecture', 'c4', 'sankey', 'packet', 'xyChart', 'quadrantChart', 'requirement', 'gitGraph', 'pie', 'radar', 'treemap', 'venn'];
const CONFIG = {
  startOnLoad: false,
  securityLevel: 'strict',
  secure: LOCKED,
  theme: 'default',
  htmlLabels: false,
  flowchart: { htmlLabels: false, useMaxWidth: false },
  markdownAutoWrap: false,
  maxTextSize: DIAGRAM_BUDGET.maxChars,
  maxEdges: DIAGRAM_BUDGET.maxEdges,
  suppressErrorRendering: true,
  deterministicIds: true,
};

/**
 * The box's document. Its first element is the policy: no fetch of any kind (`default-src 'none'`), images only from
 * `data:`, styles inline, scripts only the one below (by nonce) and the `blob:` it makes of Mermaid's code.
 */
export function boxDocument(nonce: string): string {
  const policy = `default-src 'none'; script-src 'nonce-${nonce}' blob:; style-src 'unsafe-inline'; img-src data:; font-src data:`;
  // In the box: load Mermaid's code from the text the page posts, then draw each source posted and post back its SVG.
  const boot = `(() => {
  let ready;
  const config = ${JSON.stringify(CONFIG)};
  addEventListener('message', (event) => {
    if (event.source !== parent) return;
    const message = event.data;
    if (message.type === 'code') {
      const script = document.createElement('script');
      script.src = URL.createObjectURL(new Blob([message.code], { type: 'text/javascript' }));
      ready = new Promise((resolve, reject) => {
        script.onload = () => { window.mermaid.initialize(config); resolve(); };
        script.onerror = () => reject(new Error('Mermaid did not load.'));
      });
      document.head.append(script);
      ready.then(() => parent.postMessage({ type: 'ready' }, '*'), (error) => parent.postMessage({ type: 'ready', error: String(error.message) }, '*'));
    } else if (message.type === 'draw') {
      ready.then(async () => {
        window.mermaid.initialize({ ...config, deterministicIDSeed: message.id });
        const { svg } = await window.mermaid.render(message.id, message.source);
        parent.postMessage({ type: 'drawn', id: message.id, svg }, '*');
      }).catch((error) => parent.postMessage({ type: 'drawn', id: message.id, error: String(error && error.message || error) }, '*'));
    }
  });
})();`;
  return `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${policy}"><script nonce="${nonce}">${boot}</script></head><body></body></html>`;
}

interface Box {
  frame: HTMLIFrameElement;
  draw(id: string, source: string): Promise<string>;
}

/** Makes the box: a hidden, laid-out (Mermaid measures text), sandboxed frame outside the conversation, with Mermaid in it. */
function openBox(code: string): Promise<Box> {
  const nonce = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('tabindex', '-1');
  frame.className = 'acu-diagram-box';
  frame.title = 'diagram drawing';
  frame.style.cssText = 'position:fixed;left:-10000px;top:0;width:1000px;height:800px;border:0;visibility:hidden;pointer-events:none';
  frame.srcdoc = boxDocument(nonce);
  const pending = new Map<string, { resolve(svg: string): void; reject(error: Error): void }>();
  return new Promise<Box>((resolve, reject) => {
    const listen = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow || typeof event.data !== 'object' || event.data === null) return;
      const message = event.data as { type?: unknown; id?: unknown; svg?: unknown; error?: unknown };
      if (message.type === 'ready') {
        if (typeof message.error === 'string') reject(new Error(message.error));
        else resolve(box);
      } else if (message.type === 'drawn' && typeof message.id === 'string') {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (typeof message.svg === 'string') waiting?.resolve(message.svg);
        else waiting?.reject(new Error(typeof message.error === 'string' ? message.error : 'Mermaid returned no diagram.'));
      }
    };
    const box: Box = {
      frame,
      draw: (id, source) =>
        new Promise<string>((resolveDraw, rejectDraw) => {
          pending.set(id, { resolve: resolveDraw, reject: rejectDraw });
          frame.contentWindow?.postMessage({ type: 'draw', id, source }, '*');
        }),
    };
    addEventListener('message', listen);
    frame.addEventListener('load', () => frame.contentWindow?.postMessage({ type: 'code', code }, '*'), { once: true });
    document.body.append(frame);
  });
}

/** The SVG text the box posted, parsed as inert XML and sized by its viewBox, so that it has an intrinsic size as an image. */
function standalone(svgText: string): string {
  const svg = new DOMParser().parseFromString(svgText, 'image/svg+xml').documentElement;
  if (svg.nodeName !== 'svg') throw new Error('Mermaid returned no SVG.');
  const box = svg.getAttribute('viewBox')?.split(/[\s,]+/).map(Number);
  if (box?.length === 4 && box.every(Number.isFinite)) {
    svg.setAttribute('width', String(Math.ceil(box[2]!)));
    svg.setAttribute('height', String(Math.ceil(box[3]!)));
    (svg as unknown as SVGSVGElement).style?.removeProperty('max-width');
  }
  return new XMLSerializer().serializeToString(svg);
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
 * The kit's Mermaid renderer (see `DiagramRendererLoader`), drawing in the network-less box: each diagram drawn once,
 * one at a time; a diagram past `DIAGRAM_BUDGET` (or not drawn within its time: the box is then thrown away and made
 * anew) rejects with a `RenderBudgetError` and shows as source with a note.
 */
export function createDiagramRenderer({ script }: DiagramRendererOptions): DiagramRenderer {
  let code: Promise<string> | undefined;
  let box: Promise<Box> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let count = 0;
  const boxed = () => {
    code ??= fetch(String(script)).then((response) => {
      if (!response.ok) throw new Error(`Mermaid's code did not load (${response.status}).`);
      return response.text();
    });
    return (box ??= code.then(openBox));
  };
  async function draw(source: string): Promise<string> {
    const text = diagramSource(source);
    const current = boxed();
    const { draw: drawIn, frame } = await current;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      return await Promise.race([
        drawIn(`acu-diagram-${++count}`, text),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new RenderBudgetError(`diagram not drawn within ${DIAGRAM_BUDGET.timeoutMs} ms`)), DIAGRAM_BUDGET.timeoutMs);
        }),
      ]);
    } catch (error) {
      if (error instanceof RenderBudgetError) {
        // A box still busy with a diagram past its time: thrown away, the next diagram gets a new one.
        frame.remove();
        if (box === current) box = undefined;
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
  return {
    render(source, target, { label }) {
      const next = queue.then(async () => {
        target.replaceChildren(image(standalone(await draw(source)), label));
      });
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
