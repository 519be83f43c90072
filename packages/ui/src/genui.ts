// `@agent-chat/ui/genui`: agent-sent UI, opt-in. Each renderer is a chunk of its own, loaded at the first part it draws.
export { a2ui, preloadA2ui, renderParts, type A2uiOptions } from './genui/a2ui.js';
export type { A2uiCatalogComponents } from './genui/a2ui-catalog.js';
export { mcpApps, preloadMcpApps, type McpAppResource, type McpAppsOptions } from './genui/mcp-apps.js';
