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
  return {
    name: 'genkit',
    run(request, signal) {
      const body = buildGenkitRequestBody(request);
      return streamTurn(options.url, body, {
        ...options,
        accept: 'text/event-stream',
        signal,
        framer: createSseFramer(),
        decoder: createGenkitDecoder(),
      });
    },
    async stop(target) {
      if (!target.snapshotId) return;
      await postJson(joinUrl(options.url, 'abort'), { data: { snapshotId: target.snapshotId } }, options);
    },
    async getSnapshot(query, signal) {
      const response = await postJson(joinUrl(options.url, 'getSnapshot'), { data: query }, { ...options, signal });
      return parseGenkitSnapshot(await response.json());
    },
  };
}
