import { httpTransport, joinUrl, postJson, resolveOption, urlOption } from '../../transport/http-transport.js';
import type { HeadersOption, HttpTransportOptions, Transport } from '../../transport/transport.js';
import { createNdjsonFramer } from '../../wire/ndjson.js';
import { createAgentFlowDecoder } from './agentflow-decoder.js';
import { buildAgentFlowRequestBody, type ResponseGranularity } from './agentflow-request.js';

/** The settings of {@link agentFlowTransport} besides the server's address. */
export interface AgentFlowTransportSettings extends HttpTransportOptions {
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

/** Options for {@link agentFlowTransport}: the server's address as `url`. */
export interface AgentFlowTransportOptions extends AgentFlowTransportSettings {
  /** The AgentFlow API server, e.g. `http://localhost:8000`. */
  url: string;
}

function withAuth({ auth, headers }: AgentFlowTransportSettings): HeadersOption | undefined {
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
  // The server's address; its stream endpoint (what a recording keeps as its url) is taken as that address too.
  const server = urlOption('agentFlowTransport', options.url).replace(/\/v1\/graph\/stream\/?$/, '');
  const http = () => ({ ...options, headers: withAuth(options) });
  const transport = httpTransport({
    ...http(),
    url: joinUrl(server, '/v1/graph/stream'),
    name: 'agentflow',
    accept: 'application/x-ndjson, application/json, text/event-stream',
    body: (request) => buildAgentFlowRequestBody(request, options),
    framer: createNdjsonFramer,
    decoder: createAgentFlowDecoder,
    async stop({ sessionId }) {
      if (!sessionId) return;
      const response = await postJson(joinUrl(server, '/v1/graph/stop'), { thread_id: sessionId }, http());
      // Release the connection: an unread body keeps its socket busy until it is garbage-collected.
      await response.body?.cancel().catch(() => undefined);
    },
  });
  // A thread keeps its own history and cannot fork: a turn runs again only from the start, on a new thread. An
  // AgentFlow stream first echoes the request's messages, the tool answers among them.
  return { ...transport, reruns: 'start', echoesToolAnswers: true };
}
