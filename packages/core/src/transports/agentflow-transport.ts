import { buildAgentFlowRequestBody, createAgentFlowDecoder, type ResponseGranularity } from '../dialects/agentflow.js';
import { createNdjsonFramer } from '../wire/ndjson.js';
import { joinUrl, postJson, resolveOption, streamTurn } from './http.js';
import type { HeadersOption, HttpTransportOptions, Transport } from './transport.js';

/** Options for {@link agentFlowTransport}. */
export interface AgentFlowTransportOptions extends HttpTransportOptions {
  /** The AgentFlow API server, e.g. `http://localhost:8000`. */
  baseUrl: string;
  /** A bearer token (or a function giving one per request), sent as `Authorization: Bearer …`. */
  auth?: string | (() => string | Promise<string>);
  /** Default 'low' (messages only); 'partial' adds `updates`, 'full' adds `state`. */
  responseGranularity?: ResponseGranularity;
  recursionLimit?: number;
  /** Seeds the graph state of a new thread. */
  initialState?: Record<string, unknown>;
  /** Extra run config; `thread_id` is managed for you. */
  config?: Record<string, unknown>;
}

function withAuth({ auth, headers }: AgentFlowTransportOptions): HeadersOption | undefined {
  if (auth === undefined) return headers;
  return async () => {
    const token = await resolveOption(auth);
    const merged = new Headers(await resolveOption(headers));
    merged.set('Authorization', `Bearer ${token}`);
    return merged;
  };
}

/**
 * An AgentFlow graph (`POST /v1/graph/stream`, NDJSON). The thread id of the first chunk becomes the session id and
 * is sent as `config.thread_id` on later turns; `stop` posts `/v1/graph/stop`. `regenerate`/`edit`/`retry` work on the
 * first turn only (on a new thread): later ones fail with `unsupported`, since a thread cannot be forked.
 */
export function agentFlowTransport(options: AgentFlowTransportOptions): Transport {
  const http = () => ({ ...options, headers: withAuth(options) });
  return {
    name: 'agentflow',
    // A thread keeps its own history and cannot fork: a turn runs again only from the start, on a new thread.
    reruns: 'start',
    run(request, signal) {
      return streamTurn(joinUrl(options.baseUrl, '/v1/graph/stream'), buildAgentFlowRequestBody(request, options), {
        ...http(),
        accept: 'application/x-ndjson, application/json, text/event-stream',
        signal,
        framer: createNdjsonFramer(),
        decoder: createAgentFlowDecoder(),
      });
    },
    async stop({ sessionId }) {
      if (!sessionId) return;
      const response = await postJson(joinUrl(options.baseUrl, '/v1/graph/stop'), { thread_id: sessionId }, http());
      // Release the connection: an unread body keeps its socket busy until it is garbage-collected.
      await response.body?.cancel().catch(() => undefined);
    },
  };
}
