import { AgentChatError, isAgentChatError } from '../model/error.js';
import { buildingRequest } from '../model/failure.js';
import { joinUrl } from './join-url.js';
import { postJson, resolveHeaders } from './http-request.js';
import type { HttpTransportConfig } from './http-transport.js';
import { RESUMABLE_HEADER, TURN_ID_HEADER, turnPath } from '../wire/contract.js';
import { randomId } from '../util/ids.js';
import { resolveResumable } from './resumable-options.js';
import { streamResumableTurn } from './resumable-turn.js';
import { createTurnRegistry } from './turn-registry.js';
import type { Transport, TurnRequest } from './transport.js';

/**
 * A 409 `ABORTED` is a session running another turn (resumable turns' one-turn-per-session rule): the typed `busy`
 * error, its `details.runningTurnId` naming the running turn (to the user who started it). Other errors as they are.
 */
function busyError(error: unknown): never {
  if (isAgentChatError(error) && error.status === 409 && error.serverStatus === 'ABORTED') {
    throw new AgentChatError('busy', error.message, { status: 409, serverStatus: 'ABORTED', details: error.details, cause: error });
  }
  throw error;
}

/**
 * The resumable form of `httpTransport` (its `resumable` option), loaded on first use: turns POSTed with the resumable
 * header, a stream that breaks off reattached with backoff, `reattach` to a running turn, `stop` cancelling open turns.
 */
export function resumableHttpTransport<Body>(config: HttpTransportConfig<Body>): Transport {
  const { url, name = 'http', body, framer, decoder, accept = 'text/event-stream', stop, getSnapshot } = config;
  const resumable = resolveResumable(config.resumable)!;
  const fetchImpl = (input: string, init: RequestInit) => (config.fetch ?? globalThis.fetch)(input, init);
  const registry = createTurnRegistry(url, async (cancelUrl) => {
    const response = await postJson(cancelUrl, {}, { headers: config.headers, fetch: config.fetch });
    await response.body?.cancel();
  });
  const withResumable = (turnId: string) => async () => {
    const headers = await resolveHeaders(config.headers, {});
    headers.set(RESUMABLE_HEADER, 'true');
    headers.set(TURN_ID_HEADER, turnId);
    return headers;
  };
  const get = async (getUrl: string, extra: Record<string, string>, getSignal: AbortSignal) =>
    fetchImpl(getUrl, { headers: await resolveHeaders(config.headers, extra), signal: getSignal });
  const resumableTurn = (request: TurnRequest, signal: AbortSignal, sent: Body, open: (signal: AbortSignal) => Promise<Response>) => ({
    accept, signal, stream: request.stream, framer, decoder: buildingRequest('Building the request failed', () => decoder(request, sent)), resumable, registry, post: open, get,
  });
  // A request that cannot be built from this input and state fails the turn `invalid-request`; nothing is sent.
  const build = (request: TurnRequest) => buildingRequest('Building the request failed', () => body(request));
  const transport: Transport = {
    name,
    run(request, signal) {
      const sent = build(request);
      // The client names the turn before sending it: a page that goes away before the response can reattach to it.
      const turnId = randomId();
      return streamResumableTurn(url, { ...resumableTurn(request, signal, sent, (postSignal) =>
        postJson(url, sent, { headers: withResumable(turnId), fetch: config.fetch, accept, signal: postSignal }).catch(busyError)), named: turnId });
    },
    reattach(turnId, request, signal) {
      const streamUrl = joinUrl(url, turnPath(turnId, 'stream'));
      return streamResumableTurn(url, resumableTurn(request, signal, build(request), (getSignal) => get(streamUrl, { Accept: accept }, getSignal)));
    },
    // A resumable turn outlives its request: stop() cancels it on the server, as well as whatever `stop` asks.
    async stop(target) {
      await Promise.all([registry.cancelOpen(), stop?.(target)]);
    },
  };
  if (getSnapshot) transport.getSnapshot = getSnapshot;
  return transport;
}
