/**
 * Resumable turns over HTTP, the same on every route (README: "The wire contract"):
 *
 *   every streaming response        header `x-agent-turn-id: <turnId>`; each SSE frame `id: <seq>` (0-based)
 *   GET  <route>/turns/<id>/stream  the frames after `Last-Event-ID` (or `?after=`; neither: from frame 0), then the
 *                                   live tail, ending when the turn ends; 204 when the turn is unknown or expired
 *   POST <route>/turns/<id>/cancel  stops the turn on the server → `{turnId, status: 'cancelling' | 'ended'}`; 404 (a
 *                                   client id not begun yet: its turn, if it begins within 5 s, is stopped at once)
 *   a second turn in a session      409 `{status: 'ABORTED', runningTurnId, runningTurnInput}` while one runs (a cancelled one is
 *                                   waited for, up to 5 s)
 *   a POST naming its turn          request header `x-agent-turn-id: <id>` (the client's id, an idempotency key): the
 *                                   turn runs under that id, so the client can reattach to it before any response
 *                                   arrived; a POST repeating the id of a turn of the same user and route joins that
 *                                   turn (its frames from the first) instead of running it twice
 *
 * Turns outlive their request (the `resumable-stream` convention): a client that disconnects (a reload, a dropped
 * network) does not stop its turn; only the cancel route does. A turn nobody reads for `maxDetachedMs` (default 10 min)
 * is stopped (detached-turns.ts). `x-agent-resumable: false` on a POST (or `keepTurnsOnDisconnect: false` for every
 * client that does not send `x-agent-resumable: true`) brings back the old rule: closing the response stops the turn.
 * Every handler here is a Web `Request → Response` function.
 */
import { parseTurnPath, turnPath } from '@agent-chat/core/contract';
import { jsonResponse, lastSeenSeq, resumableHeader, sseFrame, TURN_ID_HEADER, type RequestLike } from './turn-frames.js';
import { TurnGapError, type BufferedFrame, type Turn } from './turn-buffers.js';
import { lightResponse, withTextSource, type TextSink } from '../http/text-source.js';
import { isLightRequest } from '../http/request-body.js';
import type { WebHandler } from '../http/web-handler.js';
import { memoryTurnStore, type TurnStore } from './turn-store.js';
import { DEFAULT_MAX_DETACHED_MS, detachedTurns } from './detached-turns.js';
import { EarlyCancels } from './early-cancels.js';
import { afterThisPass } from './wake-after-tick.js';
import { unauthenticated, userHookOf, type UserOption } from '../access/user.js';

const CANCELLED_WAIT_MS = 5000;
// Early cancels a user may have pending at once (each lives CANCELLED_WAIT_MS): a flood of one user's is bounded.
const MAX_EARLY_CANCELS_PER_USER = 32;
/** One encoder for every response (its `encode` keeps no state). */
const encoder = new TextEncoder();

/** A frame-by-frame reader as batches of one (Redis delivers its frames one message at a time). */
async function* oneByOne(frames: AsyncGenerator<BufferedFrame>): AsyncGenerator<BufferedFrame[]> {
  for await (const frame of frames) yield [frame];
}

/** A turn to read: one this instance runs (or ran), or one another instance runs, known through the store. */
export interface FoundTurn {
  turnId: string;
  route: string;
  local?: Turn;
  done?: boolean;
  input?: unknown;
  /** The user who started it. */
  user?: string;
}

/** How a turn's frames are sent: after which frame, with or without SSE ids, with which headers. */
export interface TurnStreamOptions {
  after: number;
  withIds: boolean;
  headers: Record<string, string>;
  /**
   * The request it answers. On Node, a request the adapter made light (the package's own routes) gets a response with
   * no Web body, its frames written to the socket by the adapter (http/text-source.ts); any other request, a Web body.
   */
  request?: Request;
}

export type { WebHandler };

export interface ResumableTurnsOptions {
  /** Where the frames live (default `memoryTurnStore()`). */
  store?: TurnStore;
  /**
   * Turns outlive a request whose client did not send `x-agent-resumable` (default true: a reload or a dropped network
   * does not stop the turn, the cancel route does). False: closing such a request stops its turn.
   */
  keepTurnsOnDisconnect?: boolean;
  /** How long a running turn nobody reads goes on before it is stopped, in ms (default 10 minutes). */
  maxDetachedMs?: number;
}

/** The turns of a server: start, write, read back, resume and cancel them. */
export interface ResumableTurns {
  readonly store: TurnStore;
  /** The request's turn outlives it (its client may reattach): true unless the request or the options opt out. */
  isResumable(request: Pick<RequestLike, 'headers'>): boolean;
  /** The last frame the client has (`Last-Event-ID` or `?after=`), -1 for none. */
  lastSeen(request: RequestLike): number;
  /** A turn by id, on this instance or (through the store) another. */
  find(turnId: string): Promise<FoundTurn | undefined>;
  /** The turn running in a session, here or on another instance. */
  running(sessionId: string): Promise<FoundTurn | undefined>;
  /**
   * Starts a turn in `sessionId` for `user`, or gives the 409 response while another one runs there (naming the running
   * turn only to the user who started it).
   */
  begin(start: {
    route: string; sessionId?: string | undefined; input?: unknown; user: string;
    /** The POST: the turn runs under the client's id (`x-agent-turn-id`) when it sent a well-formed, unused one. */
    request?: Pick<RequestLike, 'headers'>;
  }): Promise<{ turn: Turn } | { response: Response }>;
  /**
   * A POST repeating the client id of a turn this user started on this route (a retry whose response never arrived):
   * that turn's frames from the first, streamed as `join` says; undefined for any other POST (read before its body).
   */
  repeated(request: Pick<RequestLike, 'headers'>, options: { route: string; user: string; join: (turnId: string) => Omit<TurnStreamOptions, 'after'> }): Promise<Response | undefined>;
  /** Appends one frame (its lines without `id:` and without the blank line); returns its sequence number. */
  append(turn: Turn, data: string): number;
  /**
   * Ends the turn: its session is free (on every instance) when this resolves, then its readers drain and stop; it stays
   * replayable for the store's retention window. Await it before anything else ends the turn's response.
   */
  end(turn: Turn): Promise<void>;
  /** The signal a turn runs with: its cancel endpoint, and `disconnect` for a request that opted out of resuming. */
  signal(turn: Turn, options: { resumable: boolean; disconnect?: AbortSignal | undefined }): AbortSignal;
  /** The turn's frames after `after` as a streaming response (410 when they are no longer kept). */
  stream(turn: Turn | FoundTurn, options: TurnStreamOptions): Promise<Response>;
  /**
   * `GET <route>/turns/<id>/stream` and `POST <route>/turns/<id>/cancel` (any other path: 404), for the user who started
   * the turn: `user` is the app's auth (`'anonymous'` for a single-user tool); another user's turn is unknown to them
   * (204 / 404), a request without a user 401.
   */
  handler(route: string, options: { headers: Record<string, string>; withIds?: boolean; user: UserOption }): WebHandler;
  /** Stops and forgets every turn of a session, here and (with Redis) on every instance: the conversation was deleted. */
  forgetSession(sessionId: string): Promise<void>;
  /** Turns running on this instance (for a clean shutdown). */
  runningTurns(): Turn[];
  /** Disposes the store (see {@link TurnStore.dispose}). */
  dispose(): Promise<void>;
  /** `await using turns = resumableTurns(…)`: {@link ResumableTurns.dispose}. */
  [Symbol.asyncDispose](): Promise<void>;
}

/** A client's turn id: 16 to 100 URL-safe characters (a UUID is 36), unguessable by whoever does not have it. */
const CLIENT_TURN_ID = /^[\w-]{16,100}$/;

/** Resumable turns over `store`: the replay buffer and its routes (README: "resumableTurns"). */
export function resumableTurns(options: ResumableTurnsOptions = {}): ResumableTurns {
  const store = options.store ?? memoryTurnStore();
  const { buffers } = store;
  const keepTurnsOnDisconnect = options.keepTurnsOnDisconnect ?? true;
  const detached = detachedTurns(options.maxDetachedMs ?? DEFAULT_MAX_DETACHED_MS, (turn) => buffers.isDone(turn));

  const find = async (turnId: string): Promise<FoundTurn | undefined> => {
    const local = buffers.get(turnId);
    if (local) return { turnId, route: local.route, local, ...(local.user !== undefined && { user: local.user }) };
    await store.ready();
    return store.shared?.info(turnId);
  };

  const running = async (sessionId: string): Promise<FoundTurn | undefined> => {
    const local = buffers.running(sessionId);
    if (local) return { turnId: local.turnId, route: local.route, local, ...(local.input !== undefined && { input: local.input }), ...(local.user !== undefined && { user: local.user }) };
    await store.ready();
    return store.shared?.running(sessionId);
  };

  /** The client's id for the turn a POST starts, when it sent a well-formed one. */
  const clientTurnId = (request: Pick<RequestLike, 'headers'>) => {
    const asked = request.headers.get(TURN_ID_HEADER);
    return asked !== null && CLIENT_TURN_ID.test(asked) ? asked : undefined;
  };

  const repeated: ResumableTurns['repeated'] = async (request, { route, user, join }) => {
    const asked = clientTurnId(request);
    const earlier = asked === undefined ? undefined : await find(asked);
    return earlier && earlier.user === user && earlier.route === route ? stream(earlier, { after: -1, ...join(earlier.turnId) }) : undefined;
  };

  /** Client ids cancelled before their turn began (a Stop while the POST was under way): early-cancels.ts. */
  const cancelledEarly = new EarlyCancels({ waitMs: CANCELLED_WAIT_MS, perUser: MAX_EARLY_CANCELS_PER_USER });

  const begin: ResumableTurns['begin'] = async ({ route, sessionId, input, user, request }) => {
    await store.ready();
    // The client named the turn; an id already taken (another user's, another route's) is not theirs: the server names it.
    const asked = request && clientTurnId(request);
    const named = asked !== undefined && !(await find(asked)) ? asked : undefined;
    const stopAtOnce = cancelledEarly.take(named, route, user);
    let started = buffers.start(route, sessionId, input, user, named);
    if (stopAtOnce && 'turn' in started) started.turn.controller.abort('cancelled');
    if ('conflict' in started && started.conflict.controller.signal.aborted) {
      const cancelled = started.conflict;
      await Promise.race([cancelled.ended, new Promise((resolve) => setTimeout(resolve, CANCELLED_WAIT_MS).unref())]);
      started = buffers.start(route, sessionId, input, user, named);
    }
    let conflict: { turnId: string; route: string; user?: string; input?: unknown } | undefined = 'conflict' in started ? started.conflict : undefined;
    if ('turn' in started) {
      // Its run starts once this pass of the event loop is over: the pass's other requests were read and checked, and
      // the turns begun in it go on together (one callback; with Redis, their claims in one write, then the replies).
      // Their agents' set-ups then advance side by side, step by step on the microtask queue, instead of each whole in
      // turn inside its socket's callback, which costs a burst less CPU before its first tokens (bench/server/RESULTS.md,
      // fifth round). The turn is registered here already: a second turn of the session is 409, a cancel finds it.
      await afterThisPass();
      if (!store.shared) return { turn: started.turn };
      const other = await store.shared.claim(started.turn);
      if (!other) return { turn: started.turn };
      buffers.discard(started.turn);
      conflict = other;
    }
    const { turnId, route: runningRoute } = conflict!;
    if (conflict!.user !== user) {
      return { response: jsonResponse(409, { status: 'ABORTED', message: `Session ${sessionId} already has a turn running.` }) };
    }
    return {
      response: jsonResponse(409, {
        status: 'ABORTED',
        message: `Session ${sessionId} already has a turn running (${turnId}). Wait for it, reattach with GET ${runningRoute}/${turnPath(turnId, 'stream')}, or cancel it with POST ${runningRoute}/${turnPath(turnId, 'cancel')}.`,
        runningTurnId: turnId,
        // Its question, so that a client joining the turn shows it above the answer.
        ...(conflict!.input !== undefined && { runningTurnInput: conflict!.input }),
      }),
    };
  };

  const stream = async (turn: Turn | FoundTurn, { after, withIds, headers, request }: TurnStreamOptions): Promise<Response> => {
    const local = 'controller' in turn ? turn : turn.local;
    if (local && after + 1 < buffers.firstSeq(local)) {
      return jsonResponse(410, { status: 'OUT_OF_RANGE', message: `Turn ${turn.turnId} no longer keeps the frames after ${after}: reload the session instead.` });
    }
    if (!local) await store.ready();
    const gone = new AbortController();
    if (local) detached.read(local, gone.signal);
    const batches = local ? buffers.readBatches(local, after, gone.signal) : oneByOne(store.shared!.read(turn.turnId, after, gone.signal));
    // The response went away: a waiting read ends at once, and a reader left at a batch is closed (its turn can go).
    const stop = () => {
      gone.abort();
      void batches.return(undefined).catch(() => {});
    };
    // Every frame written since the last read, as one string: one write per wake-up, not one per frame.
    const textOf = (batch: readonly BufferedFrame[]) => {
      let text = '';
      for (const frame of batch) text += sseFrame(frame, withIds);
      return text;
    };
    let ended = false;
    const nextText = async (): Promise<string | undefined> => {
      if (ended) return undefined;
      try {
        const next = await batches.next();
        if (next.done) {
          ended = true;
          return undefined;
        }
        return textOf(next.value);
      } catch (error) {
        ended = true;
        // The reader fell behind the cap: end, the client reloads the session.
        if (error instanceof TurnGapError) return undefined;
        throw error;
      }
    };
    // A turn of this instance can also be followed (the Node adapter's path): its frames as text, with no promise between.
    const follow = local && ((sink: TextSink) => {
      if (ended) throw new Error('This turn stream was read already.');
      ended = true;
      return buffers.follow(local, after, {
        frames: (batch) => sink.write(textOf(batch)),
        end: () => sink.end(), // a reader behind the cap ends too: the client reloads the session
      });
    });
    const init = { status: 200, headers: { ...headers, [TURN_ID_HEADER]: turn.turnId } };
    if (follow && request && isLightRequest(request)) return lightResponse(init, { next: nextText, cancel: stop, follow });
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const text = await nextText();
          if (text === undefined) controller.close();
          else controller.enqueue(encoder.encode(text));
        },
        cancel: stop,
      },
      { highWaterMark: 0 },
    );
    return withTextSource(new Response(body, init), { next: nextText, cancel: stop, ...(follow && { follow }) });
  };

  const cancel = async (route: string, turnId: string, user: string): Promise<Response> => {
    const turn = await find(turnId);
    if (!turn && CLIENT_TURN_ID.test(turnId)) cancelledEarly.cancel(turnId, route, user);
    if (!turn || turn.route !== route || turn.user !== user) return jsonResponse(404, { status: 'NOT_FOUND', message: 'No such turn (unknown or expired).' });
    if (!turn.local) {
      if (!turn.done) await store.shared!.cancel(turnId);
      return jsonResponse(200, { turnId, status: turn.done ? 'ended' : 'cancelling' });
    }
    const ended = buffers.isDone(turn.local);
    if (!ended && !turn.local.controller.signal.aborted) turn.local.controller.abort('cancelled');
    return jsonResponse(200, { turnId, status: ended ? 'ended' : 'cancelling' });
  };

  return {
    store,
    repeated,
    isResumable: (request) => resumableHeader(request) ?? keepTurnsOnDisconnect,
    lastSeen: lastSeenSeq,
    find,
    running,
    begin,
    append: (turn, data) => buffers.append(turn, data),
    end: (turn) => store.end(turn),
    signal(turn, { resumable, disconnect }) {
      if (!resumable && disconnect) {
        const stop = () => {
          if (!buffers.isDone(turn) && !turn.controller.signal.aborted) turn.controller.abort('client closed');
        };
        if (disconnect.aborted) stop();
        else disconnect.addEventListener('abort', stop, { once: true });
      }
      return turn.controller.signal;
    },
    stream,
    handler(route, { headers, withIds = true, user: userOption }) {
      const userOf = userHookOf(userOption, 'turns.handler');
      return async (request) => {
        // A malformed escape names no turn either.
        const path = parseTurnPath(new URL(request.url, 'http://localhost').pathname);
        if (!path) return jsonResponse(404, { status: 'NOT_FOUND', message: 'No such route.' });
        const { turnId, action } = path;
        const user = await userOf(request);
        if (!user) return unauthenticated();
        if (action === 'cancel') {
          if (request.method !== 'POST') return jsonResponse(405, { status: 'METHOD_NOT_ALLOWED', message: 'Use POST.' }, { Allow: 'POST' });
          return cancel(route, turnId, user);
        }
        if (request.method !== 'GET' && request.method !== 'HEAD') return jsonResponse(405, { status: 'METHOD_NOT_ALLOWED', message: 'Use GET.' }, { Allow: 'GET' });
        const turn = await find(turnId);
        // Another user's turn is answered as an unknown one.
        if (!turn || turn.route !== route || turn.user !== user) return new Response(null, { status: 204 });
        return stream(turn, { after: lastSeenSeq(request), withIds, headers });
      };
    },
    async forgetSession(sessionId) {
      const local = [buffers.latest(sessionId)].filter((turn) => turn !== undefined).map((turn) => turn.turnId);
      buffers.forgetSession(sessionId);
      await store.ready();
      await store.shared?.forgetSession(sessionId, local);
    },
    runningTurns: () => buffers.runningTurns(),
    dispose: () => store.dispose(),
    [Symbol.asyncDispose]: () => store.dispose(),
  };
}
