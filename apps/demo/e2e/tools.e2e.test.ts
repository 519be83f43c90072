/**
 * Tools in the browser, in Chromium: the agent asks this page for its local time (a client-side tool the demo runs)
 * on each protocol the demo speaks, and the destructive "clear" interrupt asked inline, by keyboard — on the single
 * chat (`/chat`) and on the landing page, the conversations (`/c/<id>`), whose threads are demo chats as well.
 */
import { describe, expect, it } from 'vitest';
import { axeViolations, screenshot } from './browser.js';
import type { DemoPage } from './demo-page.js';
import { useDemoSuite } from './demo-suite.js';
import { findChromium } from './find-chromium.mjs';

const chromiumPath = findChromium();

/** A moment whose minutes differ from most clocks', so the answer can only have come from this page. */
const FIXED_NOW = new Date('2026-03-14T07:26:00Z');

/** Each protocol on the single chat; Genkit on the landing page too (its threads' chats are made in the same place). */
const RUNS = [
  ['Genkit', '', 'chat'], ['AG-UI', '?protocol=agui', 'chat'], ['the AI SDK route', '?protocol=ai-sdk', 'chat'],
  ['Genkit on the landing page', '', ''],
] as const;
const shotName = (query: string, path: string) => `${query ? query.slice('?protocol='.length) : 'genkit'}${path === '' ? '-landing' : ''}`;

describe.skipIf(!chromiumPath)('tools in the browser (Chromium)', () => {
  const { openDemo } = useDemoSuite(chromiumPath!, { tokenDelayMs: 4 });

  async function expectAccessible(demo: DemoPage, name: string): Promise<void> {
    await screenshot(demo.page, name);
    expect(await axeViolations(demo.page), `axe violations (${name})`).toEqual([]);
  }

  for (const [label, query, path] of RUNS) {
    it(`${label}: "what time is it?" runs getLocalTime in the page, shows its card, and the agent answers with this browser's time`, async () => {
      const demo = await openDemo(query, path);
      await demo.page.clock.setFixedTime(FIXED_NOW);
      // What the page's clock says, formatted as the demo's tool formats it.
      const browser = await demo.page.evaluate(() => ({
        time: new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(new Date()),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }));
      await demo.send('what time is it?');
      const card = demo.page.getByRole('group', { name: 'Your local time' });
      await expect.poll(() => card.getAttribute('data-state'), { timeout: 15_000 }).toBe('done');
      expect(await card.locator('.demo-local-time').textContent()).toBe(browser.time);
      expect(await card.locator('.demo-time-zone').textContent()).toBe(browser.timeZone);
      await expect.poll(() => demo.lastModelMessage().textContent(), { timeout: 15_000 }).toBe(`Your local time is ${browser.time} (${browser.timeZone}).`);
      // No dialog asked anything: the tool ran by itself.
      expect(await demo.dialog.count()).toBe(0);
      expect(await demo.interruptAnswers.count()).toBe(0);
      // The conversation goes on, and the task tool gets its card from the registry.
      await demo.send('add Buy milk');
      const task = demo.page.getByRole('group', { name: 'Task added' });
      await expect.poll(() => task.getAttribute('data-state'), { timeout: 15_000 }).toBe('done');
      expect(await task.textContent()).toContain('Added task #1');
      expect(await task.textContent()).toContain('Buy milk');
      await expect.poll(() => demo.taskTitles()).toEqual(['Buy milk']);
      await expectAccessible(demo, `10-local-time-${shotName(query, path)}`);
    });
  }

  for (const [label, query, path] of RUNS) {
    it(`${label}: the destructive "clear" question inline — its title and question, danger, keyboard only, focus back in the composer`, async () => {
      const demo = await openDemo(query, path);
      await demo.send('add One');
      await expect.poll(() => demo.taskTitles()).toEqual(['One']);
      await demo.page.getByRole('button', { name: /^send/i }).waitFor();
      await demo.send('clear');
      // Asked in the conversation, once, with no dialog over the page.
      const answers = demo.page.getByRole('main').getByRole('group', { name: /^Answer / });
      await answers.waitFor();
      expect(await demo.page.getByRole('alertdialog').count()).toBe(0);
      expect(await answers.count()).toBe(1);
      expect(await answers.evaluate((node) => document.getElementById(node.getAttribute('aria-describedby')!)?.textContent))
        .toContain('Clear all tasks? This cannot be undone.');
      expect(await demo.page.getByRole('main').getByRole('textbox', { name: /answer/i }).count()).toBe(0);
      const confirm = answers.getByRole('button', { name: 'Clear all tasks' });
      const cancel = answers.getByRole('button', { name: 'Cancel' });
      // The confirm button is painted in the kit's danger colour.
      const colours = await confirm.evaluate((node) => {
        const probe = document.createElement('span');
        probe.style.color = 'var(--acu-danger)';
        node.closest('form')!.append(probe);
        const danger = getComputedStyle(probe).color;
        probe.remove();
        return { background: getComputedStyle(node).backgroundColor, danger };
      });
      expect(colours.background).toBe(colours.danger);
      await expectAccessible(demo, `11-clear-inline-${shotName(query, path)}`);

      // Focus starts on Cancel (the safe choice); Shift+Tab reaches the confirm button.
      const focused = () => demo.page.evaluate(() => document.activeElement?.textContent ?? '');
      await expect.poll(focused).toBe('Cancel');
      await demo.page.keyboard.press('Shift+Tab');
      expect(await focused()).toBe('Clear all tasks');
      expect(await cancel.isVisible()).toBe(true);

      // Enter on the focused confirm button clears, and focus is back in the composer.
      await demo.page.keyboard.press('Enter');
      await answers.waitFor({ state: 'hidden' });
      await expect.poll(() => demo.taskTitles()).toEqual([]);
      await expect.poll(() => demo.lastModelMessage().textContent(), { timeout: 15_000 }).toBe('Done: I cleared all 1 task. The list is empty.');
      await expect.poll(() => demo.composer.evaluate((node) => node === document.activeElement)).toBe(true);
      await demo.page.keyboard.type('add Two');
      // Enter sends once the answer's turn has ended (the Send button is back in place of Stop): under CI load the
      // answer's last words can be on screen while the turn is still running.
      await demo.page.getByRole('button', { name: /^send/i }).waitFor();
      await demo.page.keyboard.press('Enter');
      await expect.poll(() => demo.taskTitles()).toEqual(['Two']);
    });
  }
});
