import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from './markdown.js';

afterEach(cleanup);

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
});
