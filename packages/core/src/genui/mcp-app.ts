// MCP Apps (modelcontextprotocol/ext-apps, spec 2026-01-26): a tool result that names a `ui://` resource, read from
// the tool output whatever protocol carried it, and the Content-Security-Policy the spec builds from its declared domains.
import { isRecord, stringOr } from '../util/guards.js';
import { genUiError, type GenUiError } from './genui-error.js';

/** The MIME type of an MCP App's HTML resource. */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** The domains an app declares in its resource's `_meta.ui.csp`; each list widens one part of the default policy. */
export interface McpAppCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** An app to show for a tool result: its HTML, the policy it gets, and the result to hand it. */
export interface McpAppView {
  resourceUri: string;
  html: string;
  csp: McpAppCsp;
  prefersBorder?: boolean;
  /** The tool result without the app's HTML resource (sent to the app as `ui/notifications/tool-result`). */
  result: { content: unknown[]; structuredContent?: unknown; isError?: boolean; _meta?: Record<string, unknown> };
}

/** Bounds on an app's resource (default: 512 kB of HTML). */
export interface McpAppLimits {
  maxHtmlBytes?: number;
}

const DEFAULT_MAX_HTML = 512 * 1024;

/** The `ui://` resource a tool result (or a tool's `_meta`) names: `_meta.ui.resourceUri`, or the older `_meta['ui/resourceUri']`. */
export function mcpAppResourceUri(meta: unknown): string | undefined {
  if (!isRecord(meta)) return undefined;
  const uri = isRecord(meta.ui) ? stringOr(meta.ui.resourceUri) : stringOr(meta['ui/resourceUri']);
  return uri?.startsWith('ui://') ? uri : undefined;
}

function embeddedResource(item: unknown): Record<string, unknown> | undefined {
  return isRecord(item) && item.type === 'resource' && isRecord(item.resource) ? item.resource : undefined;
}

/** True for a tool output that is an MCP App's (it names a `ui://` resource): {@link readMcpApp} tells whether it is a valid one. */
export function isMcpAppOutput(output: unknown): boolean {
  if (!isRecord(output)) return false;
  if (mcpAppResourceUri(output._meta)) return true;
  return Array.isArray(output.content) && output.content.some((item) => stringOr(embeddedResource(item)?.uri)?.startsWith('ui://') === true);
}

function domainsOf(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((domain): domain is string => typeof domain === 'string') : undefined;
}

/**
 * The app a tool output (an MCP `CallToolResult`: `{content, structuredContent?, _meta?}`) shows, with its HTML embedded
 * as a `resource` content item; undefined when the output names no `ui://` resource; a typed error when it names one
 * that cannot be shown (missing, wrong MIME type, too large).
 */
export function readMcpApp(output: unknown, limits: McpAppLimits = {}): McpAppView | GenUiError | undefined {
  if (!isMcpAppOutput(output) || !isRecord(output)) return undefined;
  const content = Array.isArray(output.content) ? (output.content as unknown[]) : [];
  const named = mcpAppResourceUri(output._meta);
  const index = content.findIndex((item) => {
    const uri = stringOr(embeddedResource(item)?.uri);
    return named === undefined ? uri?.startsWith('ui://') === true : uri === named;
  });
  const resource = index < 0 ? undefined : embeddedResource(content[index]);
  const resourceUri = named ?? stringOr(resource?.uri) ?? '';
  if (!resource) return genUiError('not-an-app', `The tool result names ${resourceUri} but does not carry it.`);
  const mimeType = stringOr(resource.mimeType) ?? '';
  if (mimeType.replace(/\s/g, '').toLowerCase() !== MCP_APP_MIME_TYPE) return genUiError('not-an-app', `${resourceUri} is ${mimeType || 'untyped'}, not ${MCP_APP_MIME_TYPE}.`);
  const html = typeof resource.text === 'string' ? resource.text : typeof resource.blob === 'string' ? decodeBase64(resource.blob) : undefined;
  if (html === undefined) return genUiError('not-an-app', `${resourceUri} has no HTML.`);
  const maxBytes = limits.maxHtmlBytes ?? DEFAULT_MAX_HTML;
  if (html.length > maxBytes) return genUiError('too-large', `${resourceUri} is larger than ${maxBytes} bytes.`);
  const ui = isRecord(resource._meta) && isRecord(resource._meta.ui) ? resource._meta.ui : {};
  const declared = isRecord(ui.csp) ? ui.csp : {};
  const csp: McpAppCsp = {};
  for (const key of ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const) {
    const domains = domainsOf(declared[key]);
    if (domains) csp[key] = domains;
  }
  const rest = content.filter((_, position) => position !== index);
  return {
    resourceUri,
    html,
    csp,
    ...(typeof ui.prefersBorder === 'boolean' ? { prefersBorder: ui.prefersBorder } : {}),
    result: {
      content: rest,
      ...('structuredContent' in output ? { structuredContent: output.structuredContent } : {}),
      ...(output.isError === true ? { isError: true } : {}),
      ...(isRecord(output._meta) ? { _meta: output._meta } : {}),
    },
  };
}

function decodeBase64(blob: string): string | undefined {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(blob), (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

// A source expression the policy may name: a scheme and host (a `*.` wildcard first), an optional port, nothing that
// could end the directive or add another (`;`, `,`, quotes, spaces).
const SOURCE = /^(?:https|wss):\/\/(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/i;

/** The declared domains a policy may use; anything else is dropped (so a hostile list cannot inject a directive). */
export function safeSources(domains: readonly string[] | undefined): string[] {
  return (domains ?? []).filter((domain) => SOURCE.test(domain));
}

/**
 * The app's Content-Security-Policy, as the spec builds it: nothing from the network by default (inline scripts and
 * styles only; images and media from `data:`), each declared list opening its directives to those origins.
 */
export function mcpAppCspPolicy(csp: McpAppCsp): string {
  const resources = safeSources(csp.resourceDomains).join(' ');
  const connect = safeSources(csp.connectDomains);
  const frames = safeSources(csp.frameDomains);
  const bases = safeSources(csp.baseUriDomains);
  const withResources = (base: string) => (resources ? `${base} ${resources}` : base);
  return [
    "default-src 'none'",
    `script-src ${withResources("'self' 'unsafe-inline'")}`,
    `style-src ${withResources("'self' 'unsafe-inline'")}`,
    `img-src ${withResources("'self' data:")}`,
    `font-src ${withResources("'self'")}`,
    `media-src ${withResources("'self' data:")}`,
    `connect-src ${connect.length > 0 ? connect.join(' ') : "'none'"}`,
    `frame-src ${frames.length > 0 ? frames.join(' ') : "'none'"}`,
    `base-uri ${bases.length > 0 ? bases.join(' ') : "'none'"}`,
    "object-src 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The app's HTML with its policy in a `<meta>` first in the document, for an iframe's `srcdoc`. */
export function mcpAppDocument(view: Pick<McpAppView, 'html' | 'csp'>): string {
  const policy = mcpAppCspPolicy(view.csp).replace(/"/g, '&quot;');
  return `<!doctype html><meta http-equiv="Content-Security-Policy" content="${policy}">${view.html.replace(/^\s*<!doctype html>/i, '')}`;
}
