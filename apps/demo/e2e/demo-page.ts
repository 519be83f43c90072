import type { Locator, Page } from 'playwright-core';

/**
 * The demo's two pages: its single chat (`/chat`, with the developer tools' snapshot timeline) and its landing page,
 * the conversations (`/c/<id>`, a thread list beside the chat).
 */
export type DemoPageKind = 'chat' | 'conversations';

/** The journeys that run on both pages: a label, and the path `openDemo` takes (`chat`, or '' for the landing page). */
export const DEMO_PAGES = [['/chat', 'chat'], ['the landing page (/c/<id>)', '']] as const;

/**
 * Counts, in the page, the turns that ended since it loaded: the composer going from `thinking` back to another state
 * (the conversations page has no snapshot timeline to count them on). Runs before the page's own scripts.
 */
function countTurnEnds(): void {
  const counter = window as unknown as { __turnEnds: number };
  counter.__turnEnds = 0;
  let thinking = false;
  const observe = () => {
    const now = document.querySelector('form.acu-composer')?.getAttribute('data-state') === 'thinking';
    if (thinking && !now) counter.__turnEnds++;
    thinking = now;
  };
  new MutationObserver(observe).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
}

/** The demo as a user sees it: roles and accessible names first, a few data attributes for message rows. */
export class DemoPage {
  constructor(readonly page: Page, readonly kind: DemoPageKind = 'chat') {}

  /** Prepares a page for the conversations page's journeys: its turn counter (see {@link DemoPage.waitForTurns}). */
  static async prepare(page: Page, kind: DemoPageKind): Promise<DemoPage> {
    if (kind === 'conversations') await page.addInitScript(countTurnEnds);
    return new DemoPage(page, kind);
  }

  get composer(): Locator {
    return this.page.getByRole('textbox', { name: /message/i });
  }
  get sendButton(): Locator {
    return this.page.getByRole('button', { name: /^send/i });
  }
  get stopButton(): Locator {
    return this.page.getByRole('button', { name: /^stop/i });
  }
  get tasks(): Locator {
    return this.page.getByRole('region', { name: 'Tasks' }).getByRole('listitem');
  }
  get timeline(): Locator {
    return this.page.getByRole('region', { name: 'Snapshot timeline' }).getByRole('listitem');
  }
  get dialog(): Locator {
    return this.page.getByRole('alertdialog');
  }
  /** The answer controls of an interrupt, asked inline in the conversation. */
  get interruptAnswers(): Locator {
    return this.page.getByRole('main').getByRole('group', { name: /^Answer / });
  }
  get errorAlert(): Locator {
    return this.page.getByRole('main').getByRole('alert');
  }
  get artifacts(): Locator {
    return this.page.getByRole('region', { name: /artifact/i });
  }
  get inspector(): Locator {
    return this.page.getByRole('region', { name: /turn inspector/i });
  }
  /** The conversation's message rows. */
  get messages(): Locator {
    return this.page.locator(MESSAGE_SELECTOR);
  }
  get modelMessages(): Locator {
    return this.page.locator(MODEL_MESSAGE_SELECTOR);
  }
  /** The text of the newest model message (its body, without the author label). */
  lastModelMessage(): Locator {
    return this.page.locator(`${MODEL_MESSAGE_SELECTOR} ${MESSAGE_BODY_SELECTOR}`).last();
  }

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.composer.waitFor();
  }

  /** Opens the developer tools (connection, Save recording, turn inspector, snapshot timeline), collapsed at first. */
  async openDeveloperTools(): Promise<void> {
    const toggle = this.page.getByRole('button', { name: 'Developer tools' });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await this.inspector.waitFor();
  }

  /** Types a message and sends it; with `turns`, waits until that many turns are on the timeline. */
  async send(text: string, options: { turns?: number } = {}): Promise<void> {
    await this.composer.fill(text);
    await this.sendButton.click();
    if (options.turns !== undefined) await this.waitForTurns(options.turns);
  }

  /**
   * Waits until `count` turns are done: on the single chat, entries of the snapshot timeline (restored ones included);
   * on the conversations page, turns that ended since the page loaded.
   */
  async waitForTurns(count: number): Promise<void> {
    if (this.kind === 'conversations') {
      await this.page.waitForFunction((count) => (window as unknown as { __turnEnds: number }).__turnEnds >= count, count, { timeout: 30_000 });
      // The composer is free again for the next message.
      await this.sendButton.waitFor();
      return;
    }
    await this.page.waitForFunction(
      ({ count, selector }) => document.querySelectorAll(selector).length === count,
      { count, selector: TIMELINE_ITEM_SELECTOR },
      { timeout: 30_000 },
    );
  }

  async taskTitles(): Promise<string[]> {
    return this.page.getByRole('region', { name: 'Tasks' }).locator('.task-title').allTextContents();
  }

  async conversationText(): Promise<string> {
    return (await this.page.getByRole('main').textContent()) ?? '';
  }

  /**
   * Records every distinct text the last model message shows, from now on, into `window.__renders`
   * (a MutationObserver sees each committed DOM change).
   */
  async recordModelRenders(): Promise<void> {
    await this.page.evaluate((selector) => {
      const renders: string[] = [];
      (window as unknown as { __renders: string[] }).__renders = renders;
      const record = () => {
        const rows = document.querySelectorAll(selector);
        const text = rows[rows.length - 1]?.textContent ?? '';
        if (renders[renders.length - 1] !== text) renders.push(text);
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, `${MODEL_MESSAGE_SELECTOR} ${MESSAGE_BODY_SELECTOR}`);
  }

  /**
   * Records how many turns the timeline showed at the moment a task titled `title` first appears (the timeline gains
   * its entry in `onTurnEnd`, so 0 on the first turn means the patch arrived while the turn was still running).
   */
  async recordTurnsWhenTaskAppears(title: string): Promise<void> {
    await this.page.evaluate(
      ({ title, timelineItems }) => {
        const observer = new MutationObserver(() => {
          const titles = [...document.querySelectorAll('.task-title')].map((node) => node.textContent);
          if (!titles.includes(title)) return;
          (window as unknown as { __turnsWhenTaskSeen: number }).__turnsWhenTaskSeen = document.querySelectorAll(timelineItems).length;
          observer.disconnect();
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      },
      { title, timelineItems: TIMELINE_ITEM_SELECTOR },
    );
  }

  async turnsWhenTaskAppeared(): Promise<number | undefined> {
    return this.page.evaluate(() => (window as unknown as { __turnsWhenTaskSeen?: number }).__turnsWhenTaskSeen);
  }

  async recordedRenders(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { __renders: string[] }).__renders);
  }
}

// @agent-chat/ui's message rows: one <article> per message, its role and status as data attributes.
const MESSAGE_SELECTOR = 'article.acu-message';
const MODEL_MESSAGE_SELECTOR = 'article.acu-message[data-role="model"]';
const MESSAGE_BODY_SELECTOR = '.acu-message__body';
// The demo's snapshot timeline: one <li> per finished turn.
const TIMELINE_ITEM_SELECTOR = '[aria-labelledby="timeline-heading"] > li';
