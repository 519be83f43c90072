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

/**
 * Waits until no CSS transition or animation that can end is running (e.g. colours fading after a scheme switch),
 * looking again after each wait and after a frame: a transition replaced mid-way (an artifact's highlight ending during a
 * theme fade) is cancelled, which settles the promise awaited while its successor starts from the half-way value.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const running = () => document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
    for (let round = 0; round < 100; round++) {
      const now = running();
      if (now.length === 0) {
        // A style change already queued (a React commit, a timer's state change) starts its transitions by the next frame.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        if (running().length === 0) return;
        continue;
      }
      await Promise.all(now.map((animation) => animation.finished.catch(() => undefined)));
    }
    throw new Error('CSS animations kept starting: the page never settled');
  });
}

/** The WCAG contrast ratio of `text`'s colour on `panel`'s background colour, read from their computed styles now (both must be opaque). */
export async function contrastNow(page: Page, text: string, panel: string): Promise<number> {
  return page.evaluate(
    ({ text, panel }) => {
      const channels = (colour: string) => {
        const rgb = /^rgba?\((\d+), (\d+), (\d+)\)$/.exec(colour);
        if (rgb) return rgb.slice(1, 4).map((value) => Number(value) / 255);
        const srgb = /^color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)\)$/.exec(colour);
        if (srgb) return srgb.slice(1, 4).map(Number);
        throw new Error(`an opaque sRGB colour was expected, not ${colour}`);
      };
      const luminance = (colour: string) => {
        const [r, g, b] = channels(colour).map((value) => (value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4)) as [number, number, number];
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const style = (selector: string) => {
        const element = document.querySelector(selector);
        if (!element) throw new Error(`nothing matches ${selector}`);
        return getComputedStyle(element);
      };
      const [lighter, darker] = [luminance(style(text).color), luminance(style(panel).backgroundColor)].sort((a, b) => b - a) as [number, number];
      return (lighter + 0.05) / (darker + 0.05);
    },
    { text, panel },
  );
}

/** Runs axe-core inside the page (or the part of it `selector` matches), once its transitions have ended, and returns its violations (id, impact, help and the offending nodes). */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  // What is judged is the state the page settles in, not a frame of a fade (after a scheme switch or a re-render).
  await settleAnimations(page);
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

/**
 * The demo's header as a phone shows it: the title, whether it is cut, the visible controls' labels (those matching
 * `controls` inside `.app-header`) and the smallest of their widths and heights.
 */
export function phoneHeader(page: Page, controls: string): Promise<{ title: string | null; cut: boolean; controls: string[]; smallest: number }> {
  return page.evaluate((selector) => {
    const title = document.querySelector<HTMLElement>('.app-header h1')!;
    const shown = [...document.querySelectorAll<HTMLElement>(`.app-header ${selector}`)].filter((element) => element.checkVisibility());
    return {
      title: title.textContent,
      cut: title.scrollWidth > title.clientWidth,
      controls: shown.map((element) => element.textContent!.trim()),
      smallest: Math.min(...shown.flatMap((element) => [element.getBoundingClientRect().width, element.getBoundingClientRect().height])),
    };
  }, controls);
}
