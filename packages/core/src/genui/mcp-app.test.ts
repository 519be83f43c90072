import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MCP_APP_MIME_TYPE, isMcpAppOutput, mcpAppCspPolicy, mcpAppDocument, readMcpApp } from './index.js';

const html = '<!doctype html><html><body><div id="chart"></div><script>/* app */</script></body></html>';
const resource = (extra: Record<string, unknown> = {}) => ({
  type: 'resource',
  resource: { uri: 'ui://tasks/chart.html', mimeType: MCP_APP_MIME_TYPE, text: html, ...extra },
});
const result = (content: unknown[], meta: Record<string, unknown> | null = { ui: { resourceUri: 'ui://tasks/chart.html' } }) => ({
  content: [{ type: 'text', text: '3 tasks' }, ...content],
  structuredContent: { tasks: [1, 2, 3] },
  ...(meta ? { _meta: meta } : {}),
});

describe('MCP Apps in tool results', () => {
  it('a result naming a ui:// resource it carries is an app: its HTML, declared domains and the result without the HTML', () => {
    const view = readMcpApp(result([resource({ _meta: { ui: { csp: { connectDomains: ['https://api.example.com'] }, prefersBorder: true } } })]));
    expect(view).toEqual({
      resourceUri: 'ui://tasks/chart.html',
      html,
      csp: { connectDomains: ['https://api.example.com'] },
      prefersBorder: true,
      result: { content: [{ type: 'text', text: '3 tasks' }], structuredContent: { tasks: [1, 2, 3] }, _meta: { ui: { resourceUri: 'ui://tasks/chart.html' } } },
    });
    // Without `_meta.ui.resourceUri`, the embedded ui:// resource names itself; a base64 blob is read as UTF-8.
    const blob = readMcpApp(result([{ type: 'resource', resource: { uri: 'ui://x', mimeType: 'text/html; profile=mcp-app', blob: Buffer.from('<p>é</p>').toString('base64') } }], null));
    expect(blob).toMatchObject({ resourceUri: 'ui://x', html: '<p>é</p>', csp: {} });
  });

  it('plain results are not apps; broken apps are typed errors', () => {
    expect(readMcpApp({ content: [{ type: 'text', text: 'hi' }] })).toBeUndefined();
    expect(readMcpApp('text')).toBeUndefined();
    expect(isMcpAppOutput({ _meta: { ui: { resourceUri: 'https://evil.example/app.html' } } })).toBe(false);
    expect(readMcpApp(result([]))).toMatchObject({ code: 'not-an-app' });
    expect(readMcpApp(result([resource({ mimeType: 'text/html' })]))).toMatchObject({ code: 'not-an-app' });
    expect(readMcpApp(result([resource({ text: undefined })]))).toMatchObject({ code: 'not-an-app' });
    expect(readMcpApp(result([resource()]), { maxHtmlBytes: 10 })).toMatchObject({ code: 'too-large' });
  });

  it('the policy: nothing from the network by default; declared origins open their directives', () => {
    expect(mcpAppCspPolicy({})).toBe([
      "default-src 'none'", "script-src 'self' 'unsafe-inline'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:",
      "font-src 'self'", "media-src 'self' data:", "connect-src 'none'", "frame-src 'none'", "base-uri 'none'", "object-src 'none'",
      "form-action 'none'",
    ].join('; '));
    const policy = mcpAppCspPolicy({ connectDomains: ['https://api.example.com', 'wss://live.example.com'], resourceDomains: ['https://*.cdn.example.com'] });
    expect(policy).toContain("connect-src https://api.example.com wss://live.example.com;");
    expect(policy).toContain("img-src 'self' data: https://*.cdn.example.com;");
    expect(policy).toContain("frame-src 'none'");
  });

  it('property: no declared domain can add, end or widen a directive', () => {
    fc.assert(fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom("https://a.com; script-src *", "* 'unsafe-eval'", 'http://plain.example', 'https://ok.example:8443', 'javascript:alert(1)', 'data:'))), (domains) => {
      const policy = mcpAppCspPolicy({ connectDomains: domains, resourceDomains: domains, frameDomains: domains, baseUriDomains: domains });
      expect(policy.split('; ')).toHaveLength(11);
      expect(policy).not.toMatch(/unsafe-eval|\*\s|http:|javascript:|data:[^;]*data:/);
    }));
  });

  it('the document puts the policy first, escaped for its attribute', () => {
    const document = mcpAppDocument({ html, csp: { connectDomains: ['https://api.example.com'] } });
    expect(document.startsWith('<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src \'none\'; ')).toBe(true);
    expect(document).toContain('<html><body><div id="chart">');
    expect(document.match(/<!doctype/gi)).toHaveLength(1);
  });
});
