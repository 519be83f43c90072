import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';

/** Debian's Chromium, headless, in a new empty profile; nothing reaches the network but 127.0.0.1. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  /** A new tab; console errors and uncaught page errors are collected in `errors`. */
  newPage(): Promise<{ page: Page; errors: string[] }>;
  close(): Promise<void>;
}

export async function launchBrowser(executablePath: string): Promise<Browser> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'agent-chat-e2e-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 860 },
  });
  return {
    context,
    async newPage() {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      return { page, errors };
    },
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

const screenshotDir = fileURLToPath(new URL('../../../e2e-screenshots/', import.meta.url));

/** Saves a full-page screenshot as e2e-screenshots/<name>.png (git-ignored) for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Waits until every CSS transition and animation that can end has ended (e.g. colors fading after a scheme switch). */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity).map((animation) => animation.finished.catch(() => undefined))),
  );
}

/** Runs axe-core inside the page (or the part of it `selector` matches) and returns its violations (id, impact, help and the offending nodes). */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async (within) => {
    const axe = (window as unknown as { axe: { run: (context: Element | Document, options: object) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const context = within ? document.querySelector(within) : document;
    if (!context) return [`nothing matches ${within}`];
    const result = await axe.run(context, { resultTypes: ['violations'] });
    return result.violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`);
  }, selector);
  return violations;
}

/**
 * Counts the page's requests that ended cancelled (DevTools' `net::ERR_ABORTED`) through the DevTools protocol:
 * a turn whose body the client cancelled instead of reading it to its end shows up here.
 */
export async function countCancelledRequests(page: Page): Promise<{ cancelled: string[]; session: CDPSession }> {
  const session = await page.context().newCDPSession(page);
  const urls = new Map<string, string>();
  const cancelled: string[] = [];
  session.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
  session.on('Network.loadingFailed', (event) => {
    if (event.canceled || event.errorText === 'net::ERR_ABORTED') cancelled.push(urls.get(event.requestId) ?? event.requestId);
  });
  await session.send('Network.enable');
  return { cancelled, session };
}
