// The unstyled entry (`@agent-chat/ui/structure.css`): the default stylesheet's behaviour and layout only — display,
// flex and grid, sizes, spacing, overflow and scrolling, stickiness, visibility, containment — with no color, border,
// radius, shadow, font or animation, for a team that brings its whole look. Made from the default stylesheet at build time.

/** Properties that lay out or hide, never paint: what the unstyled entry keeps. */
const LAYOUT = /^(display|flex(-.*)?|grid(-.*)?|gap|row-gap|column-gap|align-.*|justify-.*|place-.*|order|position|inset(-.*)?|top|right|bottom|left|z-index|(min-|max-)?(width|height|inline-size|block-size)|margin(-.*)?|padding(-.*)?|overflow(-.*)?|overscroll-behavior(-.*)?|box-sizing|contain(-.*)?|content-visibility|white-space|overflow-wrap|word-break|hyphens|text-align|vertical-align|visibility|clip|clip-path|pointer-events|cursor|resize|object-fit|aspect-ratio|list-style(-type)?|table-layout|border-collapse|border-spacing|scrollbar-gutter|field-sizing|color-scheme|--acu-(?!default-).*)$/;

/** `css` from `open` (an opening brace) to its closing brace: the index after it. */
function blockEnd(css, open) {
  let depth = 0;
  for (let index = open; index < css.length; index++) {
    if (css[index] === '{') depth++;
    else if (css[index] === '}' && --depth === 0) return index + 1;
  }
  throw new Error(`unbalanced braces at ${open}`);
}

/** The declarations of a rule's body that `LAYOUT` keeps. */
function keptDeclarations(body) {
  return body
    .split(';')
    .map((declaration) => declaration.trim())
    .filter((declaration) => declaration && LAYOUT.test(declaration.slice(0, declaration.indexOf(':')).trim()));
}

/** The stylesheet `css` (no @import left) with only its layout declarations; rules left empty, and keyframes, dropped. */
export function structureOnly(css) {
  const source = css.replace(/\/\*[\s\S]*?\*\//g, '');
  let out = '';
  let at = 0;
  while (at < source.length) {
    const open = source.indexOf('{', at);
    if (open < 0) break;
    const prelude = source.slice(at, open).trim();
    const end = blockEnd(source, open);
    const body = source.slice(open + 1, end - 1);
    if (prelude.startsWith('@keyframes')) {
      // Motion is look, not layout.
    } else if (prelude.startsWith('@')) {
      const inner = structureOnly(body);
      if (inner.trim()) out += `${prelude} {\n${inner}}\n`;
    } else {
      const kept = keptDeclarations(body);
      if (kept.length) out += `${prelude} {\n${kept.map((declaration) => `  ${declaration};`).join('\n')}\n}\n`;
    }
    at = end;
  }
  return out;
}
