import type { McpAppLimits } from '@agent-chat/core/genui';

/** What `mcpApps()` takes. */
export interface McpAppsOptions extends McpAppLimits {
  /** Requests (tool calls, messages, context updates) one app may make per 10 seconds; past it they are refused (default 10). */
  maxRequests?: number;
  /** Messages of any kind one app may post per second; past it the app is stopped, with a notice (default 100). */
  maxMessagesPerSecond?: number;
  /** The tallest an app may grow, in CSS pixels (default 800). */
  maxHeight?: number;
  /**
   * The `ui://` resource each tool declares (MCP's tool `_meta.ui.resourceUri`, as `resources/read` returns it), by tool
   * name: a call of such a tool shows its app as soon as it starts, before its result, and the app is sent the input as
   * it streams (`ui/notifications/tool-input-partial`), then whole (`tool-input`), then the result (`tool-result`).
   * Without it an app shows when a result carries it.
   */
  resources?: Readonly<Record<string, McpAppResource>>;
}

/** An MCP App's HTML resource: `{uri: 'ui://…', mimeType: 'text/html;profile=mcp-app', text}` (or `blob`, base64). */
export interface McpAppResource {
  uri: string;
  mimeType: string;
  text?: string;
  blob?: string;
  /** `ui.csp` (the domains the app may reach), `ui.prefersBorder`. */
  _meta?: Record<string, unknown>;
}
