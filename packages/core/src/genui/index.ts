// Generative UI in the canonical model, whatever protocol carried it: A2UI surfaces (custom parts) and MCP Apps (tool
// results naming a `ui://` resource). No React, no wire dialect: the protocols map their carriers onto these parts.
export { genUiError, type GenUiError, type GenUiErrorCode } from './genui-error.js';
export { A2UI_VERSION, a2uiPart, isA2uiPart, readA2uiMessage, surfaceIdOf, isGenUiError, type A2uiComponent, type A2uiPart, type A2uiServerMessage } from './a2ui-messages.js';
export { A2UI_LIMITS, foldA2ui, checkA2uiTree, childIdsOf, type A2uiFold, type A2uiLimits, type A2uiSurface } from './a2ui-surfaces.js';
export { readPointer, writePointer } from './a2ui-data-model.js';
export {
  a2uiAction, a2uiActionMessage, a2uiActionOf, a2uiInterruptFor, a2uiActionParts, a2uiText, absolutePath, readA2uiAction, resolveA2uiValue,
  type A2uiActionMessage, type A2uiActionSpec,
} from './a2ui-binding.js';
export {
  MCP_APP_MIME_TYPE, isMcpAppOutput, mcpAppCspPolicy, mcpAppDocument, mcpAppResourceUri, readMcpApp, safeSources,
  type McpAppCsp, type McpAppLimits, type McpAppView,
} from './mcp-app.js';
