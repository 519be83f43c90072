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
    // Every script the page and its workers fetch: Shiki's grammars are chunks of their own (`<language>-<hash>.js`).
    const scripts: string[] = [];
    demo.page.on('request', (request) => void scripts.push(new URL(request.url()).pathname));
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
    // Shiki runs in the highlighter's worker, which loaded the grammar of the answer's one language (ts) and no other.
    expect(demo.page.workers().some((worker) => /worker/.test(worker.url()))).toBe(true);
    const GRAMMAR = /\/(bash|css|diff|go|java|javascript|json|jsx|python|rust|sql|tsx|typescript|yaml)-[\w-]+\.js$/;
    expect(scripts.flatMap((path) => path.match(GRAMMAR)?.[1] ?? [])).toEqual(['typescript']);

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

  it('math and a diagram on a phone: KaTeX and Mermaid load as chunks of their own when needed, nothing from another origin; the wide table scrolls', async () => {
    const demo = await openDemo('');
    await demo.page.setViewportSize({ width: 390, height: 844 });
    const loaded = (pattern: string) => demo.page.evaluate((source) => performance.getEntriesByType('resource').filter((entry) => new RegExp(source).test(entry.name)).map((entry) => entry.name), pattern);
    expect(await loaded('katex|KaTeX|mermaid|/math-|/diagrams-')).toEqual([]);
    await demo.send('draw a diagram');

    // Each formula is typeset once complete, as MathML (read aloud) + HTML.
    const formulas = demo.page.locator('.acu-math');
    await expect.poll(() => demo.page.locator('.acu-math[data-state="rendered"]').count(), { timeout: 30_000 }).toBe(6);
    expect(await formulas.evaluateAll((nodes) => nodes.map((node) => node.querySelector('annotation')?.textContent?.trim()))).toEqual([
      'd', 'n', 'r = d / n', 'p', 't = \\frac{n - d}{p}', '\\sum_{i=1}^{7} d_i \\le n',
    ]);
    expect(await demo.page.locator('.acu-math--display .katex-display').count()).toBe(2);
    // KaTeX's fonts come from the page's own origin (the app's bundle), and so does everything else.
    await expect.poll(() => loaded('KaTeX_.*\\.woff2'), { timeout: 15_000 }).not.toEqual([]);
    const origins = await demo.page.evaluate(() => [...new Set(performance.getEntriesByType('resource').map((entry) => new URL(entry.name).origin))]);
    expect(origins).toEqual([new URL(demo.page.url()).origin]);

    // The diagram: drawn once its fence closed, as one image (no script runs in an <img>), not inverted on a light page.
    const figure = demo.page.locator('.acu-diagram');
    await expect.poll(() => figure.getAttribute('data-state'), { timeout: 30_000 }).toBe('rendered');
    const images = await figure.locator('img').evaluateAll((nodes) => (nodes as HTMLImageElement[]).map((image) => ({
      alt: image.alt, loaded: image.complete && image.naturalWidth > 0, filter: getComputedStyle(image).filter, svg: image.src.startsWith('data:image/svg+xml'),
    })));
    expect(images).toEqual([{ alt: 'Diagram', loaded: true, filter: 'none', svg: true }]);
    const svg = decodeURIComponent((await figure.locator('img').first().getAttribute('src'))!.split(',')[1]!);
    expect(svg).toContain('>Doing<');
    expect(svg).not.toMatch(/<script|onclick=|javascript:/i);
    expect((await loaded('mermaid|/diagrams-')).length).toBeGreaterThan(0);

    // The wide table scrolls inside the message; the page itself does not scroll sideways. The table is the answer's
    // last block: measured once the turn has ended (under load the measure could land while its rows still streamed).
    await demo.waitForTurns(1);
    const table = demo.page.locator('.acu-markdown__table').last();
    await expect.poll(() => table.evaluate((element) => element.scrollWidth - element.clientWidth), { timeout: 15_000 }).toBeGreaterThan(0);
    const widths = await table.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth, page: document.documentElement.scrollWidth }));
    expect(widths.scroll).toBeGreaterThan(widths.client);
    expect(widths.page).toBeLessThanOrEqual(390);
    await table.evaluate((element) => element.scrollBy({ left: 200 }));
    expect(await table.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    expect(await axeViolations(demo.page), 'axe violations').toEqual([]);

    // Dark: the same drawing, inverted.
    await demo.page.emulateMedia({ colorScheme: 'dark' });
    expect(await figure.locator('img').evaluateAll((nodes) => nodes.map((image) => getComputedStyle(image).filter))).toEqual(['invert(1) hue-rotate(180deg)']);
    expect(await axeViolations(demo.page), 'axe violations (dark)').toEqual([]);
  });
});
