import axe from 'axe-core';

// jsdom has no layout: contrast cannot be computed there (Storybook's a11y panel checks it in a real browser).
// `region` asks for every element to sit in a landmark, which a component shown alone cannot do.
const DISABLED = ['color-contrast', 'region'];

/** The axe violations in `root` (WCAG 2.x A/AA and best practices), one line each. */
export async function axeViolations(root: Element): Promise<string[]> {
  const results = await axe.run(root, {
    resultTypes: ['violations'],
    rules: Object.fromEntries(DISABLED.map((id) => [id, { enabled: false }])),
  });
  return results.violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
