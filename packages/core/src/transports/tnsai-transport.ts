import { createSessionId } from '../dialects/ids.js';
import { buildTnsaiRequestBody, createTnsaiDecoder } from '../dialects/tnsai.js';
import { createNdjsonFramer } from '../wire/ndjson.js';
import { streamTurn } from './http.js';
import type { HttpTransportOptions, Transport } from './transport.js';

/** Options for {@link tnsaiTransport}. */
export interface TnsaiTransportOptions extends HttpTransportOptions {
  /** The streaming endpoint, e.g. `http://localhost:8080/chat/stream`. */
  url: string;
}

/**
 * A TnsAI agent or client streaming TnsAI's `ChatChunk`s as NDJSON. One POST per turn with
 * `{message, sessionId, history, toolResults?}`; the session id is generated on a new chat's first turn and kept.
 * No stop endpoint: `stop()` aborts the request. See dialects/tnsai.ts for the encoding.
 */
export function tnsaiTransport(options: TnsaiTransportOptions): Transport {
  return {
    name: 'tnsai',
    run(request, signal) {
      const sessionId = request.sessionId ?? createSessionId();
      return streamTurn(options.url, buildTnsaiRequestBody(request, sessionId), {
        ...options,
        accept: 'application/x-ndjson, application/json',
        signal,
        framer: createNdjsonFramer(),
        decoder: createTnsaiDecoder({ sessionId }),
      });
    },
  };
}
