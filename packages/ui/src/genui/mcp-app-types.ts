import type { McpAppLimits } from '@agent-chat/core/genui';

/** What `mcpApps()` takes. */
export interface McpAppsOptions extends McpAppLimits {
  /** Requests (tool calls, messages, context updates) one app may make per 10 seconds; past it they are refused (default 10). */
  maxRequests?: number;
  /** Messages of any kind one app may post per second; past it the app is stopped, with a notice (default 100). */
  maxMessagesPerSecond?: number;
  /** The tallest an app may grow, in CSS pixels (default 800). */
  maxHeight?: number;
}
