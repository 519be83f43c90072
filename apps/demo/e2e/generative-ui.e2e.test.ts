/**
 * Agent-sent UI in Chromium (issue 43), on each route of the real agent server: "book a table" draws an A2UI form that
 * is filled and submitted and answered from its values; "chart my tasks" draws an MCP App in a sandboxed frame that
 * calls a tool through the bridge and cannot reach the page; both come back after a reload, and after a replay of the
 * recorded turns in the page (Replay a recording); axe clean.
 */
import { describe, expect, it } from 'vitest';
import { axeViolations } from './browser.js';
import { useDemoSuite } from './demo-suite.js';
import { findChromium } from './find-chromium.mjs';

const chromiumPath = findChromium();
const ROUTES = [['Genkit', ''], ['AG-UI', '?protocol=agui'], ['the AI SDK route', '?protocol=ai-sdk']] as const;

describe.skipIf(!chromiumPath)('generative UI (Chromium)', () => {
  const { openDemo } = useDemoSuite(chromiumPath!, {
    tokenDelayMs: 2,
    // The frame's attempt to reach the network is refused by its CSP, and Chromium reports it: that is the point.
    expectedErrors: /violates the following Content Security Policy directive: "connect-src 'none'"|Refused to connect because it violates the document's Content Security Policy/,
  });

  for (const [label, query] of ROUTES) {
    it(`${label}: the A2UI booking form is filled, submitted and answered; the MCP App charts, calls a tool, stays boxed; both survive a reload`, async () => {
      const demo = await openDemo(query);
      const { page } = demo;
      await page.evaluate(() => {
        document.cookie = 'host-secret=1; path=/';
        localStorage.setItem('host-secret', '1');
      });

      await demo.send('book a table');
      const form = page.locator('.acu-a2ui[data-surface-id="booking"]');
      await form.getByLabel('Name').fill('Ada');
      await form.getByLabel('Guests').fill('4');
      await form.getByRole('button', { name: 'Book' }).click();
      await expect.poll(() => demo.lastModelMessage().textContent(), { timeout: 15_000 }).toContain('Booked a table for 4 at 19:30, under the name Ada.');

      await demo.send('add Buy milk');
      await expect.poll(() => demo.taskTitles(), { timeout: 15_000 }).toEqual(['Buy milk']);
      await demo.send('chart my tasks');
      const frameElement = page.locator('iframe.acu-mcp-app__frame');
      await expect.poll(() => frameElement.getAttribute('sandbox'), { timeout: 15_000 }).toBe('allow-scripts');
      const app = page.frameLocator('iframe.acu-mcp-app__frame');
      await expect.poll(() => app.locator('#chart').getAttribute('aria-label'), { timeout: 15_000 }).toBe('1 open, 0 done');
      // Refresh: tools/call listTasks through the bridge, as a turn of the chat.
      await app.getByRole('button', { name: 'Refresh' }).click();
      await expect.poll(() => app.locator('#status').textContent(), { timeout: 15_000 }).toBe('Refreshed');
      expect(await page.getByRole('main').textContent()).toContain('[tools/call] listTasks {}');

      // What the app's own scripts can reach: nothing of the page (an opaque origin, no network by its CSP).
      const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
      const reach = await frame.evaluate(async () => {
        const attempt = async (run: () => unknown) => {
          try {
            return String(await run());
          } catch (error) {
            return `blocked: ${(error as Error).name}`;
          }
        };
        return {
          cookie: await attempt(() => document.cookie),
          storage: await attempt(() => localStorage.getItem('host-secret')),
          parentDom: await attempt(() => window.parent.document.title),
          fetch: await attempt(() => fetch('/api/agent').then((response) => response.status)),
          origin: window.origin,
        };
      });
      expect(reach.cookie).toMatch(/^(blocked: SecurityError|)$/);
      expect(reach.storage).toBe('blocked: SecurityError');
      expect(reach.parentDom).toBe('blocked: SecurityError');
      expect(reach.fetch).toMatch(/^blocked: /);
      expect(reach.origin).toBe('null');
      expect(await page.evaluate(() => localStorage.getItem('host-secret'))).toBe('1');

      expect(await axeViolations(page), 'axe (light)').toEqual([]);
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await axeViolations(page), 'axe (dark)').toEqual([]);

      // After a reload the conversation is restored: the form and the chart are drawn again from its parts.
      await page.reload();
      await expect.poll(() => page.locator('.acu-a2ui[data-surface-id="booking"]').count(), { timeout: 15_000 }).toBe(1);
      // The form shows what was submitted (the values its Book action sent), not the agent's first values.
      const restored = page.locator('.acu-a2ui[data-surface-id="booking"]');
      expect(await Promise.all(['Name', 'Guests', 'Time'].map((label) => restored.getByLabel(label).inputValue()))).toEqual(['Ada', '4', '19:30']);
      await expect.poll(() => page.frameLocator('iframe.acu-mcp-app__frame').first().locator('#chart').getAttribute('aria-label'), { timeout: 15_000 }).toBe('1 open, 0 done');
    });
  }

  for (const [label, query, protocol] of [['Genkit', '', 'genkit'], ['AG-UI', '?protocol=agui', 'agui'], ['the AI SDK route', '?protocol=ai-sdk', 'ai-sdk']] as const) {
    it(`${label}: the recorded turns (the A2UI form, its submit, the MCP App) replay in the page to the same rendered state`, async () => {
      const demo = await openDemo(query);
      const { page } = demo;
      await demo.send('book a table');
      const form = page.locator('.acu-a2ui[data-surface-id="booking"]');
      await form.getByLabel('Name').fill('Ada');
      await form.getByLabel('Guests').fill('4');
      await form.getByRole('button', { name: 'Book' }).click();
      await expect.poll(() => demo.lastModelMessage().textContent(), { timeout: 15_000 }).toContain('Booked a table for 4 at 19:30, under the name Ada.');
      await demo.send('chart my tasks');
      const chart = () => page.frameLocator('iframe.acu-mcp-app__frame').locator('#chart').getAttribute('aria-label');
      await expect.poll(chart, { timeout: 15_000 }).toBe('0 open, 0 done');
      await expect.poll(() => demo.stopButton.count(), { timeout: 15_000 }).toBe(0);
      /** What the page draws of the conversation: its text, the form's fields, the app's chart. */
      const drawn = async () => ({
        // Each answer's timing line ("120 ms to first token · 1.5 s in all") is the time it took now, not what it says.
        conversation: ((await page.locator('.demo-chat').textContent()) ?? '').replace(/[\d.]+ m?s to first token · [\d.]+ m?s in all/g, '').replace(/\s+/g, ' ').trim(),
        fields: await Promise.all(['Name', 'Guests', 'Time'].map((label) => form.getByLabel(label).inputValue())),
        chart: await chart(),
      });
      const live = await drawn();
      expect(live.fields).toEqual(['Ada', '4', '19:30']);

      await demo.openDeveloperTools();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save recording' }).click()]);
      await page.getByLabel('Replay a recording').setInputFiles(await download.path());
      await expect.poll(() => page.locator('.app-notice').textContent(), { timeout: 15_000 }).toBe(`Replayed 3 turns of the recording (${protocol}), offline. The next message goes to the agent.`);
      await expect.poll(chart, { timeout: 15_000 }).toBe('0 open, 0 done');
      expect(await drawn()).toEqual(live);
      expect(await axeViolations(page), 'axe (the replayed chat, developer tools open)').toEqual([]);
    });
  }
});
