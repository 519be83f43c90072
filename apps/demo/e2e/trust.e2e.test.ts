/**
 * A conversation you can trust, in Chromium (issue 24, items 4, 5, 6, 8, 9): interrupts answered inline without
 * taking the page hostage; one answer drawn as one row; one error notice per failed turn; the thinking indicator where
 * the answer will appear and no sideways shift when the first artifact arrives; and on a phone (390×844, touch), no
 * overlapping header controls, actions on the last answer and on tap with 44 px targets, chips on one scrolling line,
 * the inline editor inside the message column, and one marker per task item of the report.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, phoneHeader } from './browser.js';
import { DEMO_PAGES } from './demo-page.js';
import { useDemoSuite } from './demo-suite.js';
import { findChromium } from './find-chromium.mjs';
import { solidPng } from './solid-png.js';

const chromiumPath = findChromium();

interface Box { left: number; top: number; right: number; bottom: number; width: number; height: number }

const boxOf = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const { left, top, right, bottom, width, height } = document.querySelector(selector)!.getBoundingClientRect();
    return { left, top, right, bottom, width, height };
  }, selector) as Promise<Box>;

/**
 * The last answer as the reader sees it: one article (every model message after the last user message), its messages
 * the article's segments, each measured by the boxes of what it shows.
 */
const lastAnswer = (page: Page) =>
  page.evaluate(() => {
    const articles = [...document.querySelectorAll<HTMLElement>('article.acu-message')];
    const lastUser = articles.map((article) => article.dataset.role).lastIndexOf('user');
    const answers = articles.slice(lastUser + 1);
    const user = articles[lastUser]!.getBoundingClientRect();
    const rows = answers.flatMap((answer) => [...answer.querySelectorAll<HTMLElement>(':scope > .acu-message__segment')]);
    // A segment has no box of its own (display: contents): the union of its children's.
    const boxes = rows.map((row) => {
      const children = [...row.children].map((child) => child.getBoundingClientRect()).filter((box) => box.height > 0);
      return { top: Math.min(...children.map((box) => box.top)), bottom: Math.max(...children.map((box) => box.bottom)) };
    });
    return {
      articles: answers.length,
      rows: rows.length,
      headings: answers.map((answer) => answer.querySelectorAll(':scope > .acu-message__author').length),
      labelled: answers.every((answer) => answer.getAttribute('aria-labelledby') === answer.querySelector(':scope > h2')?.id),
      versionSwitchers: rows.map((row) => row.querySelectorAll('[data-action="previous"]').length),
      regenerate: rows.map((row) => row.querySelectorAll('[data-action="regenerate"]').length),
      // Space between the parts of the answer, and between the question and the answer.
      inside: boxes.slice(1).map((box, index) => Math.round(box.top - boxes[index]!.bottom)),
      between: Math.round(boxes[0]!.top - user.bottom),
    };
  });

describe.skipIf(!chromiumPath)('a conversation you can trust, in Chromium', () => {
  const { openDemo } = useDemoSuite(chromiumPath!, { tokenDelayMs: 8 });

  it('4. an interrupt asks inline: focus on its answer, the page usable around it, one set of answer controls', async () => {
    const demo = await openDemo();
    await demo.send('add Keep me', { turns: 1 });
    await demo.send('clear', { turns: 2 });
    const answers = demo.page.getByRole('main').getByRole('group', { name: 'Answer Confirm clear all' });
    await answers.waitFor();
    // In the conversation, under the agent's question; no modal dialog over the page.
    expect(await demo.page.getByRole('alertdialog').count()).toBe(0);
    expect(await demo.conversationText()).toContain('Clear all tasks? This cannot be undone.');
    await expect.poll(() => answers.evaluate((group) => group.contains(document.activeElement))).toBe(true);
    // One set of answer controls on the page.
    expect(await demo.page.getByRole('button', { name: 'Clear all tasks' }).count()).toBe(1);
    // Nothing covers or disables the rest of the page: the conversation scrolls, the header's controls take clicks.
    const reachable = await demo.page.evaluate(() => {
      const hit = (element: Element) => {
        const box = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
      };
      const list = document.querySelector('.acu-message-list')!;
      const newChat = [...document.querySelectorAll('button')].find((button) => button.textContent?.includes('New chat'))!;
      return { inert: document.querySelector('[inert], dialog[open]') !== null, list: hit(list), newChat: hit(newChat) };
    });
    expect(reachable).toEqual({ inert: false, list: true, newChat: true });
    expect(await axeViolations(demo.page)).toEqual([]);
    await answers.getByRole('button', { name: 'Cancel' }).click();
    await demo.waitForTurns(3);
    expect(await demo.conversationText()).toContain('Okay, nothing was cleared. Your tasks are still there.');
    expect(await demo.taskTitles()).toEqual(['Keep me']);
    expect(await answers.count()).toBe(0);
  });

  it('5. one answer is one row: one author mark, its versions and actions at its end, parts spaced as one message', async () => {
    const demo = await openDemo();
    await demo.send('add Write docs', { turns: 1 });
    await demo.send('report', { turns: 2 });
    await demo.page.locator('article.acu-message', { hasText: 'report' }).last().waitFor();
    await demo.modelMessages.last().getByRole('button', { name: 'Regenerate answer' }).click();
    await demo.waitForTurns(3);
    await expect.poll(async () => demo.page.getByRole('group', { name: 'Version 2 of 2' }).count()).toBe(1);
    const answer = await lastAnswer(demo.page);
    // One answer, one article with one heading that labels it; its messages (tool card, text) inside it, in order.
    expect(answer.articles).toBe(1);
    expect(answer.headings).toEqual([1]);
    expect(answer.labelled).toBe(true);
    expect(answer.rows).toBeGreaterThan(1);
    // The switcher and Regenerate once, both on the answer's last row (after the tool card and the text).
    const last = answer.rows - 1;
    expect(answer.versionSwitchers).toEqual(answer.versionSwitchers.map((_, index) => (index === last ? 1 : 0)));
    expect(answer.regenerate).toEqual(answer.regenerate.map((_, index) => (index === last ? 1 : 0)));
    // The parts of one answer sit closer together than the question and its answer, all at one spacing.
    for (const gap of answer.inside) expect(gap).toBeLessThan(answer.between);
    expect(new Set(answer.inside).size).toBe(1);
    // The switcher still switches: back to version 1, whose own last row carries it.
    await demo.page.getByRole('group', { name: 'Version 2 of 2' }).getByRole('button', { name: 'Previous version' }).click();
    await expect.poll(async () => demo.page.getByRole('group', { name: 'Version 1 of 2' }).count()).toBe(1);
    expect((await lastAnswer(demo.page)).headings).toEqual([1]);
  });

  it('5. Copy on an answer of several messages copies the whole answer: the text before its tool card and the final text', async () => {
    const demo = await openDemo();
    // What the page writes to the clipboard (headless Chromium grants no clipboard without a user's permission).
    await demo.page.evaluate(() => {
      const written: string[] = [];
      (window as unknown as { __copied: string[] }).__copied = written;
      navigator.clipboard.writeText = (text: string) => (written.push(text), Promise.resolve());
    });
    await demo.send('add Write docs', { turns: 1 });
    // "narrate report": the model says what it does, calls writeReport, then answers: one answer of three messages.
    await demo.send('narrate report', { turns: 2 });
    await expect.poll(() => demo.conversationText()).toContain('I wrote report.md');
    const answer = await lastAnswer(demo.page);
    expect(answer.rows).toBeGreaterThan(1);
    await demo.modelMessages.last().getByRole('button', { name: 'Copy message' }).click();
    await expect.poll(() => demo.page.evaluate(() => (window as unknown as { __copied: string[] }).__copied))
      .toEqual(["Writing the report of your tasks now.\n\nI wrote report.md with 1 task. You'll find it with the artifacts."]);
    await expect.poll(() => demo.modelMessages.last().getByRole('button', { name: 'Copied' }).count()).toBe(1);
  });

  it.each(DEMO_PAGES)('6. a failed turn shows one error notice, why it failed, with Retry beside it (%s)', async (_page, path) => {
    const demo = await openDemo('', path);
    await demo.send('fail', { turns: 1 });
    const notice = demo.errorAlert;
    await expect.poll(() => notice.count()).toBe(1);
    expect(await notice.textContent()).toContain('failed on purpose');
    // No second telling of the same news: one "incomplete" note, no banner.
    expect((await demo.conversationText()).match(/incomplete/g)).toHaveLength(1);
    expect(await demo.page.locator('.acu-message-list__error').count()).toBe(0);
    // Retry sits beside the notice, on the failed reply.
    const footer = demo.page.locator('article.acu-message[data-state="failed"] .acu-message__footer');
    expect(await footer.getByRole('alert').count()).toBe(1);
    expect(await footer.getByRole('button', { name: 'Retry' }).count()).toBe(1);
    expect(await axeViolations(demo.page)).toEqual([]);
  });

  it('8. the thinking indicator shows under the question; the first artifact moves nothing sideways, and the panel stays', async () => {
    const demo = await openDemo();
    await demo.page.setViewportSize({ width: 1280, height: 800 });
    // Where the indicator first says "Thinking…", measured at that moment, against the question just sent.
    await demo.page.evaluate(() => {
      const observer = new MutationObserver(() => {
        const indicator = document.querySelector('.acu-thinking[data-state="thinking"]');
        const questions = document.querySelectorAll('article.acu-message[data-role="user"]');
        const question = questions[questions.length - 1];
        if (!indicator || !question) return;
        (window as unknown as { __thinkingGap: number }).__thinkingGap = indicator.getBoundingClientRect().top - question.getBoundingClientRect().bottom;
        observer.disconnect();
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await demo.send('add Buy milk', { turns: 1 });
    const gap = await demo.page.evaluate(() => (window as unknown as { __thinkingGap?: number }).__thinkingGap);
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThan(64);

    // The conversation's column and rows, before and after the first artifact: no sideways move or resize over 4 px.
    const columns = () => demo.page.evaluate(() =>
      // The column, the first question and its answer (one article each), the composer.
      [document.querySelector('.acu-message-list__content')!, ...[...document.querySelectorAll('article.acu-message')].slice(0, 2), document.querySelector('.acu-composer')!]
        .map((element) => { const box = element.getBoundingClientRect(); return { left: Math.round(box.left), width: Math.round(box.width) }; }));
    const before = await columns();
    await demo.send('report', { turns: 2 });
    await expect.poll(async () => demo.artifacts.textContent()).toContain('report.md');
    const after = await columns();
    after.forEach((box, index) => {
      expect(Math.abs(box.left - before[index]!.left), `element ${index} moved`).toBeLessThanOrEqual(4);
      expect(Math.abs(box.width - before[index]!.width), `element ${index} resized`).toBeLessThanOrEqual(4);
    });
    // A new conversation without artifacts keeps the panel and the conversation's width.
    await demo.page.getByRole('button', { name: 'New chat' }).click();
    await expect.poll(() => demo.messages.count()).toBe(0);
    expect(await demo.artifacts.isVisible()).toBe(true);
    await demo.send('add Walk the dog', { turns: 1 });
    const column = await boxOf(demo.page, '.acu-message-list__content');
    expect(Math.abs(column.left - before[0]!.left)).toBeLessThanOrEqual(4);
    expect(Math.abs(column.width - before[0]!.width)).toBeLessThanOrEqual(4);
  });

  describe('9. on a phone (390×844, touch)', () => {
    /** A phone: its size, and touch instead of a mouse (no hover, a coarse pointer). */
    async function openPhone(path: string = 'chat') {
      const demo = await openDemo('', path);
      await demo.page.setViewportSize({ width: 390, height: 844 });
      const cdp = await demo.page.context().newCDPSession(demo.page);
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
      expect(await demo.page.evaluate(() => matchMedia('(hover: none) and (pointer: coarse)').matches)).toBe(true);
      return demo;
    }

    it('the header: the product\'s name whole, beside the conversations, a new chat and a menu, 44 px each, none overlapping it', async () => {
      const demo = await openPhone();
      const header = await phoneHeader(demo.page, ':is(button, a)');
      expect(header).toEqual({ title: 'Task assistant', cut: false, controls: ['Conversations', 'New chat', 'More'], smallest: expect.any(Number) });
      expect(header.smallest).toBeGreaterThanOrEqual(44);
      const overlaps = await demo.page.evaluate(() => {
        const title = document.querySelector('.app-header h1')!.getBoundingClientRect();
        return [...document.querySelectorAll('.app-toolbar button')].map((button) => {
          const box = button.getBoundingClientRect();
          return Math.max(0, Math.min(title.right, box.right) - Math.max(title.left, box.left)) * (Math.min(title.bottom, box.bottom) > Math.max(title.top, box.top) ? 1 : 0);
        });
      });
      expect(overlaps.every((overlap) => overlap === 0), `overlaps ${overlaps.join(', ')}`).toBe(true);
    });

    it.each(DEMO_PAGES)('actions show on the last answer and on a tap, with 44 px targets; the inline editor stays in the column (%s)', async (_page, path) => {
      const demo = await openPhone(path);
      await demo.send('add Buy milk', { turns: 1 });
      await demo.send('add Walk the dog', { turns: 2 });
      // The end of each answer carries its actions (the tool card above it has none).
      const firstAnswer = demo.page.locator('article.acu-message[data-role="model"]', { hasText: 'Added “Buy milk”' });
      const lastAnswer = demo.modelMessages.last();
      const copy = (row: typeof firstAnswer) => row.getByRole('button', { name: 'Copy message' });
      await expect.poll(() => copy(lastAnswer).isVisible()).toBe(true);
      expect(await copy(firstAnswer).isVisible()).toBe(false);
      const target = await copy(lastAnswer).boundingBox();
      expect(target!.width).toBeGreaterThanOrEqual(44);
      expect(target!.height).toBeGreaterThanOrEqual(44);
      // A tap on an earlier answer shows its actions.
      await firstAnswer.locator('.acu-message__body').last().click();
      await expect.poll(() => copy(firstAnswer).isVisible()).toBe(true);
      // Edit the first question inline: the editor fits the message column.
      const question = demo.page.locator('article.acu-message[data-role="user"]').first();
      await question.locator('.acu-message__body').click();
      await question.getByRole('button', { name: 'Edit message' }).click();
      const editor = await boxOf(demo.page, '.acu-message-editor');
      const column = await boxOf(demo.page, '.acu-message-list__content');
      expect(editor.left).toBeGreaterThanOrEqual(column.left - 0.5);
      expect(editor.right).toBeLessThanOrEqual(column.right + 0.5);
      expect(await axeViolations(demo.page)).toEqual([]);
    });

    it('"Jump to latest" takes its own room between the conversation and the composer: it covers no control', async () => {
      const demo = await openPhone();
      await demo.send('tell me a long story', { turns: 1 });
      await demo.send('add Buy milk', { turns: 2 });
      const list = demo.page.locator('.acu-message-list');
      await list.evaluate((element) => element.scrollTo({ top: 0 }));
      const jump = demo.page.getByRole('button', { name: 'Jump to latest' });
      await jump.waitFor();
      const [button, conversation, composer] = await Promise.all([jump.boundingBox(), list.boundingBox(), demo.page.locator('.acu-composer').boundingBox()]);
      // Below the conversation's viewport and above the composer: nothing of either lies under it.
      expect(button!.y).toBeGreaterThanOrEqual(conversation!.y + conversation!.height - 0.5);
      expect(button!.y + button!.height).toBeLessThanOrEqual(composer!.y + 0.5);
      await jump.click();
      await jump.waitFor({ state: 'hidden' });
      expect(await list.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight)).toBeLessThan(4);
    });

    it('a sent image is a thumbnail that opens full size', async () => {
      const demo = await openPhone();
      await demo.page.locator('.acu-composer input[type="file"]').setInputFiles([{ name: 'photo.png', mimeType: 'image/png', buffer: solidPng(320, 200, [56, 139, 253]) }]);
      await demo.send('What is this?', { turns: 1 });
      const thumbnail = demo.page.getByRole('button', { name: 'Open photo.png full size' });
      await thumbnail.waitFor();
      const box = await thumbnail.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(240);
      await thumbnail.click();
      const viewer = demo.page.getByRole('dialog', { name: 'photo.png' });
      await viewer.waitFor();
      const full = viewer.getByRole('img', { name: 'photo.png' });
      await expect.poll(() => full.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(320);
      expect((await full.boundingBox())!.width).toBeGreaterThan(box!.width);
      expect(await axeViolations(demo.page)).toEqual([]);
      await demo.page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'hidden' });
      await expect.poll(() => thumbnail.evaluate((button) => button === document.activeElement)).toBe(true);
    });

    it('attachment chips sit on one line that scrolls sideways', async () => {
      const demo = await openPhone();
      const files = ['quarterly-report-final.txt', 'meeting-notes-december.txt', 'shopping-list-for-weekend.txt'].map((name) => ({
        name, mimeType: 'text/plain', buffer: Buffer.from(`contents of ${name}`),
      }));
      await demo.page.locator('.acu-composer input[type="file"]').setInputFiles(files);
      const chips = demo.page.getByRole('list', { name: 'Attachments' }).getByRole('listitem');
      await expect.poll(() => chips.count()).toBe(3);
      const tops = await chips.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(1);
      const list = demo.page.getByRole('list', { name: 'Attachments' });
      expect(await list.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      expect(await demo.page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
    });

    it('the report artifact\'s task items show one marker each', async () => {
      const demo = await openPhone();
      await demo.send('add Write docs', { turns: 1 });
      await demo.send('report', { turns: 2 });
      await demo.page.getByRole('button', { name: 'More' }).click();
      await demo.page.getByRole('group', { name: 'More' }).getByRole('button', { name: /^artifacts/i }).click();
      await expect.poll(() => demo.artifacts.textContent()).toContain('report.md');
      const markers = await demo.page.evaluate(() =>
        [...document.querySelectorAll('.acu-artifacts li')].filter((item) => item.querySelector('.acu-markdown__checkbox')).map((item) => getComputedStyle(item).listStyleType));
      expect(markers.length).toBeGreaterThan(0);
      expect(markers.every((marker) => marker === 'none'), markers.join(', ')).toBe(true);
    });
  });
});
