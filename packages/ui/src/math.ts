// `@agent-chat/ui/math`: formulas typeset by KaTeX, in its own entry so that KaTeX and its stylesheet (fonts included,
// served by the app's bundler from the katex package: nothing from the network) load as a chunk of their own, only
// when an answer has a finished formula. KaTeX builds MathML + HTML as DOM nodes; `trust: false` drops \href, \url,
// \includegraphics and \html*; the input is the model's text only.
import katex from 'katex';
import 'katex/dist/katex.min.css';
import type { MathRenderer } from './markdown/markdown-renderers.js';

/** The kit's KaTeX renderer (see `MathRendererLoader`). */
export const mathRenderer: MathRenderer = {
  render(tex, target, { display }) {
    katex.render(tex, target, {
      displayMode: display,
      output: 'htmlAndMathml',
      throwOnError: true,
      trust: false,
      strict: 'ignore',
      maxSize: 20,
      maxExpand: 200,
    });
  },
};
