// @agent-chat/core/threads: many conversations. An app that does not import it does not ship it (nor idb).
export { createThreadList, titleFrom, type ThreadListHandle, type ThreadListOptions } from './thread-list.js';
export type { BackgroundRunOptions, RunNotificationKind, RunNotificationText } from './run-notifications.js';
export { localThreadAdapter, type LocalThreadAdapterOptions } from './local-thread-adapter.js';
export { httpThreadAdapter, type HttpThreadAdapterOptions } from './http-thread-adapter.js';
export { memoryThreadAdapter } from './memory-thread-adapter.js';
export { compareThreads, cursorOf, pageOf } from './thread-order.js';
export type { ThreadAdapter, ThreadChange, ThreadContent, ThreadListState, ThreadListStatus, ThreadPage, ThreadSummary } from './thread-types.js';
