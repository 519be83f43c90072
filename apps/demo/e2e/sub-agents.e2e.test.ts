/**
 * Sub-agents in Chromium, on each route the demo speaks: "research X" makes the task agent run a researcher sub-agent
 * through its research tool. The researcher's steps (its text, its own webSearch call) stream nested under the call,
 * fold away when it is done, and open again by keyboard; axe finds nothing in the light and the dark scheme. A reload
 * in the middle of the researcher's run rejoins it, and the finished run of an earlier turn comes back with the
 * conversation; Stop stops it. The researcher's own question ("research X carefully") reaches the user, and the answer
 * goes back to the researcher, which searches and reports (on Genkit also after a reload while it waits). On a phone,
 * a run fits the width, running and folded.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, screenshot, settleAnimations } from './browser.js';
import type { DemoPage } from './demo-page.js';
import { useDemoSuite } from './demo-suite.js';
import { findChromium } from './find-chromium.mjs';

const chromiumPath = findChromium();
// The phone screenshots: e2e-screenshots/, or apps/demo/screenshots/ with DEMO_SCREENSHOTS=commit (as look.e2e.test.ts).
const shotDir = fileURLToPath(new URL(process.env.DEMO_SCREENSHOTS === 'commit' ? '../screenshots/' : '../../../e2e-screenshots/', import.meta.url));
const ROUTES = [['Genkit', ''], ['AG-UI', '?protocol=agui'], ['the AI SDK route', '?protocol=ai-sdk']] as const;

describe.skipIf(!chromiumPath)('sub-agents (Chromium)', () => {
  const { openDemo } = useDemoSuite(chromiumPath!, {
    // Slow enough that Stop lands while the researcher still writes (its summary is ~25 tokens).
    tokenDelayMs: 40,
    // A reload mid-request is reported by the browser itself.
    expectedErrors: /ERR_INCOMPLETE_CHUNKED_ENCODING|ERR_CONNECTION_(RESET|CLOSED)|ERR_EMPTY_RESPONSE|Failed to fetch|network error/i,
  });

  /** The disclosure of the latest researcher run, and the work it opens. */
  const latestRun = (demo: DemoPage) => ({ trigger: demo.page.locator('.acu-subagent__trigger').last(), work: demo.page.locator('.acu-subagent__content').last() });
  const expanded = (trigger: ReturnType<typeof latestRun>['trigger']) => trigger.getAttribute('aria-expanded');

  async function accessibleInBothSchemes(demo: DemoPage, name: string): Promise<void> {
    for (const scheme of ['light', 'dark'] as const) {
      await demo.page.emulateMedia({ colorScheme: scheme });
      await screenshot(demo.page, `${name}-${scheme}`);
      expect(await axeViolations(demo.page), `axe violations (${name}, ${scheme})`).toEqual([]);
    }
  }

  for (const [label, query] of ROUTES) {
    it(`${label}: "research X" streams the researcher nested, folds it when done, opens again by keyboard; reload mid-run rejoins it; Stop stops it`, async () => {
      const demo = await openDemo(query);
      const slug = query ? query.slice('?protocol='.length) : 'genkit';

      // 1. Streams nested under the research call, open while it works.
      await demo.send('research tides');
      const first = latestRun(demo);
      await expect.poll(() => first.work.textContent(), { timeout: 20_000 }).toContain('Searching the web for “tides”.');
      expect(await expanded(first.trigger)).toBe('true');
      expect(await first.trigger.textContent()).toContain('researcher');
      await accessibleInBothSchemes(demo, `30-sub-agent-streaming-${slug}`);
      // 2. Done: folded away, the parent's answer below it.
      await expect.poll(() => expanded(first.trigger), { timeout: 30_000 }).toBe('false');
      expect(await first.trigger.textContent()).toContain('Done');
      await expect.poll(() => demo.lastModelMessage().textContent(), { timeout: 20_000 }).toContain('Here is what the researcher found');
      // 3. Opens again from the keyboard, with its webSearch call and its summary.
      await first.trigger.focus();
      await demo.page.keyboard.press('Enter');
      expect(await expanded(first.trigger)).toBe('true');
      expect(await first.work.textContent()).toContain('I found 3 sources');
      expect(await first.work.locator('.acu-tool__name').first().textContent()).toBe('Web search');
      await accessibleInBothSchemes(demo, `31-sub-agent-done-${slug}`);
      await demo.page.emulateMedia({ colorScheme: 'light' });

      // 4. A reload in the middle of the researcher's run: the run is read again and goes on to its end.
      await demo.page.getByRole('button', { name: /^send/i }).waitFor();
      await demo.send('research volcanoes');
      const second = latestRun(demo);
      await expect.poll(() => second.work.textContent(), { timeout: 20_000 }).toContain('Searching the web for “volcanoes”.');
      await demo.page.reload();
      await demo.composer.waitFor();
      // The finished run of the first turn comes back with the conversation (kept with the research result), done.
      const kept = { trigger: demo.page.locator('.acu-subagent__trigger').first(), work: demo.page.locator('.acu-subagent__content').first() };
      await expect.poll(() => demo.page.locator('.acu-subagent__trigger').count(), { timeout: 20_000 }).toBe(2);
      expect(await kept.trigger.textContent()).toContain('Done');
      await kept.trigger.click();
      expect(await kept.work.textContent()).toContain('Searching the web for “tides”.');
      expect(await kept.work.textContent()).toContain('I found 3 sources');
      const rejoined = latestRun(demo);
      await expect.poll(() => rejoined.trigger.textContent(), { timeout: 30_000 }).toContain('Done');
      await rejoined.trigger.click();
      expect(await rejoined.work.textContent()).toContain('Searching the web for “volcanoes”.');
      expect(await rejoined.work.textContent()).toContain('I found 3 sources');
      await expect.poll(() => demo.lastModelMessage().textContent(), { timeout: 20_000 }).toContain('Here is what the researcher found');

      // 5. Stop while the researcher works: the run says Stopped, its summary cut short, and the parent does not answer.
      await demo.page.getByRole('button', { name: /^send/i }).waitFor();
      await demo.send('research comets');
      const third = latestRun(demo);
      await expect.poll(() => third.work.textContent(), { timeout: 20_000 }).toContain('Searching the web for “comets”.');
      await demo.stopButton.click();
      await expect.poll(() => third.trigger.textContent(), { timeout: 10_000 }).toContain('Stopped');
      if ((await expanded(third.trigger)) !== 'true') await third.trigger.click();
      expect(await third.work.textContent()).toContain('comets');
      expect(await third.work.textContent()).not.toContain('differ on the latest details.');
      expect(await demo.lastModelMessage().textContent()).not.toContain('researcher found');
    });
  }

  for (const [label, query] of ROUTES) it(`${label}: "research X carefully": the researcher's question reaches the user, the answer goes back to it, it searches and reports`, async () => {
    const demo = await openDemo(query);
    await demo.send('research tides carefully');
    // The researcher's question, asked in the conversation (the research call waits with it).
    const answers = demo.interruptAnswers;
    await answers.waitFor({ timeout: 20_000 });
    expect(await answers.count()).toBe(1);
    expect(await demo.page.getByRole('main').textContent()).toContain('May I search the web for “tides”?');
    const run = latestRun(demo);
    expect(await run.trigger.textContent()).toContain('Waiting for you');
    expect(await axeViolations(demo.page), 'axe violations (asked)').toEqual([]);
    await answers.getByRole('button', { name: /approve|yes|confirm/i }).first().click();
    // The researcher goes on from its question: it searches, summarizes, and the parent answers.
    await expect.poll(() => run.trigger.textContent(), { timeout: 30_000 }).toContain('Done');
    await expect.poll(() => demo.lastModelMessage().textContent(), { timeout: 20_000 }).toContain('Here is what the researcher found');
    await run.trigger.click();
    expect(await run.work.textContent()).toContain('I found 3 sources');
    await screenshot(demo.page, `32-sub-agent-asked-${query ? query.slice('?protocol='.length) : 'genkit'}`);
  });

  it('Genkit: a reload while the researcher\'s question waits asks it again, inside the researcher\'s run; the answer goes back to the researcher, which finishes', async () => {
    const demo = await openDemo('');
    await demo.send('research tides carefully');
    await demo.interruptAnswers.waitFor({ timeout: 20_000 });
    await demo.page.reload();
    await demo.composer.waitFor();
    // Restored: the one question is the researcher's (not the research call), and its run waits for the answer.
    const answers = demo.interruptAnswers;
    await answers.waitFor({ timeout: 20_000 });
    expect(await answers.count()).toBe(1);
    expect(await demo.page.getByRole('main').textContent()).toContain('May I search the web for “tides”?');
    const run = latestRun(demo);
    expect(await run.trigger.textContent()).toContain('researcher');
    expect(await run.trigger.textContent()).toContain('Waiting for you');
    expect(await axeViolations(demo.page), 'axe violations (asked, reloaded)').toEqual([]);
    await answers.getByRole('button', { name: /approve|yes|confirm/i }).first().click();
    await expect.poll(() => run.trigger.textContent(), { timeout: 30_000 }).toContain('Done');
    await expect.poll(() => demo.lastModelMessage().textContent(), { timeout: 20_000 }).toContain('Here is what the researcher found');
    await run.trigger.click();
    expect(await run.work.textContent()).toContain('I found 3 sources');
    expect(await demo.interruptAnswers.count()).toBe(0);
  });

  it('on a phone (390×844): a nested run, running and folded, fits the width in the light and the dark scheme', async () => {
    const demo = await openDemo('');
    await demo.page.setViewportSize({ width: 390, height: 844 });
    await demo.send('research tides');
    const run = latestRun(demo);
    await expect.poll(() => run.work.textContent(), { timeout: 20_000 }).toContain('Searching the web for “tides”.');
    await phoneShots(demo, 'sub-agent-running');
    await expect.poll(() => expanded(run.trigger), { timeout: 30_000 }).toBe('false');
    await expect.poll(() => demo.lastModelMessage().textContent(), { timeout: 20_000 }).toContain('Here is what the researcher found');
    await phoneShots(demo, 'sub-agent-folded');
    await run.trigger.click();
    await phoneShots(demo, 'sub-agent-opened');
  });

  /** Nothing of the conversation reaches past the width (nor is cut by a box that hides it); both schemes saved and axe-clean. */
  async function phoneShots(demo: DemoPage, state: string): Promise<void> {
    await demo.page.mouse.move(0, 0);
    const run = latestRun(demo).trigger;
    await run.scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(demo.page), `horizontal overflow at 390 px (${state})`).toEqual([]);
    // Both pictures first, back to back (a running researcher does not wait for axe), then axe in both schemes.
    await mkdir(shotDir, { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      await demo.page.emulateMedia({ colorScheme: scheme });
      await demo.page.screenshot({ path: join(shotDir, `${state}-mobile-${scheme}.png`), animations: 'disabled' });
    }
    for (const scheme of ['dark', 'light'] as const) {
      await demo.page.emulateMedia({ colorScheme: scheme });
      await settleAnimations(demo.page);
      expect(await axeViolations(demo.page), `axe violations (${state}, ${scheme})`).toEqual([]);
    }
  }
});

/**
 * What reaches past the viewport's width: the page itself, or an element of the conversation whose box does, or whose
 * content is wider than a box that hides its overflow (cut). A box that scrolls (a code block) is not an overflow.
 */
function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    if (document.scrollingElement!.scrollWidth > width + 1) found.push(`page: ${document.scrollingElement!.scrollWidth}px`);
    for (const element of document.querySelectorAll<HTMLElement>('main *')) {
      if (!element.checkVisibility()) continue;
      const box = element.getBoundingClientRect();
      const name = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
      if (box.width > 0 && (box.right > width + 1 || box.left < -1)) found.push(`${name}: ${Math.round(box.left)}–${Math.round(box.right)}px`);
      const overflowX = getComputedStyle(element).overflowX;
      // A box of 1 px that hides its content is a visually hidden label (read by screen readers), not a cut.
      if ((overflowX === 'hidden' || overflowX === 'clip') && element.clientWidth > 1 && element.scrollWidth > element.clientWidth + 1) {
        found.push(`${name}: cut, ${element.scrollWidth}px in ${element.clientWidth}px`);
      }
    }
    return found;
  });
}
