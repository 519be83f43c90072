// @agent-chat/core/binding: the plumbing that bindings (@agent-chat/react, @agent-chat/ui, your own) build on — the
// option table, the protocol list, a chat's writable store. An app imports @agent-chat/core instead.
export { agentChatOptionKeys, liveChatOptions, splitChatOptions, type AgentChatOptionKey, type LiveChatOptionKey } from './chat/chat-option-keys.js';
export { protocolNames } from './protocols/protocol-transport.js';
export { protocols } from './protocols/protocol-list.js';
export { storeOf } from './chat/chat-store-of.js';
export { persistedValues, type PersistedValues } from './chat/persist/persisted-values.js';
