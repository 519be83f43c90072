// TnsAI ChatChunks over NDJSON: the request body, the stream decoder, and the transport made of them.
export { tnsaiTransport, type TnsaiTransportOptions } from './tnsai-transport.js';
export {
  createTnsaiDecoder, buildTnsaiRequestBody, tnsaiFinishReason, type TnsaiChunk, type TnsaiChunkType, type TnsaiToolCall,
  type TnsaiHistoryEntry, type TnsaiRequestBody, type TnsaiTurnContext, type TnsaiDecoderOptions,
} from './tnsai-decoder.js';
