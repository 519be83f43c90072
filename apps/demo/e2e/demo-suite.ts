import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from './browser.js';
import { DemoPage } from './demo-page.js';
import { startDemoStack, type DemoStack } from './demo-stack.js';

/** Rendered markdown drops the blank lines between paragraphs: compare texts without whitespace. */
export const squash = (text: string | null) => (text ?? '').replace(/\s+/g, '');

/** What a browser suite over the demo stack uses in its tests. */
export interface DemoSuite {
  /** The agent server and the built demo (started before the first test). */
  readonly stack: DemoStack;
  /**
   * Opens the demo's single chat (`/chat`, then `query`, e.g. `?protocol=agui`) in a new page, closed after the test;
   * `path` '' opens the demo's default page instead, its conversations, as a user of its own (no thread of another test).
   */
  openDemo(query?: string, path?: string): Promise<DemoPage>;
}

/**
 * Registers the hooks of a browser suite (call it inside `describe`): the demo stack and Chromium once for the suite,
 * one page per test, and a test fails on any error its page reported except those `expectedErrors` matches. The
 * developer tools stay open over a reload (the demo keeps the toggle in sessionStorage).
 */
export function useDemoSuite(
  chromiumPath: string,
  options: { tokenDelayMs: number; expectedErrors?: RegExp; /** Open the demo's developer tools (timeline, inspector, connection) on each page. */ developerTools?: boolean },
): DemoSuite {
  let stack: DemoStack | undefined;
  let browser: Browser | undefined;
  let current: { page: Page; errors: string[] } | null = null;
  let users = 0;

  beforeAll(async () => {
    stack = await startDemoStack({ tokenDelayMs: options.tokenDelayMs });
    browser = await launchBrowser(chromiumPath);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  afterEach(async () => {
    const errors = (current?.errors ?? []).filter((error) => !options.expectedErrors?.test(error));
    await current?.page.close();
    current = null;
    expect(errors, 'errors in the page').toEqual([]);
  });

  return {
    get stack() {
      return stack!;
    },
    async openDemo(query = '', path = 'chat') {
      current = await browser!.newPage();
      const kind = path === 'chat' ? 'chat' : 'conversations';
      const demo = await DemoPage.prepare(current.page, kind);
      // The browser profile is the suite's: each conversations page gets a user of its own (the demo's per-browser id).
      if (kind === 'conversations') await current.page.addInitScript((id) => window.localStorage.setItem('agent-chat-demo/user', id), `e2e-${++users}-${Date.now().toString(36)}`);
      await demo.open(`${stack!.url}${path}${query}`);
      // The developer tools are the single chat's.
      if (options.developerTools && kind === 'chat') await demo.openDeveloperTools();
      return demo;
    },
  };
}
