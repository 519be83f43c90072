// @agent-chat/core/wire: what a custom protocol is built from (see httpTransport in @agent-chat/core): framers that
// split a response body into frames, and the helpers the built-in decoders use to turn frames into events.
export type { WireFrame, Framer } from './frame.js';
export { jsonFrame } from './frame.js';
export { createSseFramer, type SseFramerOptions } from './sse.js';
export { DEFAULT_MAX_DEPTH, DEFAULT_MAX_FRAME_BYTES, type FrameLimits, type StreamOptions } from './limits.js';
export { createNdjsonFramer } from './ndjson.js';
export { readFrames } from './read-frames.js';
export type { FrameDecoder } from './frame.js';
export { endTurn, malformedFrameEvent, artifactOf } from './decoder-helpers.js';
export { FINISH_REASONS, normalizeFinishReason } from '../model/finish-reason.js';
export { normalizeRole, toMessage, userMessage } from '../model/message.js';
export { upsertArtifact } from '../model/session.js';
export { toAgentChatError } from '../model/error.js';
export { createSessionId, randomId } from '../util/ids.js';
