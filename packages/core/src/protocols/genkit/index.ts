// Genkit agents over HTTP + SSE: the request body, the stream decoder, snapshots, and the transport made of them.
export { genkitTransport, type GenkitTransportOptions } from './genkit-transport.js';
export { createGenkitDecoder } from './genkit-decoder.js';
export { parseGenkitSnapshot } from './genkit-snapshot.js';
export { buildGenkitRequestBody, type GenkitAgentInit, type GenkitTurnContext } from './genkit-request.js';
