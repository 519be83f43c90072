import { TURN_ID_HEADER } from '../wire/contract.js';
import { randomId } from '../util/ids.js';
import { isDetached } from './detach.js';
import type { TurnRegistry } from './turn-registry.js';

/**
 * Whether a request may name its turn (`x-agent-turn-id`) at no cost: outside a browser, or to the page's own origin
 * (on a cross-origin request the custom header would need the server's CORS to allow it).
 */
function mayNameTurn(url: string): boolean {
  const page = (globalThis as { location?: { href?: string; origin?: string } }).location;
  if (!page?.href) return true;
  try {
    return new URL(url, page.href).origin === page.origin;
  } catch {
    return false;
  }
}

/**
 * POSTs a turn whose stop reaches the server: a server of the kit keeps a turn running when its request closes (a reload
 * is not a stop), so a stop cancels the turn through `turns` (`POST <url>/turns/<id>/cancel`): the one the response
 * named, or, stopped before any response, the id the request named it with (the server drops a turn cancelled before it
 * began). A response that names no turn (another server) is only closed, as before; a `detach()` cancels nothing.
 * `post` sends the request with the extra headers, on the turn's signal, calling `sending` as it hands it to fetch.
 * Returns the response and the function that forgets its turn once read.
 */
export async function postStoppable(
  url: string,
  post: (headers: Record<string, string>, sending: () => void) => Promise<Response>,
  { signal, turns }: { signal: AbortSignal; turns: TurnRegistry },
): Promise<{ response: Response; done: () => void }> {
  // A cancel still in flight lands first: the next turn of the session is not refused as busy (409).
  await turns.settled();
  signal.throwIfAborted();
  const named = mayNameTurn(url) ? randomId() : null;
  // Stopped: cancelled on the server; detached: left running there.
  const stop = (turnId: string) => (isDetached(signal.reason) ? turns.close(turnId) : turns.cancel(turnId));
  let sent = false;
  let response: Response;
  try {
    response = await post(named ? { [TURN_ID_HEADER]: named } : {}, () => (sent = true));
  } catch (error) {
    // Stopped once the request was on its way: the server may have started the turn under the client's id.
    if (named && sent && signal.aborted) stop(named);
    throw error;
  }
  const turnId = response.headers.get(TURN_ID_HEADER);
  if (!turnId) return { response, done: () => undefined };
  turns.open(turnId);
  const onAbort = () => stop(turnId);
  signal.addEventListener('abort', onAbort, { once: true });
  return {
    response,
    done() {
      signal.removeEventListener('abort', onAbort);
      turns.close(turnId);
    },
  };
}
