import { describe, expect, it } from 'vitest';
import { safeLinkUrl, safeMediaUrl } from './safe-url.js';

describe('URL safety', () => {
  it.each([
    ['https://example.com/a?b#c', 'https://example.com/a?b#c'],
    ['http://example.com', 'http://example.com'],
    ['mailto:team@example.com', 'mailto:team@example.com'],
    ['/relative/path', '/relative/path'],
    ['#anchor', '#anchor'],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    [' java\tscript:alert(1)', null],
    ['java\u0000script:alert(1)', null],
    ['vbscript:msgbox(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['file:///etc/passwd', null],
    ['', null],
    [42, null],
  ])('link %j → %j', (url, expected) => {
    expect(safeLinkUrl(url)).toBe(expected);
  });

  it.each([
    ['https://cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
    ['blob:https://example.com/1234', 'blob:https://example.com/1234'],
    ['data:image/png;base64,AAAA', 'data:image/png;base64,AAAA'],
    ['data:audio/mpeg;base64,AAAA', 'data:audio/mpeg;base64,AAAA'],
    ['data:text/html;base64,PHNjcmlwdD4=', null],
    ['javascript:alert(1)', null],
    ['data:image/svg+xml,<svg onload=alert(1)>', 'data:image/svg+xml,<svg onload=alert(1)>'],
  ])('media %j → %j', (url, expected) => {
    // An SVG in <img> runs no script, so image data URLs of any image type are fine.
    expect(safeMediaUrl(url)).toBe(expected);
  });
});
