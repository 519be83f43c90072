/**
 * The browser suite: the real Genkit agent server (file store in a temp folder) and the built demo behind
 * `vite preview` (proxying /api), driven in Debian's Chromium through playwright-core. One journey per capability;
 * screenshots of each step go to e2e-screenshots/ (git-ignored), and axe-core runs inside the page.
 */
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { STORY_TEXT } from '@agent-chat/agent-server';
import { parseRecording, playRecording, assistantText } from '@agent-chat/testing';
import { axeViolations, contrastNow, countCancelledRequests, screenshot, settleAnimations } from './browser.js';
import type { DemoPage } from './demo-page.js';
import { squash, useDemoSuite } from './demo-suite.js';
import { findChromium } from './find-chromium.mjs';

const chromiumPath = findChromium();

if (!chromiumPath && process.env.CI === 'true') {
  it('has a Chromium to drive (CI=true)', () => {
    throw new Error('No Chromium found: install Debian\'s (apt-get install -y chromium) or set CHROMIUM_PATH.');
  });
}

describe.skipIf(!chromiumPath)('demo in Chromium', () => {
  const suite = useDemoSuite(chromiumPath!, { tokenDelayMs: 8, developerTools: true });
  const { openDemo } = suite;

  /** axe-core finds nothing in the page, in the light and in the dark scheme (color contrast included). */
  async function expectAccessible(demo: DemoPage, name: string): Promise<void> {
    await screenshot(demo.page, name);
    expect(await axeViolations(demo.page), `axe violations (${name})`).toEqual([]);
    await demo.page.emulateMedia({ colorScheme: 'dark' });
    await settleAnimations(demo.page);
    expect(await axeViolations(demo.page), `axe violations (${name}, dark)`).toEqual([]);
    await demo.page.emulateMedia({ colorScheme: 'light' });
    await settleAnimations(demo.page);
  }

  it('streams text in incrementally', async () => {
    const demo = await openDemo();
    await expectAccessible(demo, '01-streaming-0-empty');
    await demo.recordModelRenders();
    await demo.send('tell me a long story');
    // expect.poll's default second is too short for the first tokens on a loaded machine (seen: 39 characters).
    await expect.poll(async () => (await demo.lastModelMessage().textContent())?.length ?? 0, { timeout: 20_000 }).toBeGreaterThan(60);
    await screenshot(demo.page, '01-streaming-1-mid-answer');
    await demo.waitForTurns(1);
    const final = squash(await demo.lastModelMessage().textContent());
    expect(final).toBe(squash(STORY_TEXT));
    // Several distinct intermediate renders, each a longer prefix of the final text.
    const intermediate = (await demo.recordedRenders()).map(squash).filter((text) => text.length > 0 && text.length < final.length);
    expect(intermediate.length).toBeGreaterThanOrEqual(5);
    for (const text of intermediate) expect(final.startsWith(text)).toBe(true);
    for (let index = 1; index < intermediate.length; index++) expect(intermediate[index]!.length).toBeGreaterThan(intermediate[index - 1]!.length);
    // The turn inspector saw the turn: its deltas and its end.
    await expect.poll(async () => demo.inspector.textContent()).toMatch(/text-delta.*turn-end/s);
    await expectAccessible(demo, '01-streaming-2-done');
  });

  it('updates the task list live from JSON patches', async () => {
    const demo = await openDemo();
    await demo.recordTurnsWhenTaskAppears('Buy milk');
    await demo.send('add Buy milk');
    await expect.poll(() => demo.taskTitles()).toEqual(['Buy milk']);
    await demo.waitForTurns(1);
    // The tool's patch reached the list while the turn was still running, before its end.
    expect(await demo.turnsWhenTaskAppeared()).toBe(0);
    await demo.send('add Walk the dog', { turns: 2 });
    await demo.send('complete 1', { turns: 3 });
    await expect.poll(() => demo.taskTitles()).toEqual(['Buy milk', 'Walk the dog']);
    await expect.poll(() => demo.tasks.first().getAttribute('data-done')).toBe('true');
    expect(await demo.tasks.nth(1).getAttribute('data-done')).toBe('false');
    expect(await demo.conversationText()).toContain('Marked “Buy milk” (task #1) as done.');
    await expectAccessible(demo, '02-tasks-live');
  });

  it('shows the report artifact and replaces it with its revision', async () => {
    const demo = await openDemo();
    await demo.send('add Write docs', { turns: 1 });
    await demo.send('report', { turns: 2 });
    await expect.poll(async () => demo.artifacts.textContent()).toContain('Revision 1');
    await screenshot(demo.page, '03-artifact-1-revision-1');
    await demo.send('add Ship it', { turns: 3 });
    await demo.send('report again', { turns: 4 });
    await expect.poll(async () => demo.artifacts.textContent()).toContain('Revision 2');
    const panel = (await demo.artifacts.textContent()) ?? '';
    expect(panel).not.toContain('Revision 1');
    expect(panel).toContain('Ship it');
    // Readable at the very moment of a theme switch, highlighted or not: the panel's background changes scheme at once,
    // as its text does (a background fading from light to dark under text already light once read 1.1:1).
    const readableNow = async () => ({
      name: await contrastNow(demo.page, '.acu-artifact__name', '.acu-artifact'),
      version: await contrastNow(demo.page, '.acu-artifact__version', '.acu-artifact'),
    });
    expect(await demo.page.locator('.acu-artifact').getAttribute('data-state')).toBe('updated');
    for (const colorScheme of ['dark', 'light', 'dark', 'light'] as const) {
      await demo.page.emulateMedia({ colorScheme });
      const contrast = await readableNow();
      expect(contrast.name, `artifact name just after the switch to ${colorScheme}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast.version, `artifact version just after the switch to ${colorScheme}`).toBeGreaterThanOrEqual(4.5);
    }
    await expectAccessible(demo, '03-artifact-2-revision-2');
  });

  it('asks before clearing; Confirm resumes and the answer streams', async () => {
    const demo = await openDemo();
    const { cancelled } = await countCancelledRequests(demo.page);
    await demo.send('add One', { turns: 1 });
    await demo.send('add Two', { turns: 2 });
    await demo.send('clear all tasks', { turns: 3 });
    await demo.interruptAnswers.waitFor();
    await expectAccessible(demo, '04-confirm-1-inline');
    await demo.recordModelRenders();
    await demo.interruptAnswers.getByRole('button', { name: /confirm|yes|clear/i }).click();
    await demo.interruptAnswers.waitFor({ state: 'hidden' });
    await demo.waitForTurns(4);
    await expect.poll(() => demo.taskTitles()).toEqual([]);
    expect(await demo.conversationText()).toContain('Done: I cleared all 2 tasks. The list is empty.');
    expect((await demo.recordedRenders()).length).toBeGreaterThan(2);
    // Each turn's body was read to its end: DevTools shows no cancelled request (net::ERR_ABORTED).
    expect(cancelled).toEqual([]);
    await expectAccessible(demo, '04-confirm-2-cleared');
  });

  it('Save recording downloads the conversation, which replays offline to what the page shows', async () => {
    const demo = await openDemo();
    await demo.send('add Buy milk', { turns: 1 });
    await demo.send('report', { turns: 2 });
    const [download] = await Promise.all([demo.page.waitForEvent('download'), demo.page.getByRole('button', { name: 'Save recording' }).click()]);
    expect(download.suggestedFilename()).toBe('agent-chat-recording-genkit.json');
    const recording = parseRecording(JSON.parse(await readFile(await download.path(), 'utf8')));
    expect(recording.turns.map((turn) => turn.request.input.message?.content)).toEqual([[{ text: 'add Buy milk' }], [{ text: 'report' }]]);
    const { chat } = await playRecording(recording, { speed: Infinity });
    const replayed = chat.getState() as { custom?: { tasks: Array<{ title: string }> } } & Parameters<typeof assistantText>[0];
    expect(replayed.custom?.tasks.map((task) => task.title)).toEqual(await demo.taskTitles());
    expect(squash(await demo.lastModelMessage().textContent())).toBe(squash(assistantText(replayed)));
    await expectAccessible(demo, '04-save-recording');
  });

  it('Deny resumes with a refusal', async () => {
    const demo = await openDemo();
    await demo.send('add Keep me', { turns: 1 });
    await demo.send('clear', { turns: 2 });
    await demo.interruptAnswers.waitFor();
    await demo.interruptAnswers.getByRole('button', { name: /deny|cancel|no/i }).click();
    await demo.interruptAnswers.waitFor({ state: 'hidden' });
    await demo.waitForTurns(3);
    expect(await demo.conversationText()).toContain('Okay, nothing was cleared. Your tasks are still there.');
    expect(await demo.taskTitles()).toEqual(['Keep me']);
    await expectAccessible(demo, '05-deny');
  });

  it('Stop mid-answer keeps the partial text', async () => {
    const demo = await openDemo();
    await demo.send('long');
    await expect.poll(async () => (await demo.lastModelMessage().textContent())?.length ?? 0).toBeGreaterThan(80);
    await demo.stopButton.click();
    await demo.waitForTurns(1);
    const partial = (await demo.lastModelMessage().textContent()) ?? '';
    await demo.page.waitForTimeout(600);
    expect(await demo.lastModelMessage().textContent()).toBe(partial);
    // The partial text stays: a prefix of the story, well short of its end.
    expect(squash(STORY_TEXT).startsWith(squash(partial))).toBe(true);
    expect(squash(partial).length).toBeGreaterThan(60);
    expect(squash(partial).length).toBeLessThan(squash(STORY_TEXT).length / 2);
    expect(await demo.page.locator('article.acu-message[data-role="model"]').last().getAttribute('data-state')).toBe('aborted');
    expect(await demo.timeline.first().getAttribute('data-finish-reason')).toBe('aborted');
    await screenshot(demo.page, '06-stop-1-partial');
    // Stop cancelled the resumable turn on the agent server (POST …/turns/<id>/cancel): it stopped the model and logged the turn as such.
    await expect.poll(() => suite.stack.agentLog.find((line) => line.includes('(cancelled)'))).toBeDefined();
    await demo.send('add Resume work', { turns: 2 });
    expect(await demo.taskTitles()).toEqual(['Resume work']);
    await expectAccessible(demo, '06-stop-2-next-turn');
  });

  it('a reload continues the server-managed session', async () => {
    const demo = await openDemo();
    await demo.send('add Buy milk', { turns: 1 });
    await expect.poll(() => new URL(demo.page.url()).searchParams.get('session')).toMatch(/^[\w-]+$/);
    const sessionId = new URL(demo.page.url()).searchParams.get('session');
    await demo.page.reload();
    await expect.poll(() => demo.taskTitles()).toEqual(['Buy milk']);
    await demo.waitForTurns(1);
    expect(await demo.conversationText()).toContain('Added “Buy milk” (task #1).');
    await screenshot(demo.page, '07-reload-1-restored');
    await demo.send('add Walk the dog', { turns: 2 });
    expect(await demo.conversationText()).toContain('Added “Walk the dog” (task #2).');
    expect(await demo.taskTitles()).toEqual(['Buy milk', 'Walk the dog']);
    expect(new URL(demo.page.url()).searchParams.get('session')).toBe(sessionId);
    await expectAccessible(demo, '07-reload-2-continued');
  });

  it('branching from an earlier turn forks the history', async () => {
    const demo = await openDemo();
    await demo.send('add Red', { turns: 1 });
    await demo.send('add Green', { turns: 2 });
    await demo.send('add Blue', { turns: 3 });
    await screenshot(demo.page, '08-branch-1-three-turns');
    await demo.page.getByRole('button', { name: /^branch here \(turn 1:/i }).click();
    await demo.waitForTurns(1);
    await expect.poll(() => demo.taskTitles()).toEqual(['Red']);
    expect(await demo.conversationText()).not.toContain('Green');
    await demo.send('add Yellow', { turns: 2 });
    // The fork continues from turn 1's state: Yellow is task #2, not #4.
    expect(await demo.conversationText()).toContain('Added “Yellow” (task #2).');
    expect(await demo.taskTitles()).toEqual(['Red', 'Yellow']);
    await screenshot(demo.page, '08-branch-2-forked');
    // The fork is the session's history now, also after a reload.
    await demo.page.reload();
    await expect.poll(() => demo.taskTitles()).toEqual(['Red', 'Yellow']);
    await demo.waitForTurns(2);
    expect(await demo.conversationText()).not.toContain('Blue');
    await expectAccessible(demo, '08-branch-3-reloaded');
  });

  it('a failing turn shows the error and the next message works', async () => {
    const demo = await openDemo();
    await demo.send('fail please', { turns: 1 });
    await expect.poll(async () => demo.errorAlert.textContent()).toContain('failed on purpose');
    expect(await demo.timeline.first().getAttribute('data-finish-reason')).toBe('failed');
    await expectAccessible(demo, '09-failure-1-error');
    await demo.send('add Recover', { turns: 2 });
    expect(await demo.conversationText()).toContain('Added “Recover” (task #1).');
    expect(await demo.errorAlert.count()).toBe(0);
    await screenshot(demo.page, '09-failure-2-recovered');
  });

  // The same journey on each protocol: the AG-UI and AI SDK routes fork from the point the sent history names.
  it.each([
    ['Genkit', 'genkit', ''],
    ['AG-UI', 'agui', '?protocol=agui'],
    ['the AI SDK route', 'ai-sdk', '?protocol=ai-sdk'],
  ] as const)('edit, regenerate, switch versions and retry on %s; a failed turn after a good one shows its own partial text; a reload keeps what the route can', async (_name, protocol, query) => {
    const demo = await openDemo(query);
    const shot = (name: string) => `12-operations-${protocol}-${name}`;
    const row = (text: string) => demo.page.locator('article.acu-message', { hasText: text });
    await demo.send('add Water plants', { turns: 1 });
    await demo.send('fail', { turns: 2 });
    // The failed row is this turn's own partial text, marked failed — never the previous answer.
    const failed = demo.page.locator('article.acu-message[data-state="failed"]');
    await expect.poll(async () => failed.textContent()).toContain('Let me try that…');
    expect(await failed.textContent()).not.toContain('Water plants');
    expect(await row('Added “Water plants” (task #1).').count()).toBe(1);
    await expectAccessible(demo, shot('1-failed'));

    // Retry: the same input from the same point; the failed attempt stays as version 1 of 2.
    await failed.getByRole('button', { name: 'Retry' }).click();
    await demo.waitForTurns(3);
    await expect.poll(async () => failed.last().getByRole('group', { name: 'Version 2 of 2' }).count()).toBe(1);

    // Edit "fail" into a task, inline: Escape cancels, Enter sends.
    await demo.page.locator('article.acu-message[data-role="user"]', { hasText: 'fail' }).getByRole('button', { name: 'Edit message' }).click();
    const editor = demo.page.getByRole('textbox', { name: 'Edit message' });
    await expectAccessible(demo, shot('2-editor'));
    await editor.press('Escape');
    expect(await editor.count()).toBe(0);
    await demo.page.locator('article.acu-message[data-role="user"]', { hasText: 'fail' }).getByRole('button', { name: 'Edit message' }).click();
    await editor.fill('add Buy milk');
    await editor.press('Enter');
    await demo.waitForTurns(4);
    await expect.poll(() => demo.taskTitles()).toEqual(['Water plants', 'Buy milk']);
    const edited = demo.page.locator('article.acu-message[data-role="user"]', { hasText: 'add Buy milk' });
    expect(await edited.getByRole('group', { name: 'Version 2 of 2' }).count()).toBe(1);

    // Regenerate the answer: forked from before the turn, so still task #2 (not #3); the new response (its first row,
    // the tool call) is version 2 of 2 beside the edited question's own switcher.
    await row('Added “Buy milk” (task #2).').getByRole('button', { name: 'Regenerate answer' }).click();
    await demo.waitForTurns(5);
    await expect.poll(async () => demo.page.getByRole('group', { name: 'Version 2 of 2' }).count()).toBe(2);
    expect(await row('Added “Buy milk” (task #2).').count()).toBe(1);
    expect(await demo.taskTitles()).toEqual(['Water plants', 'Buy milk']);

    // Switch the question back to "fail": that line's messages and tasks; then forward again, and back.
    const failQuestion = demo.page.locator('article.acu-message[data-role="user"]', { hasText: 'fail' });
    await edited.getByRole('button', { name: 'Previous version' }).click();
    await expect.poll(() => demo.taskTitles()).toEqual(['Water plants']);
    expect(await demo.conversationText()).not.toContain('Buy milk');
    await expect.poll(async () => failed.count()).toBe(1);
    await expectAccessible(demo, shot('3-switched'));
    await failQuestion.getByRole('button', { name: 'Next version' }).click();
    await expect.poll(() => demo.taskTitles()).toEqual(['Water plants', 'Buy milk']);
    await edited.getByRole('button', { name: 'Previous version' }).click();
    await expect.poll(() => demo.taskTitles()).toEqual(['Water plants']);

    // A send on the shown line (the failed one) runs from that line's last good point, on the server too: task #2.
    await demo.send('add Pay rent', { turns: 6 });
    await expect.poll(() => demo.taskTitles()).toEqual(['Water plants', 'Pay rent']);
    expect(await demo.conversationText()).toContain('Added “Pay rent” (task #2).');
    expect(await failQuestion.getByRole('group', { name: 'Version 1 of 2' }).count()).toBe(1);

    if (protocol !== 'genkit') await expectAccessible(demo, shot('4-continued'));
    // A reload brings back the versions, each line with its own tasks (on AG-UI and the AI SDK route from the tree the
    // page kept, its shown line the server's).
    await demo.page.reload();
    await expect.poll(() => demo.taskTitles()).toEqual(['Water plants', 'Pay rent']);
    await expect.poll(async () => failQuestion.getByRole('group', { name: 'Version 1 of 2' }).count()).toBe(1);
    await expect.poll(async () => failed.textContent()).toContain('Let me try that…');
    await failQuestion.getByRole('button', { name: 'Next version' }).click();
    await expect.poll(() => demo.taskTitles()).toEqual(['Water plants', 'Buy milk']);
    await expect.poll(async () => edited.getByRole('group', { name: 'Version 2 of 2' }).count()).toBe(1);
    await expectAccessible(demo, shot('4-reloaded'));
  });

  it('switches protocol: the same Genkit session over AG-UI and the AI SDK stream', async () => {
    const demo = await openDemo();
    const agentRequests: string[] = [];
    demo.page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/') && request.method() === 'POST') agentRequests.push(path);
    });
    await demo.send('add Alpha', { turns: 1 });
    const protocol = demo.page.getByRole('combobox', { name: /protocol/i });
    await protocol.selectOption('agui');
    await expect.poll(() => new URL(demo.page.url()).searchParams.get('protocol')).toBe('agui');
    // Branching needs Genkit's own protocol: the buttons are gone.
    expect(await demo.page.getByRole('button', { name: /^branch here/i }).count()).toBe(0);
    await demo.send('add Beta', { turns: 2 });
    await expect.poll(() => demo.taskTitles()).toEqual(['Alpha', 'Beta']);
    await protocol.selectOption('ai-sdk');
    await demo.send('add Gamma', { turns: 3 });
    await expect.poll(() => demo.taskTitles()).toEqual(['Alpha', 'Beta', 'Gamma']);
    await demo.send('report', { turns: 4 });
    await expect.poll(async () => demo.artifacts.textContent()).toContain('report.md');
    expect(await demo.conversationText()).toContain('Added “Gamma” (task #3).');
    expect(agentRequests).toEqual(['/api/agent', '/api/agui', '/api/ai-sdk', '/api/ai-sdk']);
    await expectAccessible(demo, '11-protocols');
  });

  it('runs the same chat client-managed, state kept in the browser', async () => {
    const demo = await openDemo();
    const agentRequests: string[] = [];
    demo.page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/')) agentRequests.push(path);
    });
    await demo.page.getByRole('switch', { name: /client-managed/i }).check();
    await expect.poll(() => new URL(demo.page.url()).searchParams.get('mode')).toBe('client');
    await demo.send('add Milk', { turns: 1 });
    await demo.send('add Eggs', { turns: 2 });
    expect(await demo.taskTitles()).toEqual(['Milk', 'Eggs']);
    expect(agentRequests).toEqual(['/api/agent-client', '/api/agent-client']);
    await demo.page.reload();
    await expect.poll(() => demo.taskTitles()).toEqual(['Milk', 'Eggs']);
    await demo.waitForTurns(2);
    await demo.page.getByRole('button', { name: /^branch here \(turn 1:/i }).click();
    await expect.poll(() => demo.taskTitles()).toEqual(['Milk']);
    await demo.send('add Bread', { turns: 2 });
    expect(await demo.conversationText()).toContain('Added “Bread” (task #2).');
    await expectAccessible(demo, '10-client-managed');
  });
});
