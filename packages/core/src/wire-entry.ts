// @agent-chat/core/wire (an entry point, above the folders it gathers from): what a custom protocol is built from (see httpTransport in @agent-chat/core): framers that
// split a response body into frames, and the helpers the built-in decoders use to turn frames into events.
export type { WireFrame, Framer } from './wire/frame.js';
export { jsonFrame } from './wire/frame.js';
export { createSseFramer, type SseFramerOptions } from './wire/sse.js';
export { DEFAULT_MAX_DEPTH, DEFAULT_MAX_FRAME_BYTES, type FrameLimits, type StreamOptions } from './wire/limits.js';
export { createNdjsonFramer } from './wire/ndjson.js';
export { readFrames } from './wire/read-frames.js';
export type { FrameDecoder } from './wire/frame.js';
export { endTurn, malformedFrameEvent, artifactOf } from './wire/decoder-helpers.js';
export { FINISH_REASONS, normalizeFinishReason } from './model/finish-reason.js';
export { normalizeRole, toMessage, userMessage } from './model/message.js';
export { upsertArtifact } from './model/session.js';
export { toAgentChatError } from './model/error.js';
export { createSessionId, randomId } from './util/ids.js';
export { isRecord } from './util/guards.js';
