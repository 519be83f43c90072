// TnsAI ChatChunks over NDJSON: the request body, the stream decoder, and the transport made of them.
export { tnsaiTransport, type TnsaiTransportOptions } from './tnsai-transport.js';
export { createTnsaiDecoder, tnsaiFinishReason, type TnsaiChunk, type TnsaiChunkType, type TnsaiDecoderOptions } from './tnsai-decoder.js';
export { buildTnsaiRequestBody, type TnsaiToolCall, type TnsaiHistoryEntry, type TnsaiRequestBody, type TnsaiTurnContext } from './tnsai-request.js';
