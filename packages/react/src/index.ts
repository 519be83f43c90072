export { useAgentChat, splitUseAgentChatOptions, type UseAgentChatOptions, type UseAgentChatResult, type UseAgentChatActions } from './use-agent-chat.js';
export { useAgentChatSelector, type AgentChatSelectorOptions } from './use-agent-chat-selector.js';
export { AgentChatProvider, useAgentChatContext, useOptionalAgentChatContext, type AgentChatProviderProps } from './agent-chat-provider.js';
export type { Throttle } from './frame-scheduler.js';
export { useAgentContext } from './use-agent-context.js';
export { useThreadList, type UseThreadListResult } from './use-thread-list.js';
