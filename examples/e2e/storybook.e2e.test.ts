// examples/storybook — a Storybook 10 app set up from @agent-chat/testing's README alone (its .storybook/main.ts,
// .storybook/preview.tsx and stories file are the README's blocks; packages/testing/src/readme-stories.test.ts keeps
// them equal) — installed from the packed packages (in the install it shares with the README check, outside the
// repository), built (tsc + storybook build), served statically under a sub-path (/dist/, as a deploy beside other
// pages would be) and opened in Chromium: AgentChatView replays the recording with the product's features, a request the
// recording does not have fails loudly, and the controls set by URL (story args, toolbar globals) change what is shown.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findChromium } from '../../apps/demo/e2e/find-chromium.mjs';
import { launchBrowser, type Browser } from '../../apps/demo/e2e/browser.js';
import { serveStatic, type StaticServer } from '../../packages/ui/e2e/static-server.js';
import { preparedExample, prepareExample } from '../prepare-example.mjs';

const chromium = findChromium();

/** Where a story's render ended: Storybook's preview runs each render through phases (a failed play function errors). */
async function renderPhase(page: Page, storyId: string): Promise<string> {
  const handle = await page.waitForFunction(
    (id) => {
      const render = (window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { id?: string; phase?: string } } }).__STORYBOOK_PREVIEW__?.currentRender;
      return render?.id === id && ['finished', 'errored', 'aborted'].includes(render.phase ?? '') ? render.phase : false;
    },
    storyId,
    { timeout: 60_000 },
  );
  return (await handle.jsonValue()) as string;
}

describe.skipIf(!chromium)('examples/storybook (storybook build from the README\'s setup, from the packed packages)', () => {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  let base = '';

  beforeAll(async () => {
    // EXAMPLES_SKIP_PREPARE=1 reuses the copy an earlier run installed and built (when there is one: `npm test` has no
    // step of its own for this example yet, so its first run here builds it).
    const built = join(preparedExample('storybook'), 'dist/index.json');
    const dir = process.env.EXAMPLES_SKIP_PREPARE === '1' && existsSync(built) ? preparedExample('storybook') : prepareExample('storybook');
    // The example's folder is served, so the Storybook is under /dist/: the recordings loaded by a relative URL must
    // still be found.
    server = await serveStatic(dir);
    base = `${server.url}/dist/`;
    browser = await launchBrowser(chromium!);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Opens a story's iframe (with `query`: args=…, globals=…); returns the page, its errors and the render's phase. */
  async function open(storyId: string, query = '') {
    const { page, errors } = await browser!.newPage();
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`${base}iframe.html?id=${storyId}&viewMode=story${query ? `&${query}` : ''}`);
    const phase = await renderPhase(page, storyId);
    return { page, errors, phase, root: page.locator('#storybook-root') };
  }

  it('lists the README\'s stories in the built index', async () => {
    const index = (await (await fetch(`${base}index.json`)).json()) as { entries: Record<string, { type: string }> };
    const stories = Object.entries(index.entries).filter(([, entry]) => entry.type === 'story').map(([id]) => id);
    expect(stories).toEqual(expect.arrayContaining(['recorded-tasks--replay', 'recorded-tasks--instant', 'recorded-tasks--answer-fails', 'recorded-tasks--from-static-dir', 'recorded-tasks--what-if-cancelled']));
  });

  it('AgentChatView with no props replays the recording as the product shows it (Retry, Edit, Regenerate); the play functions pass', async () => {
    const { page, errors, phase, root } = await open('recorded-tasks--replay');
    expect(phase).toBe('finished');
    await root.getByText(/I cleared all 2 tasks/).waitFor();
    expect(await root.getByRole('button', { name: 'Regenerate answer' }).count()).toBeGreaterThan(0);
    expect(await root.getByRole('button', { name: 'Edit message' }).count()).toBeGreaterThan(0);
    // The theme global from preview.tsx reaches the view.
    expect(await page.locator('[data-acu-theme]').first().getAttribute('data-acu-theme')).toBe('light');
    expect(errors).toEqual([]);
    await page.close();

    // The stories whose play functions click Retry (after a 503) and Cancel (a fork recorded with --deny).
    for (const id of ['recorded-tasks--answer-fails', 'recorded-tasks--what-if-cancelled']) {
      const story = await open(id);
      expect(story.phase, id).toBe('finished');
      expect(story.errors, id).toEqual([]);
      await story.page.close();
    }
  });

  it('loads a recording from staticDirs by a relative URL under a sub-path deploy', async () => {
    const { page, errors, phase, root } = await open('recorded-tasks--from-static-dir');
    expect(phase).toBe('finished');
    await root.getByText(/I cleared all 2 tasks/).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a message the recording does not have fails loudly: a typed error in the story', async () => {
    // Story args by URL: play the first two turns only, then the user (here) sends what the recording does not expect.
    const { page, phase, root } = await open('recorded-tasks--instant', 'args=replayUpTo:2');
    expect(phase).toBe('finished');
    await root.getByText(/Added “Walk the dog”/).waitFor();
    await root.getByRole('textbox', { name: 'Message' }).fill('hello');
    await root.getByRole('textbox', { name: 'Message' }).press('Enter');
    const alert = root.getByRole('alert').filter({ hasText: /Replay mismatch/ });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Replay mismatch at turn 3: the recording expects "report", the chat sent "hello"');
    expect(await root.getByText(/I wrote report\.md/).count()).toBe(0);
    await page.close();
  });

  it('the controls set by URL change what is shown: replayUpTo (an arg), replayFault and the theme (toolbar globals)', async () => {
    const upTo = await open('recorded-tasks--instant', 'args=replayUpTo:1');
    await upTo.root.getByText(/Added “Buy milk”/).waitFor();
    // Nothing after turn 1 comes, however long one waits for the replay's end.
    await upTo.page.waitForTimeout(500);
    expect(await upTo.root.getByText(/Walk the dog/).count()).toBe(0);
    await upTo.page.close();

    // The fault from the toolbar (a global: the story's args do not set one): a 503 on the answer to "Clear all tasks?",
    // which is open again and says why; Retry replays the same turn. The dark theme from the toolbar too.
    const fault = await open('recorded-tasks--instant', 'globals=replayFault:http-503;theme:dark');
    await fault.root.locator('[data-answer="failed"]').waitFor();
    await fault.root.getByText(/Your answer did not reach the agent/).waitFor();
    expect(await fault.root.getByText(/I cleared all 2 tasks/).count()).toBe(0);
    expect(await fault.page.locator('[data-acu-theme]').first().getAttribute('data-acu-theme')).toBe('dark');
    await fault.root.getByRole('button', { name: 'Retry' }).click();
    await fault.root.getByText(/I cleared all 2 tasks/).waitFor();
    await fault.page.close();
  });
});
