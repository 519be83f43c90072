// @agent-chat/core/persist: a conversation kept across reloads (`features: [persist()]`), on a subpath of its own so
// that an app without it (and `export *` of the root) does not ship it.
export { persist, type PersistOptions, type PersistedChat } from './persist.js';
export { persistedValues, type PersistedValues } from './persisted-values.js';
export { createMessageQueue, type MessageQueue, type MessageQueueOptions, type QueuedMessage } from './message-queue.js';
