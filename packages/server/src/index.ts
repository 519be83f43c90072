/** @agent-chat/server: resumable turns, HTTP hygiene and threads routes as Web `Request → Response` handlers. */
export { resumableTurns, type ResumableTurns, type ResumableTurnsOptions, type FoundTurn, type TurnStreamOptions, type WebHandler } from './turns/resumable-turns.js';
export { memoryTurnStore, redisTurnStore, type TurnStore, type TurnStoreOptions, type RedisTurnStoreOptions } from './turns/turn-store.js';
export { TurnBuffers, TurnGapError, DEFAULT_TURN_RETENTION_MS, DEFAULT_MAX_TURN_BYTES, DEFAULT_MAX_BUFFERED_BYTES, type Turn, type BufferedFrame, type TurnBufferOptions, type TurnSink } from './turns/turn-buffers.js';
export { RESUMABLE_HEADER, TURN_ID_HEADER, lastSeenSeq, sseFrame, jsonResponse, type RequestLike } from './turns/turn-frames.js';
// The routes of the wire contract, as @agent-chat/core/contract defines them (for a server app that does not use core).
export { DEFAULT_BASE, ROUTES, ROUTE_NAMES, THREADS_ROUTE, routePath, type RouteName, type RouteProtocol } from '@agent-chat/core/contract';
export type { RedisClient, SharedTurnInfo } from './turns/redis-turns.js';
export { hostAllowlist, hostRefusal, hostnameOfHost, hostnameOfOrigin, parseAllowedHosts, DEFAULT_ALLOWED_HOSTS, type HostAllowlistOptions } from './hygiene/host-allowlist.js';
export { bodyLimits, bodyLimitResponse, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_JSON_DEPTH, type BodyLimits } from './hygiene/body-limits.js';
export { exceedsJsonDepth } from './hygiene/json-depth.js';
export { rateLimitedLog, DEFAULT_LOG_LINES_PER_MINUTE, type LogSink, type RateLimitOptions } from './hygiene/rate-limited-log.js';
export { SAFE_ID, isSafeId } from './hygiene/safe-id.js';
export { ANONYMOUS_USER, userFromHeader, type UserHook, type UserOption } from './access/user.js';
export { memoryOwners, fileOwners, redisOwners, userKey, type ConversationOwners } from './access/conversation-owners.js';
export { noSuchConversation } from './access/conversation-access.js';
export { guardRequests, crossSiteRefusal, type RequestGuardOptions } from './hygiene/request-guard.js';
export { threadsHandler, DEFAULT_USER_HEADER, type ThreadsHandlerOptions } from './threads/threads-handler.js';
export { memoryThreadIndex, type MemoryThreadIndexOptions } from './threads/memory-thread-index.js';
export { fileThreadIndex, type FileThreadIndexOptions } from './threads/file-thread-index.js';
export { redisThreadIndex, type RedisThreadIndexOptions } from './threads/redis-thread-index.js';
export type { ThreadIndex, ThreadRecord, ThreadRecordPage } from './threads/thread-index.js';
export { toExpress, toNodeListener, toWebRequest, sendResponse, disconnectSignal, nodeHeaders, type NodeRequest, type NextFunction, type AnyWebHandler } from './http/node-adapter.js';
