/**
 * Attachments in Chromium: an image by the attach button (the file chooser) and by paste, a chip each, one removed by
 * keyboard, the image shown in the user's message and the scripted agent naming it — on Genkit, AG-UI and the AI SDK
 * route; a file over the size limit says so. axe runs at each step.
 */
import { describe, expect, it } from 'vitest';
import { axeViolations, screenshot } from './browser.js';
import type { DemoPage } from './demo-page.js';
import { squash, useDemoSuite } from './demo-suite.js';
import { findChromium } from './find-chromium.mjs';
import { solidPng } from './solid-png.js';

const chromiumPath = findChromium();

// A 160×96 picture to see in the screenshots (304 bytes), and a 1×1 PNG to paste (70 bytes).
const PHOTO = { name: 'photo.png', mimeType: 'image/png', buffer: solidPng(160, 96, [56, 139, 253]) };
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Pastes an image file into the composer, as a browser does when an image is on the clipboard. */
async function pasteImage(demo: DemoPage, name: string): Promise<void> {
  await demo.composer.evaluate((field, { name, base64 }) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], name, { type: 'image/png' }));
    field.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, { name, base64: PNG_BASE64 });
}

describe.skipIf(!chromiumPath)('attachments in Chromium', () => {
  const { openDemo } = useDemoSuite(chromiumPath!, { tokenDelayMs: 2 });

  async function expectAccessible(demo: DemoPage, name: string): Promise<void> {
    await screenshot(demo.page, name);
    expect(await axeViolations(demo.page), `axe violations (${name})`).toEqual([]);
  }

  it.each([
    ['Genkit', 'genkit', ''],
    ['AG-UI', 'agui', '?protocol=agui'],
    ['the AI SDK route', 'ai-sdk', '?protocol=ai-sdk'],
  ] as const)('attach by button and by paste, remove one, send: the image shows in the message and the agent names it (%s)', async (_name, protocol, query) => {
    const demo = await openDemo(query);
    const page = demo.page;
    const chips = page.getByRole('list', { name: 'Attachments' }).getByRole('listitem');

    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Attach files' }).click()]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles([PHOTO]);
    await pasteImage(demo, 'pasted.png');
    await expect.poll(() => chips.allTextContents()).toEqual(['photo.png304 B', 'pasted.png70 B']);
    // The chip's thumbnail loaded (an object URL of the file).
    await expect.poll(() => page.locator('.acu-composer__thumbnail').first().evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(160);
    await expectAccessible(demo, `14-attachments-${protocol}-1-chips`);

    await page.getByRole('button', { name: 'Remove pasted.png' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => chips.allTextContents()).toEqual(['photo.png304 B']);
    await expect.poll(() => demo.composer.evaluate((field) => field === document.activeElement)).toBe(true);

    await demo.send('What is this?', { turns: 1 });
    await expect.poll(() => chips.count()).toBe(0);
    const sent = page.locator('article.acu-message[data-role="user"]').last();
    const image = sent.getByRole('img', { name: 'photo.png' });
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(160);
    expect(await sent.textContent()).toContain('What is this?');
    await expect.poll(async () => squash(await demo.lastModelMessage().textContent())).toContain(squash('I received one attachment: photo.png (image/png, 304 B)'));
    await expectAccessible(demo, `14-attachments-${protocol}-2-answered`);
  });

  it('the composer grows with its text up to a maximum height, and has no resize grip', async () => {
    const demo = await openDemo();
    const height = () => demo.composer.evaluate((field) => field.getBoundingClientRect().height);
    expect(await demo.composer.evaluate((field) => getComputedStyle(field).resize)).toBe('none');
    await demo.composer.fill('one line');
    const oneLine = await height();
    await demo.composer.fill('one\ntwo\nthree');
    const threeLines = await height();
    expect(threeLines).toBeGreaterThan(oneLine * 1.5);
    await demo.composer.fill(Array.from({ length: 40 }, (_, index) => `line ${index}`).join('\n'));
    const capped = await height();
    expect(capped).toBeGreaterThan(threeLines);
    expect(capped).toBeLessThan(400);
    // Past the maximum the text scrolls inside the field.
    expect(await demo.composer.evaluate((field) => field.scrollHeight > field.clientHeight)).toBe(true);
  });

  it('a file over the size limit is refused with a message, and nothing is attached', async () => {
    const demo = await openDemo();
    const page = demo.page;
    await page.locator('.acu-composer input[type="file"]').setInputFiles([{ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024) }]);
    const alert = page.locator('.acu-composer').getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('huge.png is too large: files can be up to 512 KB.');
    expect(await page.getByRole('list', { name: 'Attachments' }).count()).toBe(0);
    await expectAccessible(demo, '14-attachments-3-too-large');
    // A file that fits clears the message.
    await page.locator('.acu-composer input[type="file"]').setInputFiles([PHOTO]);
    await expect.poll(() => alert.count()).toBe(0);
  });
});
