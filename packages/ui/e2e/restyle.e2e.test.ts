/**
 * The kit's look yields to an app's (a production build of e2e/restyle, in Debian's Chromium): an app stylesheet with
 * plain class selectors and no !important sets every token of the kit — on <html> or on an element around the chat —
 * and restyles parts, and the computed styles are the app's in the light and dark schemes, forced (data-acu-theme) or
 * the system's. Wide tables scroll sideways in their own box with their words whole (a sticky first column on a
 * phone), at 390 px and 1280 px in both schemes: screenshots in e2e-screenshots/restyle/, or packages/ui/e2e/screenshots/
 * with UI_SCREENSHOTS=commit (the ones the README shows).
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, type Browser } from '../../../apps/demo/e2e/browser.js';
import { findChromium } from '../../../apps/demo/e2e/find-chromium.mjs';
// @ts-expect-error -- build scripts in plain JavaScript, without types
import { inlineImports } from '../scripts/copy-styles.mjs';
// @ts-expect-error -- build scripts in plain JavaScript, without types
import { themeTokens } from '../scripts/tokens.mjs';
import { servePage } from './page-fixture.js';
import type { StaticServer } from './static-server.js';

const chromiumPath = findChromium();
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const shotDir = here(process.env.UI_SCREENSHOTS === 'commit' ? './screenshots/' : '../../../e2e-screenshots/restyle/');

interface Token { name: string; value: string; declared: boolean }
const tokens: Token[] = themeTokens(inlineImports(here('../src/styles.css')));

/** The declarations of the app stylesheet's `.app-tokens` rule. */
async function appTokens(): Promise<Map<string, string>> {
  const css = await readFile(here('./restyle/app.css'), 'utf8');
  const block = css.match(/\.app-tokens\s*\{([^}]*)\}/)![1]!;
  return new Map([...block.matchAll(/(--acu-[\w-]+)\s*:\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]));
}

/** An app's `light-dark(a, b)` value in one scheme (other values as they are). */
const inScheme = (value: string, scheme: 'light' | 'dark') => {
  const match = value.match(/^light-dark\((rgb\([^)]*\)),\s*(rgb\([^)]*\))\)$/);
  return match ? (scheme === 'light' ? match[1]! : match[2]!) : value;
};

const MODES = [
  { name: 'forced light', theme: 'light', system: 'dark', scheme: 'light' },
  { name: 'forced dark', theme: 'dark', system: 'light', scheme: 'dark' },
  { name: 'system light', theme: undefined, system: 'light', scheme: 'light' },
  { name: 'system dark', theme: undefined, system: 'dark', scheme: 'dark' },
] as const;

/** The computed value of `property` on the first element matching `selector`. */
const computed = (page: Page, selector: string, property: string) =>
  page.evaluate(([selector, property]) => {
    const element = document.querySelector(selector!);
    if (!element) throw new Error(`no ${selector}`);
    return getComputedStyle(element).getPropertyValue(property!).trim();
  }, [selector, property]);

/** Words of the table's cells that a line break cuts in two (a word's text spanning more than one line). */
function brokenWords(page: Page) {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const cell of document.querySelectorAll('.acu-markdown__table :is(th, td)')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (tops.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

describe.skipIf(!chromiumPath)('an app restyles the kit, in Chromium', () => {
  let server: StaticServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await servePage('restyle');
    browser = await launchBrowser(chromiumPath!);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(query: string, system: 'light' | 'dark', size = { width: 1280, height: 860 }) {
    const { page, errors } = await browser.newPage();
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: system });
    await page.goto(`${server.url}/?${query}`);
    await page.waitForSelector('body[data-ready="true"] .acu-markdown__table');
    return { page, errors };
  }

  it('the app stylesheet sets every token of the kit', async () => {
    const app = await appTokens();
    expect(tokens.length).toBeGreaterThan(40);
    expect(tokens.map((token) => token.name).filter((name) => !app.has(name))).toEqual([]);
  });

  for (const at of ['root', 'ancestor'] as const) {
    for (const mode of MODES) {
      it(`tokens on ${at === 'root' ? '<html>' : 'an ancestor'}, ${mode.name}: the computed tokens and the parts' styles are the app's`, async () => {
        const app = await appTokens();
        const { page, errors } = await open(`app=${at}${mode.theme ? `&theme=${mode.theme}` : ''}`, mode.system);
        try {
          // Every token, as the deepest parts read it.
          const seen = await page.evaluate((names) => {
            const body = getComputedStyle(document.querySelector('.acu-message[data-role="model"] .acu-message__body')!);
            return Object.fromEntries(names.map((name) => [name, body.getPropertyValue(name).trim()]));
          }, tokens.map((token) => token.name));
          expect(seen).toEqual(Object.fromEntries(tokens.map((token) => [token.name, app.get(token.name)])));
          const value = (name: string) => inScheme(app.get(name)!, mode.scheme);
          // The tokens where the kit uses them, each color in the mode's scheme.
          const user = '.acu-message[data-role="user"] .acu-message__body';
          const checks: Array<[selector: string, property: string, expected: string]> = [
            ['.acu-message-list', 'background-color', value('--acu-bg')],
            ['.acu-message-list', 'font-family', 'Georgia, serif'],
            ['.acu-message-list', 'font-size', '17px'],
            [user, 'background-color', value('--acu-user-bg')],
            [user, 'color', value('--acu-user-fg')],
            [user, 'border-top-left-radius', '7px'],
            [user, 'padding-left', '18px'],
            ['.acu-message[data-role="model"]', 'background-color', value('--acu-answer-bg')],
            ['.acu-message[data-role="model"]', 'padding-top', '15px'],
            ['.acu-message[data-role="model"]', 'border-top-left-radius', '11px'],
            ['.acu-tool', 'border-top-left-radius', '5px'],
            ['.acu-tool', 'background-color', value('--acu-card-bg')],
            ['.acu-tool', 'box-shadow', 'rgba(0, 80, 0, 0.25) 0px 1px 2px 0px'],
            ['.acu-composer__box', 'border-top-left-radius', '9px'],
            ['.acu-composer__box', 'background-color', value('--acu-composer-bg')],
            ['.acu-composer__box', 'box-shadow', 'rgba(0, 0, 80, 0.25) 0px 3px 9px 0px'],
            ['.acu-message-actions button', 'border-top-left-radius', '2px'],
            ['.acu-message-actions button', 'padding-left', '7px'],
            ['.acu-message-actions button', 'font-size', '12px'],
            ['.acu-message__author', 'font-size', '12px'],
            ['.acu-message__author', 'color', value('--acu-muted')],
            ['.acu-message__body', 'row-gap', '9px'],
            ['.acu-markdown code', 'font-family', '"Courier New", monospace'],
            // The app's parts: its own Send (asChild) keeps its shape, padding and font; plain class rules win.
            ['.app-send', 'padding-left', '18px'],
            ['.app-send', 'border-top-left-radius', '4px'],
            ['.app-send', 'font-size', '15px'],
            ['.app-send', 'font-weight', '600'],
            ['.app-send', 'font-family', 'Georgia, serif'],
            ['.app-send', 'background-color', 'rgb(10, 20, 30)'],
            ['.acu-message__author', 'text-transform', 'uppercase'],
            ['.acu-tool', 'border-top-style', 'dashed'],
            ['.acu-markdown__table', 'border-top-color', 'rgb(1, 2, 3)'],
            ['.acu-code__copy', 'color', 'rgb(200, 0, 200)'],
            ['.acu-code__copy', 'padding-left', '3px'],
            ['.acu-composer__input', 'font-style', 'italic'],
            ['.acu-message-actions', 'column-gap', '17px'],
          ];
          const actual = [];
          for (const [selector, property] of checks) actual.push([selector, property, await computed(page, selector, property)]);
          expect(actual).toEqual(checks);
          // Not the kit's 36 × 36 circle.
          const send = await page.locator('.app-send').boundingBox();
          expect(send!.width).toBeGreaterThan(60);
          expect(errors).toEqual([]);
        } finally {
          await page.close();
        }
      });
    }
  }

  it('restyled, light and dark: a picture for the README', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { page } = await open('app=root', scheme, { width: 900, height: 900 });
      try {
        await mkdir(shotDir, { recursive: true });
        await page.mouse.move(0, 0);
        await page.screenshot({ path: join(shotDir, `restyled-${scheme}.png`), animations: 'disabled' });
      } finally {
        await page.close();
      }
    }
  });

  for (const size of [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1280, height: 860 }] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`a wide table at ${size.width} px, ${scheme}: scrolls in its own box, words whole${size.name === 'phone' ? ', its first column stays' : ''}; axe clean`, async () => {
        const { page, errors } = await open('', scheme, size);
        try {
          const table = page.locator('.acu-markdown__table');
          await table.scrollIntoViewIfNeeded();
          expect(await brokenWords(page)).toEqual([]);
          const box = await table.evaluate((element) => ({ scrolls: element.scrollWidth > element.clientWidth + 1, page: document.scrollingElement!.scrollWidth > innerWidth + 1 }));
          // The page itself never scrolls sideways; on a phone the table does, in its box.
          expect(box.page).toBe(false);
          if (size.name === 'phone') {
            expect(box.scrolls).toBe(true);
            const firstCell = () => page.locator('.acu-markdown__table tbody tr:first-child td:first-child').evaluate((cell) => Math.round(cell.getBoundingClientRect().left));
            const before = await firstCell();
            await table.evaluate((element) => (element.scrollLeft = 160));
            // It sticks to the box's edge (over the table's 1 px border), where the row's other cells scroll on.
            expect(Math.abs((await firstCell()) - before)).toBeLessThanOrEqual(1);
            const second = await page.locator('.acu-markdown__table tbody tr:first-child td:nth-child(2)').evaluate((cell) => Math.round(cell.getBoundingClientRect().left));
            expect(second).toBeLessThan(before);
            await table.evaluate((element) => (element.scrollLeft = 0));
          }
          await mkdir(shotDir, { recursive: true });
          await page.mouse.move(0, 0);
          const answer = page.locator('.acu-message[data-role="model"]');
          await answer.screenshot({ path: join(shotDir, `table-${size.width}-${scheme}.png`), animations: 'disabled' });
          expect(await axeViolations(page)).toEqual([]);
          expect(errors).toEqual([]);
        } finally {
          await page.close();
        }
      });
    }
  }
});
