import { httpTransport, joinUrl, postJson } from '../../transport/http-transport.js';
import type { HttpTransportOptions, Transport } from '../../transport/transport.js';
import { createSseFramer } from '../../wire/sse.js';
import { createGenkitDecoder } from './genkit-decoder.js';
import { buildGenkitRequestBody } from './genkit-request.js';

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
  const transport = httpTransport({
    ...options,
    name: 'genkit',
    body: buildGenkitRequestBody,
    framer: createSseFramer,
    decoder: createGenkitDecoder,
    async stop({ snapshotId }) {
      if (snapshotId) await post('abort', { snapshotId });
    },
    async getSnapshot(query, signal) {
      // The snapshot reader is a chunk of its own, loaded while the request is under way.
      const [{ parseGenkitSnapshot }, response] = await Promise.all([import('./genkit-snapshot.js'), post('getSnapshot', query, signal)]);
      return parseGenkitSnapshot(await response.json());
    },
  });
  // A resumed Genkit turn streams the `resume.respond` answers back as its first (tool) message.
  return Object.assign(transport, { echoesToolAnswers: true });
}
