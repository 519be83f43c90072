/**
 * The app talks back, in Chromium, on each protocol the demo speaks: a task ticked in the panel shows at once, survives
 * a reload before the next message (a pending write), reaches the agent with that message, and the agent's "what's
 * left?" answers from it; a task selected in the panel is context the agent sees ("what am I looking at?") until it
 * is unselected (the registering component unmounts).
 */
import { describe, expect, it } from 'vitest';
import { axeViolations, screenshot } from './browser.js';
import { squash, useDemoSuite } from './demo-suite.js';
import { findChromium } from './find-chromium.mjs';

const chromiumPath = findChromium();

describe.skipIf(!chromiumPath)('state and context from the app (Chromium)', () => {
  const { openDemo } = useDemoSuite(chromiumPath!, { tokenDelayMs: 2 });

  for (const [label, query] of [['Genkit', ''], ['AG-UI', '?protocol=agui'], ['the AI SDK route', '?protocol=ai-sdk']] as const) {
    const name = query ? query.slice('?protocol='.length) : 'genkit';
    it(`${label}: tick a task, reload, ask "what's left?"; select a task, ask "what am I looking at?"`, async () => {
      const demo = await openDemo(query);
      const panel = demo.page.getByRole('region', { name: 'Tasks' });
      const answer = async () => squash(await demo.lastModelMessage().textContent());
      await demo.send('add Buy milk', { turns: 1 });
      await demo.send('add Call mum', { turns: 2 });
      await expect.poll(() => demo.taskTitles()).toEqual(['Buy milk', 'Call mum']);
      await expect.poll(() => new URL(demo.page.url()).searchParams.get('session')).toMatch(/^[\w-]+$/);

      // The tick shows at once; no message has carried it to the agent yet.
      await panel.getByRole('checkbox', { name: 'Done: Buy milk' }).check();
      expect(await panel.getByText('1 open, 1 done').count()).toBe(1);
      await demo.page.reload();
      await expect.poll(() => demo.taskTitles()).toEqual(['Buy milk', 'Call mum']);
      // Restored from the server, with the pending tick on top.
      await expect.poll(() => panel.getByRole('checkbox', { name: 'Done: Buy milk' }).isChecked()).toBe(true);

      await demo.send("what's left?");
      await expect.poll(answer, { timeout: 15_000 }).toBe(squash('Left to do (1 of 2): #2 Call mum Done: #1 Buy milk.'));
      await screenshot(demo.page, `12-app-state-${name}`);

      // Delivered: the server's session has it, so a reload shows it with nothing pending.
      await demo.page.reload();
      await expect.poll(() => demo.taskTitles()).toEqual(['Buy milk', 'Call mum']);
      await expect.poll(() => panel.getByRole('checkbox', { name: 'Done: Buy milk' }).isChecked()).toBe(true);
      expect(await demo.page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('agent-chat-demo/writes/')))).toEqual([]);

      const select = panel.getByRole('button', { name: /Call mum/ });
      await select.click();
      expect(await select.getAttribute('aria-pressed')).toBe('true');
      await demo.sendButton.waitFor();
      await demo.send('what am I looking at?');
      await expect.poll(answer, { timeout: 15_000 }).toBe(squash('You are looking at: The task selected in the panel: #2 “Call mum” (open)'));
      expect(await axeViolations(demo.page), 'axe violations').toEqual([]);

      await select.click();
      await demo.sendButton.waitFor();
      await demo.send('what am I looking at?');
      await expect.poll(answer, { timeout: 15_000 }).toBe(squash("I can't see your screen: the app sent no context with this message."));
    });
  }
});
