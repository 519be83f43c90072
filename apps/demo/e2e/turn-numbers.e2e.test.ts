/**
 * The demo's two views of turns agree: the snapshot timeline and the turn inspector show one numbering (also after a
 * reload), and a turn cut short by "New chat" lands in neither view of the new conversation.
 */
import { describe, expect, it } from 'vitest';
import { useDemoSuite } from './demo-suite.js';
import { findChromium } from './find-chromium.mjs';

const chromiumPath = findChromium();

describe.skipIf(!chromiumPath)('demo turn numbers in Chromium', () => {
  const { openDemo } = useDemoSuite(chromiumPath!, { tokenDelayMs: 8, developerTools: true });

  it('"New chat" during a running turn: the old turn lands in no timeline; the next turn is turn 1 in both views', async () => {
    const demo = await openDemo();
    await demo.send('tell me a long story');
    await expect.poll(async () => (await demo.lastModelMessage().textContent())?.length ?? 0).toBeGreaterThan(40);
    await demo.page.getByRole('button', { name: 'New chat' }).click();
    await expect.poll(() => demo.messages.count()).toBe(0);
    // Turns run one at a time: the cut turn has ended before this one starts, so its end would be listed first.
    await demo.send('add Buy milk');
    await expect.poll(() => demo.taskTitles()).toEqual(['Buy milk']);
    await demo.sendButton.waitFor();
    await demo.waitForTurns(1);
    expect(await demo.timeline.locator('.timeline-label').allTextContents()).toEqual(['add Buy milk']);
    expect(await demo.timeline.locator('.timeline-turn').allTextContents()).toEqual(['Turn 1']);
    expect(await demo.inspector.locator('.acu-inspector__turn').textContent()).toBe('Turn 1');
  });

  it('after a reload the inspector numbers the next turn as the restored timeline does', async () => {
    const demo = await openDemo();
    await demo.send('add Buy milk', { turns: 1 });
    await demo.send('add Walk the dog', { turns: 2 });
    expect(await demo.inspector.locator('.acu-inspector__turn').textContent()).toBe('Turn 2');
    await expect.poll(() => new URL(demo.page.url()).searchParams.get('session')).toMatch(/^[\w-]+$/);
    await demo.page.reload();
    await demo.waitForTurns(2);
    await demo.send('add Water plants', { turns: 3 });
    expect(await demo.timeline.locator('.timeline-turn').allTextContents()).toEqual(['Turn 1', 'Turn 2', 'Turn 3']);
    expect(await demo.inspector.locator('.acu-inspector__turn').textContent()).toBe('Turn 3');
  });
});
