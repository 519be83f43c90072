import { httpTransport } from '../../transport/http-transport.js';
import type { HttpTransportOptions, Transport, TurnRequest } from '../../transport/transport.js';
import { createSessionId } from '../../util/ids.js';
import { createNdjsonFramer } from '../../wire/ndjson.js';
import { createTnsaiDecoder } from './tnsai-decoder.js';
import { buildTnsaiRequestBody } from './tnsai-request.js';

/** Options for {@link tnsaiTransport}. */
export interface TnsaiTransportOptions extends HttpTransportOptions {
  /** The streaming endpoint, e.g. `http://localhost:8080/chat/stream`. */
  url: string;
}

/**
 * A TnsAI agent or client streaming TnsAI's `ChatChunk`s as NDJSON. One POST per turn with
 * `{message, sessionId, history, toolResults?}`; the session id is generated on a new chat's first turn and kept.
 * No stop endpoint: `stop()` aborts the request. See tnsai-decoder.ts for the encoding.
 */
export function tnsaiTransport(options: TnsaiTransportOptions): Transport {
  return httpTransport({
    ...options,
    name: 'tnsai',
    accept: 'application/x-ndjson, application/json',
    body: (request: TurnRequest) => buildTnsaiRequestBody(request, request.sessionId ?? createSessionId()),
    framer: createNdjsonFramer,
    decoder: (_request, body) => createTnsaiDecoder({ sessionId: body.sessionId }),
  });
}
