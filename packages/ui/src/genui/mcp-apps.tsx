import { isMcpAppOutput } from '@agent-chat/core/genui';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { lazyPart } from '../util/lazy-part.js';
import { LazyToolActivity } from '../tools/lazy-tool-activity.js';
import type { ToolRenderProps } from '../tools/tool-registry.js';
import type { McpAppsOptions } from './mcp-app-types.js';

export type { McpAppResource, McpAppsOptions } from './mcp-app-types.js';

/** The default tool card (name, status, input and result), for calls that are not apps and while an app loads. */
function DefaultToolCall({ request, output, status }: ToolRenderProps) {
  const { name, ref } = request.toolRequest;
  const response = output !== undefined ? { name, ...(ref !== undefined ? { ref } : {}), output } : undefined;
  return <LazyToolActivity request={request.toolRequest} response={response} state={status} />;
}

const mcpAppChunk = /* @__PURE__ */ lazyPart(() => import('./mcp-app-frame.js'), (module) => module.McpAppCall, DefaultToolCall as ComponentType<ToolRenderProps & { options: McpAppsOptions }>);
const McpAppChunk = mcpAppChunk.Component;

/**
 * Renders MCP Apps (spec 2026-01-26): a tool result that names a `ui://` resource it carries shows that app in a
 * sandboxed iframe (`srcdoc`, scripts only, an opaque origin, the CSP its declared domains allow), talking to the chat
 * through the official `@modelcontextprotocol/ext-apps` app bridge. A tool whose resource is given in `resources` shows
 * its app from the call's start, and the app gets the input as it streams (`ui/notifications/tool-input-partial`). Other tool calls keep the default card. Use it as
 * the list's tool-call component (`<MessageList components={{ ToolCall: mcpApps() }} />`: every tool), or as a tool
 * card by name (`tools={{ chartTasks: mcpApps() }}`, as `AgentChatView` takes them). The host side (the bridge, the
 * frame) is a chunk of its own, loaded at the first app shown.
 */
export function mcpApps(options: McpAppsOptions = {}): (props: ToolRenderProps) => ReactNode {
  // No hooks here: it is a component and a registry renderer (called as a function) alike.
  return function McpAppsToolCall(props: ToolRenderProps) {
    if (!isMcpAppOutput(props.output) && !options.resources?.[props.name]) return <DefaultToolCall {...props} />;
    return (
      <Suspense fallback={<DefaultToolCall {...props} />}>
        <McpAppChunk {...props} options={options} />
      </Suspense>
    );
  };
}

/** Starts loading the MCP Apps host's chunk. */
export const preloadMcpApps = (): Promise<void> => mcpAppChunk.preload();
