/**
 * What models send besides text, in Chromium on the Genkit protocol: the scripted agent's "explain" answer streams its
 * reasoning (a disclosure that closes when the answer starts), a code block highlighted by the lazily loaded
 * highlighter, numbered source chips, the usage line, follow-up suggestions, and the answer's thumbs; over AG-UI and
 * the AI SDK route the same sources, usage and suggestions.
 */
import { describe, expect, it } from 'vitest';
import { axeViolations, screenshot } from './browser.js';
import { useDemoSuite } from './demo-suite.js';
import { findChromium } from './find-chromium.mjs';

const chromiumPath = findChromium();

describe.skipIf(!chromiumPath)('answer content (Chromium)', () => {
  const { openDemo } = useDemoSuite(chromiumPath!, { tokenDelayMs: 20 });

  it('Genkit: reasoning, highlighted code, sources, usage, suggestions and feedback', async () => {
    const demo = await openDemo('');
    const chunksBefore = await demo.page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => /highlighter/.test(entry.name)).length);
    expect(chunksBefore).toBe(0); // the highlighter is not part of the page until a code block needs it
    await demo.send('explain how it works');
    const reasoning = demo.page.locator('.acu-reasoning').last();
    // While the model reasons, the disclosure is open and says so.
    await expect.poll(() => reasoning.getAttribute('data-state'), { timeout: 15_000 }).toBe('streaming');
    expect(await reasoning.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    // The answer starts: closed, with how long it thought.
    await expect.poll(() => reasoning.getAttribute('data-state'), { timeout: 15_000 }).toBe('done');
    expect(await reasoning.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    expect(await reasoning.locator('summary').textContent()).toMatch(/^Thought for \d+ s$/);

    const code = demo.page.locator('.acu-code').last();
    await expect.poll(() => code.getAttribute('data-highlighted'), { timeout: 20_000 }).toBe('');
    const keyword = code.locator('.acu-code__token', { hasText: /^interface$/ }).first();
    // The token is drawn in its theme colour (light or dark, as the page's theme is), not in the code's plain colour.
    const colours = await keyword.evaluate((element) => {
      const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;
      const style = (element as HTMLElement).style;
      return {
        color: getComputedStyle(element).color,
        themed: [rgb(style.getPropertyValue('--acu-code-light')), rgb(style.getPropertyValue('--acu-code-dark'))],
        plain: getComputedStyle(element.closest('code')!).color,
      };
    });
    expect(colours.themed).toContain(colours.color);
    expect(colours.color).not.toBe(colours.plain);
    expect(await demo.page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /highlighter/.test(entry.name)))).toBe(true);

    const sources = demo.page.getByRole('list', { name: 'Sources' });
    await sources.waitFor({ timeout: 15_000 });
    expect(await sources.locator('a').evaluateAll((links) => links.map((link) => [link.textContent, link.getAttribute('rel')]))).toEqual([
      ['1en.wikipedia.orgTask management', 'noopener noreferrer'],
      ['2en.wikipedia.orgGetting Things Done', 'noopener noreferrer'],
    ]);
    // `[1]` in the text links to the first source.
    expect(await demo.page.getByRole('link', { name: 'Source 1: Task management' }).getAttribute('href')).toBe('https://en.wikipedia.org/wiki/Task_management');
    await expect.poll(() => demo.page.locator('.acu-message-usage').last().textContent(), { timeout: 15_000 }).toMatch(/to first token · .* in all · .* in \/ \d+ out tokens$/);

    const followUps = demo.page.getByRole('group', { name: 'Suggestions' });
    await followUps.waitFor({ timeout: 15_000 });
    expect(await followUps.getByRole('button').allTextContents()).toEqual(['Add a task', 'Write the report']);
    await demo.page.getByRole('button', { name: 'Good answer' }).last().click();
    expect(await demo.page.getByRole('button', { name: 'Good answer' }).last().getAttribute('aria-pressed')).toBe('true');
    await screenshot(demo.page, '40-answer-content');
    expect(await axeViolations(demo.page), 'axe violations').toEqual([]);

    await followUps.getByRole('button', { name: 'Write the report' }).click();
    await expect.poll(() => demo.lastModelMessage().textContent(), { timeout: 15_000 }).toContain('report.md');
  });

  // The agent server's bridges carry the same answer: sources as AG-UI CUSTOM events / AI SDK source-url parts,
  // suggestions as CUSTOM / data-suggestions, usage as CUSTOM / the finish message metadata.
  it.each([
    ['AG-UI', '?protocol=agui'],
    ['AI SDK', '?protocol=ai-sdk'],
  ])('%s: the sources, usage and suggestions of the "sources" answer', async (_name, query) => {
    const demo = await openDemo(query);
    await demo.send('sources please');
    const sources = demo.page.getByRole('list', { name: 'Sources' });
    await sources.waitFor({ timeout: 20_000 });
    expect(await sources.locator('a').evaluateAll((links) => links.map((link) => link.textContent))).toEqual([
      '1en.wikipedia.orgTask management',
      '2en.wikipedia.orgGetting Things Done',
    ]);
    expect(await demo.page.getByRole('link', { name: 'Source 2: Getting Things Done' }).getAttribute('href')).toBe('https://en.wikipedia.org/wiki/Getting_Things_Done');
    await expect.poll(() => demo.page.locator('.acu-message-usage').last().textContent(), { timeout: 15_000 }).toMatch(/ in \/ \d+ out tokens$/);
    const followUps = demo.page.getByRole('group', { name: 'Suggestions' });
    await followUps.waitFor({ timeout: 15_000 });
    expect(await followUps.getByRole('button').allTextContents()).toEqual(['Add a task', 'Write the report']);
  });
});
