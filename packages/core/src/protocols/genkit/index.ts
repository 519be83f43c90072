// Genkit agents over HTTP + SSE: the request body, the stream decoder, snapshots, and the transport made of them.
export { genkitTransport, type GenkitTransportOptions } from './genkit-transport.js';
export { createGenkitDecoder, buildGenkitRequestBody, parseGenkitSnapshot, type GenkitAgentInit, type GenkitTurnContext } from './genkit-decoder.js';
