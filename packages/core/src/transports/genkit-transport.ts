import { buildGenkitRequestBody, createGenkitDecoder, parseGenkitSnapshot } from '../dialects/genkit.js';
import { createSseFramer } from '../wire/sse.js';
import { joinUrl, postJson, streamTurn } from './http.js';
import type { HttpTransportOptions, Transport } from './transport.js';

/** Options for {@link genkitTransport}. */
export interface GenkitTransportOptions extends HttpTransportOptions {
  /** The agent's URL, e.g. `http://localhost:3400/chatAgent`. */
  url: string;
}

/**
 * A Genkit agent served over HTTP (`@genkit-ai/express` and Genkit's other servers).
 * One POST per turn; `getSnapshot` posts to `<url>/getSnapshot`; `stop` posts `<url>/abort` for a running snapshot.
 */
export function genkitTransport(options: GenkitTransportOptions): Transport {
  const post = (path: string, data: unknown, signal?: AbortSignal) => postJson(joinUrl(options.url, path), { data }, { ...options, signal });
  return {
    name: 'genkit',
    run(request, signal) {
      return streamTurn(options.url, buildGenkitRequestBody(request), {
        ...options,
        accept: 'text/event-stream',
        signal,
        stream: request.stream,
        framer: createSseFramer(request.stream),
        decoder: createGenkitDecoder(),
      });
    },
    async stop({ snapshotId }) {
      if (snapshotId) await post('abort', { snapshotId });
    },
    async getSnapshot(query, signal) {
      return parseGenkitSnapshot(await (await post('getSnapshot', query, signal)).json());
    },
  };
}
