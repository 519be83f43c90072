/**
 * How the demo looks and behaves as a product, in Chromium at 1280×800 and 390×844, in the light and the dark scheme:
 * axe-core (contrast included) in every state — empty, an answer with a tool card and an artifact, an interrupt, an
 * attachment, an error —, the composer in view on a phone, one scroll container, the side panels as sheets, focus going back to the
 * composer. Each state is also a screenshot: e2e-screenshots/look/, or apps/demo/screenshots/ with
 * DEMO_SCREENSHOTS=commit (`npm run screenshots`), the PNGs the README shows.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, phoneHeader, settleAnimations } from './browser.js';
import type { DemoPage } from './demo-page.js';
import { useDemoSuite } from './demo-suite.js';
import { solidPng } from './solid-png.js';
import { findChromium } from './find-chromium.mjs';

const chromiumPath = findChromium();
const shotDir = fileURLToPath(
  new URL(process.env.DEMO_SCREENSHOTS === 'commit' ? '../screenshots/' : '../../../e2e-screenshots/look/', import.meta.url),
);

const SIZES = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;
type Size = keyof typeof SIZES;
const SCHEMES = ['light', 'dark'] as const;
const PHOTO = { name: 'photo.png', mimeType: 'image/png', buffer: solidPng(320, 200, [56, 139, 253]) };

/** Both schemes, in place: axe finds nothing (contrast included), and each is saved as `<state>-<size>-<scheme>.png`. */
async function checkBothSchemes(page: Page, state: string, size: Size): Promise<void> {
  // No hover effect in the picture: the pointer leaves the page.
  await page.mouse.move(0, 0);
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await settleAnimations(page);
    await mkdir(shotDir, { recursive: true });
    await page.screenshot({ path: join(shotDir, `${state}-${size}-${scheme}.png`), animations: 'disabled' });
    expect(await axeViolations(page), `axe violations (${state}, ${size}, ${scheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await settleAnimations(page);
}

/** What the page looks like as a layout: scrolling, overflow, the composer's place. */
function layoutOf(page: Page) {
  return page.evaluate(() => {
    const composer = document.querySelector('.acu-composer')!.getBoundingClientRect();
    const root = document.scrollingElement!;
    return {
      pageScrolls: root.scrollHeight > window.innerHeight + 1,
      overflowsX: root.scrollWidth > window.innerWidth + 1,
      composerInView: composer.top >= 0 && composer.bottom <= window.innerHeight && composer.height > 0,
    };
  });
}

const focusedIsComposer = (page: Page) => page.evaluate(() => document.activeElement?.classList.contains('acu-composer__input') ?? false);

describe.skipIf(!chromiumPath)('the demo as a product, in Chromium', () => {
  const suite = useDemoSuite(chromiumPath!, { tokenDelayMs: 2 });

  async function open(size: Size): Promise<DemoPage> {
    const demo = await suite.openDemo();
    await demo.page.setViewportSize(SIZES[size]);
    return demo;
  }

  describe.each(['desktop', 'mobile'] as const)('%s', (size) => {
    it('the empty chat: suggestions, the composer in view, one scroll container, no horizontal overflow', async () => {
      const demo = await open(size);
      await demo.page.getByRole('list', { name: 'Suggested messages' }).waitFor();
      expect(await layoutOf(demo.page)).toEqual({ pageScrolls: false, overflowsX: false, composerInView: true });
      // The developer tools start collapsed.
      expect(await demo.inspector.count()).toBe(0);
      await checkBothSchemes(demo.page, 'empty', size);
    });

    it('an answer with a tool card and an artifact', async () => {
      const demo = await open(size);
      await demo.send('add Buy milk', { turns: 1 });
      await demo.send('report', { turns: 2 });
      const toolCard = demo.page.locator('details.acu-tool').first();
      // The tool row says what ran and how it ended, in words; its input and result are formatted behind it.
      await expect.poll(() => toolCard.locator('.acu-tool__status').textContent()).toBe('done');
      expect(await toolCard.locator('.acu-tool__name').textContent()).toBe('Write report');
      // addTask has the demo's own card, from the tool registry.
      expect(await demo.page.locator('[data-tool="addTask"]').textContent()).toContain('Buy milk');
      expect(await layoutOf(demo.page)).toMatchObject({ pageScrolls: false, overflowsX: false, composerInView: true });
      if (size === 'mobile') {
        // The artifact is a side panel behind its item in the header's menu, which counts it.
        await checkBothSchemes(demo.page, 'answer', size);
        await demo.page.getByRole('button', { name: 'More' }).click();
        const toggle = demo.page.getByRole('group', { name: 'More' }).getByRole('button', { name: /^artifacts/i });
        expect(await toggle.textContent()).toContain('1');
        await toggle.click();
        await expect.poll(() => demo.artifacts.textContent()).toContain('report.md');
        expect(await demo.page.getByRole('main').isVisible()).toBe(false);
        await checkBothSchemes(demo.page, 'artifact-sheet', size);
        await demo.page.getByRole('button', { name: 'Back to chat' }).click();
        expect(await demo.page.getByRole('main').isVisible()).toBe(true);
        await expect.poll(() => focusedIsComposer(demo.page)).toBe(true);
      } else {
        await expect.poll(() => demo.artifacts.textContent()).toContain('report.md');
        await checkBothSchemes(demo.page, 'answer', size);
      }
      await toolCard.locator('summary').click();
      expect((await toolCard.locator('.acu-tool__value').allTextContents()).join('\n')).toContain('"name": "report.md"');
      expect(await axeViolations(demo.page)).toEqual([]);
    });

    it('an interrupt waiting for an answer', async () => {
      const demo = await open(size);
      await demo.send('add Call mum', { turns: 1 });
      await demo.send('clear');
      await demo.interruptAnswers.waitFor();
      await checkBothSchemes(demo.page, 'interrupt', size);
      await demo.interruptAnswers.getByRole('button', { name: /deny|cancel|no/i }).click();
      await demo.waitForTurns(3);
    });

    it('an attachment: its chip in the composer, then the image in the message and the agent naming it', async () => {
      const demo = await open(size);
      await demo.page.locator('.acu-composer input[type="file"]').setInputFiles([PHOTO]);
      await demo.page.getByRole('list', { name: 'Attachments' }).getByRole('listitem').waitFor();
      await demo.composer.fill('What is this?');
      expect(await layoutOf(demo.page)).toMatchObject({ overflowsX: false, composerInView: true });
      await checkBothSchemes(demo.page, 'attachment-chip', size);
      await demo.send('What is this?', { turns: 1 });
      const image = demo.page.locator('article.acu-message[data-role="user"]').last().getByRole('img', { name: 'photo.png' });
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(320);
      await expect.poll(async () => (await demo.lastModelMessage().textContent())?.replace(/\s+/g, ' ')).toContain('photo.png (image/png');
      expect(await layoutOf(demo.page)).toMatchObject({ pageScrolls: false, overflowsX: false, composerInView: true });
      await checkBothSchemes(demo.page, 'attachment', size);
    });

    it('the default page: the conversations beside the thread list (a sheet on a phone), a link to the single chat', async () => {
      // As a user of its own (openDemo gives the conversations page one): only this test's threads.
      const demo = await suite.openDemo('', '');
      const titles = demo.page.locator('.acu-thread-open .acu-thread-title');
      for (const text of ['add Buy milk', 'add Call the bank']) {
        await demo.page.locator('.acu-thread-new').click();
        await demo.send(text);
        await expect.poll(() => titles.allTextContents(), { timeout: 20_000 }).toContain(text);
        await expect.poll(() => demo.conversationText(), { timeout: 20_000 }).toContain(`Added “${text.slice(4)}”`);
      }
      // Every conversation has its address.
      expect(new URL(demo.page.url()).pathname).toMatch(/^\/c\/[\w-]+$/);
      // In the header's menu (closed).
      expect(await demo.page.getByRole('link', { name: 'Single chat', includeHidden: true }).getAttribute('href')).toBe('/chat');
      // Made at the desktop size (on a phone the list is a sheet), then looked at in this one.
      await demo.page.setViewportSize(SIZES[size]);
      expect(await layoutOf(demo.page)).toMatchObject({ pageScrolls: false, overflowsX: false, composerInView: true });
      await checkBothSchemes(demo.page, 'conversations', size);
      if (size === 'mobile') {
        // The phone's header: the product's name whole, the conversations, a new chat and a menu for the rest; 44 px targets.
        const header = await phoneHeader(demo.page, ':is(button, a, select)');
        expect(header).toEqual({ title: 'Task assistant', cut: false, controls: ['Conversations', 'New chat', 'More'], smallest: expect.any(Number) });
        expect(header.smallest).toBeGreaterThanOrEqual(44);
        const more = demo.page.getByRole('button', { name: 'More' });
        await more.click();
        const menu = demo.page.getByRole('group', { name: 'More' });
        // Opened on its first control; the rest of the page's choices are in it.
        await expect.poll(() => menu.evaluate((panel) => panel.contains(document.activeElement))).toBe(true);
        expect(await menu.getByRole('combobox', { name: 'Protocol' }).inputValue()).toBe('genkit');
        expect(await menu.getByRole('combobox', { name: 'Kept in' }).inputValue()).toBe('local');
        for (const name of ['Tasks and files', 'Developer tools', 'Theme: System']) expect(await menu.getByRole('button', { name }).isVisible()).toBe(true);
        expect(await menu.getByRole('link', { name: 'Single chat' }).isVisible()).toBe(true);
        const items = await menu.locator(':is(button, a, label)').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
        expect(Math.min(...items)).toBeGreaterThanOrEqual(44);
        expect(await layoutOf(demo.page)).toMatchObject({ overflowsX: false });
        await checkBothSchemes(demo.page, 'conversations-menu', size);
        // Escape closes it, focus back on its button; Developer tools opens the turn inspector in the side sheet.
        await demo.page.keyboard.press('Escape');
        await expect.poll(() => menu.isVisible()).toBe(false);
        expect(await more.evaluate((button) => button === document.activeElement)).toBe(true);
        await more.click();
        await menu.getByRole('button', { name: 'Developer tools' }).click();
        await demo.page.getByRole('region', { name: /turn inspector/i }).waitFor();
        expect(await demo.page.getByRole('main').isVisible()).toBe(false);
        await demo.page.getByRole('button', { name: 'Back to chat' }).click();
        // The header's Conversations button opens the thread list's sheet.
        const conversations = demo.page.getByRole('button', { name: 'Conversations', expanded: false });
        await conversations.click();
        await expect.poll(() => titles.first().isVisible()).toBe(true);
        await checkBothSchemes(demo.page, 'conversations-list', size);
        // Opening a conversation closes the sheet; New chat starts another, in view.
        await demo.page.getByRole('button', { name: 'add Buy milk', exact: true }).click();
        await expect.poll(() => demo.page.getByRole('button', { name: 'Conversations', expanded: false }).isVisible()).toBe(true);
        await expect.poll(() => demo.conversationText()).toContain('Added “Buy milk”');
        const opened = demo.page.url();
        await demo.page.getByRole('button', { name: 'New chat' }).click();
        await expect.poll(() => demo.messages.count()).toBe(0);
        await expect.poll(() => demo.page.url()).not.toBe(opened);
        await expect.poll(() => focusedIsComposer(demo.page)).toBe(true);
      }
    });

    it('a failed turn', async () => {
      const demo = await open(size);
      await demo.send('fail', { turns: 1 });
      await expect.poll(() => demo.errorAlert.textContent()).toContain('failed on purpose');
      expect(await layoutOf(demo.page)).toMatchObject({ overflowsX: false, composerInView: true });
      await checkBothSchemes(demo.page, 'error', size);
    });
  });

  it('a suggestion sends its prompt and gives focus to the composer; so do "New chat" and "Branch here"', async () => {
    const demo = await open('desktop');
    await demo.page.getByRole('button', { name: /^add Buy milk/ }).click();
    await demo.waitForTurns(1);
    await expect.poll(() => focusedIsComposer(demo.page)).toBe(true);
    await demo.send('add Walk the dog', { turns: 2 });
    await demo.page.getByRole('button', { name: 'Developer tools' }).click();
    await demo.page.getByRole('button', { name: /^branch here \(turn 1:/i }).click();
    await expect.poll(() => focusedIsComposer(demo.page)).toBe(true);
    await expect.poll(() => demo.taskTitles()).toEqual(['Buy milk']);
    await demo.page.getByRole('button', { name: 'New chat' }).click();
    await expect.poll(() => focusedIsComposer(demo.page)).toBe(true);
    expect(await demo.messages.count()).toBe(0);
  });

  it('the developer tools open behind their toggle and stay open over a reload', async () => {
    const demo = await open('desktop');
    const toggle = demo.page.getByRole('button', { name: 'Developer tools' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await demo.inspector.waitFor();
    expect(await demo.page.getByRole('region', { name: 'Snapshot timeline' }).isVisible()).toBe(true);
    await demo.page.reload();
    await demo.inspector.waitFor();
    await toggle.click();
    await demo.inspector.waitFor({ state: 'hidden' });
  });

  it('the theme toggle forces light or dark over the system scheme, the page included, and remembers it', async () => {
    const demo = await open('desktop');
    await demo.page.emulateMedia({ colorScheme: 'light' });
    const background = () => demo.page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const light = await background();
    const toggle = demo.page.getByRole('button', { name: /^theme:/i });
    expect(await toggle.textContent()).toContain('System');
    await toggle.click();
    await toggle.click();
    expect(await toggle.textContent()).toContain('Dark');
    expect(await demo.page.evaluate(() => document.documentElement.dataset.acuTheme)).toBe('dark');
    const dark = await background();
    expect(dark).not.toBe(light);
    await demo.page.reload();
    await demo.composer.waitFor();
    expect(await background()).toBe(dark);
    expect(await axeViolations(demo.page)).toEqual([]);
    // Back to the system's scheme, for the next tests in this browser profile.
    await toggle.click();
    expect(await demo.page.evaluate(() => document.documentElement.dataset.acuTheme)).toBeUndefined();
  });

  it('on a phone the task list is a sheet: it replaces the conversation until "Back to chat"', async () => {
    const demo = await open('mobile');
    await demo.send('add Buy milk', { turns: 1 });
    // In the header's menu on a phone (the conversations, a new chat and the menu are the header's only controls).
    await demo.page.getByRole('button', { name: 'More' }).click();
    const toggle = demo.page.getByRole('group', { name: 'More' }).getByRole('button', { name: /^tasks/i });
    await toggle.click();
    // The menu closed as the sheet opened, its focus on the sheet's way back.
    expect(await demo.page.locator('.header-menu__panel [aria-controls="tasks-sheet"]').getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => demo.page.evaluate(() => document.activeElement?.textContent)).toBe('Back to chat');
    await expect.poll(() => demo.taskTitles()).toEqual(['Buy milk']);
    expect(await demo.page.getByRole('main').isVisible()).toBe(false);
    expect(await layoutOf(demo.page)).toMatchObject({ pageScrolls: false, overflowsX: false });
    expect(await axeViolations(demo.page)).toEqual([]);
    await demo.page.getByRole('button', { name: 'Back to chat' }).click();
    expect(await demo.page.getByRole('main').isVisible()).toBe(true);
    await expect.poll(() => focusedIsComposer(demo.page)).toBe(true);
  });
});
