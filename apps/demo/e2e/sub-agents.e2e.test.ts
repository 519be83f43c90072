/**
 * Sub-agents in Chromium, on each route the demo speaks: "research X" makes the task agent run a researcher sub-agent
 * through its research tool. The researcher's steps (its text, its own webSearch call) stream nested under the call,
 * fold away when it is done, and open again by keyboard; axe finds nothing in the light and the dark scheme. A reload
 * in the middle of the researcher's run rejoins it; Stop stops it. On Genkit, the researcher's own question ("research X
 * carefully") reaches the user, and the answer goes back to the researcher, which searches and reports.
 */
import { describe, expect, it } from 'vitest';
import { axeViolations, screenshot } from './browser.js';
import type { DemoPage } from './demo-page.js';
import { useDemoSuite } from './demo-suite.js';
import { findChromium } from './find-chromium.mjs';

const chromiumPath = findChromium();
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

  it('Genkit: "research X carefully": the researcher\'s question reaches the user, the answer goes back to it, it searches and reports', async () => {
    const demo = await openDemo('');
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
    await screenshot(demo.page, '32-sub-agent-asked-genkit');
  });
});
