/**
 * `genkitAgentHandler`: a Genkit agent's turn route, in @genkit-ai/express's wire format, run into a replayable turn
 * (`resumableTurns`) instead of straight into the response; a Web `Request → Response` handler.
 *
 *   POST <route>                       a turn: `{data: AgentInput, init?: {sessionId?, snapshotId?, state?}}`
 *                                      (`{sessionId, snapshotId: null}`: the session's first turn again, from empty)
 *   GET  <route>/turns/<id>/stream     reattach (`Last-Event-ID`); POST <route>/turns/<id>/cancel stops the turn
 *   POST <route>/getSnapshot           `{data: {snapshotId} | {sessionId}}` → `{result: SessionSnapshot}` (with `snapshots`)
 *   POST <route>/abort                 `{data: {snapshotId}}` → `{result}` (with `abort`: a detached turn's stop)
 *
 * Streaming (`Accept: text/event-stream` or `?stream=true`), as @genkit-ai/express writes it: `Content-Type:
 * text/plain`, frames `data: {"message": chunk}`, then `data: {"result": output}` or `error: {"error": {status,
 * message}}`. Genkit's own client (`streamFlow`) reads a frame as "everything after `data: `", so the `id: <seq>`
 * lines are only written for a client that sends `x-agent-resumable: true`.
 * Reattaching, two ways: `GET <route>/turns/<turnId>/stream`, or Genkit's durable-streaming convention, the same POST
 * again with `x-genkit-stream-id: <turnId>` (what `streamFlow({streamId})` sends; 204 when unknown). Both replay from
 * `Last-Event-ID` when given, else from the first frame.
 * Non-streaming requests (and detached turns, `data.detach: true`, whose result comes by polling the agent's
 * `getSnapshot`) answer `{result}` (or Genkit's error JSON with its HTTP status), holding the session's turn slot
 * while the action runs.
 *
 * The kit's `data.customPatch` (the client's pending state writes) is taken off the input and applied to the session
 * the turn loads (`withClientState` around the agent's store). Ids in `init` must be safe ids (400).
 */
import { randomUUID } from 'node:crypto';
import type { AgentStreamChunk, MessageData } from 'genkit/beta';
import { noSuchConversation } from '../access/conversation-access.js';
import { guardRequests } from '../hygiene/request-guard.js';
import { sessionAccess, type AccessOptions } from './session-access.js';
import { jsonResponse, resumableHeader } from '../turns/turn-frames.js';
import type { ResumableTurns, WebHandler } from '../turns/resumable-turns.js';
import { isSessionSnapshot, openInterrupts, snapshotOf, type SnapshotReader } from './bridge.js';
import { clientPatchOf } from './client-state.js';
import { saveStartSnapshot, type StartStore } from './fork-point.js';
import { checkId, errorStatusOf, genkitErrorOf, invalidArgument, isRecord, runInTurn, type RunnableAction } from './runtime.js';
import { readJsonBody, sessionSizeRefusal, type SessionSizeCap } from './session-size.js';
import { turnSubroute } from './subroutes.js';
import { createSubAgentSink, routeSubAgentAnswers } from './sub-agent.js';
import { takesLightRequests } from '../http/request-body.js';

/** The headers of a Genkit streaming response (as @genkit-ai/express sends them). */
export const GENKIT_STREAM_HEADERS = { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache' };
export const GENKIT_STREAM_ID_HEADER = 'x-genkit-stream-id';

export interface GenkitAgentHandlerOptions extends AccessOptions {
  /** The route's path, e.g. `/api/agent` (its turn routes are under it). */
  route: string;
  /** The agent (`ai.defineAgent(…)`, or your wrapper around its `run`). */
  agent: RunnableAction;
  turns: ResumableTurns;
  /**
   * The agent's `getSnapshotDataAction`: resolves a request's snapshotId to its session (the turn slot is per session)
   * and answers `<route>/getSnapshot`; absent for client-managed state.
   */
  snapshots?: SnapshotReader;
  /** The agent's `abortAgentAction`, answering `<route>/abort`. */
  abort?: RunnableAction;
  /**
   * The agent's session store, where a named session's first turn run again (`init: {sessionId, snapshotId: null}`,
   * the kit's regenerate or edit of a thread's first answer) stores the empty start it runs from; without it such a
   * turn is refused (400), never run on the session's latest state.
   */
  store?: StartStore;
  /** 413 before a turn that would make its session store more than `maxBytes`. */
  sessionSize?: SessionSizeCap;
  /** Told of a turn that threw (its error is also the turn's `error:` frame or error answer). */
  onError?: (error: unknown) => void;
}

/**
 * The session a turn continues: `init.sessionId`, else the session of `init.snapshotId` (undefined: none, or unknown;
 * `'unreadable'`: the store could not read the snapshot).
 */
async function sessionOf(init: Record<string, unknown>, snapshots: SnapshotReader | undefined): Promise<string | undefined | 'unreadable'> {
  if (typeof init.sessionId === 'string') return init.sessionId;
  if (typeof init.snapshotId !== 'string' || !snapshots) return undefined;
  try {
    const snapshot = (await snapshots.run({ snapshotId: init.snapshotId })).result;
    return isSessionSnapshot(snapshot) && typeof snapshot.sessionId === 'string' ? snapshot.sessionId : undefined;
  } catch (error) {
    return errorStatusOf(error).status === 'NOT_FOUND' ? undefined : 'unreadable';
  }
}

const isMessage = (value: unknown): value is MessageData => isRecord(value) && typeof value.role === 'string' && Array.isArray(value.content);
const wantsStream = (request: Request) =>
  !!request.headers.get('accept')?.toLowerCase().includes('text/event-stream') || new URL(request.url).searchParams.get('stream') === 'true';

export function genkitAgentHandler(options: GenkitAgentHandlerOptions): WebHandler {
  const { route, agent, turns, snapshots, abort, store, sessionSize, onError } = options;
  const access = sessionAccess(options, snapshots, 'genkitAgentHandler');
  // A reattaching client reads ids (Genkit's own client never uses these GETs).
  const turnRoutes = turns.handler(route, { headers: GENKIT_STREAM_HEADERS, withIds: true, user: options.user });
  const streamHeaders = (turnId: string) => ({ ...GENKIT_STREAM_HEADERS, [GENKIT_STREAM_ID_HEADER]: turnId });

  async function post(request: Request, user: string): Promise<Response> {
    // Frame ids only for a client that said it reads them (Genkit's own client reads a frame as all after `data: `).
    const resumable = resumableHeader(request) === true;
    const streamId = request.headers.get(GENKIT_STREAM_ID_HEADER);
    if (streamId !== null) {
      const turn = await turns.find(streamId);
      if (!turn || turn.route !== route || turn.user !== user) return new Response(null, { status: 204 });
      return turns.stream(turn, { after: turns.lastSeen(request), withIds: resumable, headers: streamHeaders(turn.turnId), request });
    }
    // A retried POST of a turn already started (the same client turn id) reads that turn instead of running it again.
    const repeat = await turns.repeated(request, { route, user, join: (turnId) => ({ withIds: resumable, headers: streamHeaders(turnId) }) });
    if (repeat) return repeat;
    const read = await readJsonBody(request);
    if (!read || !isRecord(read.body)) return invalidArgument('Expected a JSON body {"data": …}.');
    const { body } = read;
    if (body.init !== undefined && !isRecord(body.init)) return invalidArgument('"init" must be an object.');
    let init: Record<string, unknown> = body.init ?? {};
    const problem = checkId('sessionId', init.sessionId) ?? checkId('snapshotId', init.snapshotId);
    if (problem) return invalidArgument(problem);
    // The session's first turn run again (`snapshotId: null`): from the session's empty start, not its latest state.
    const fromStart = init.snapshotId === null;
    if (fromStart && (typeof init.sessionId !== 'string' || !store)) return invalidArgument('"snapshotId": null (a first turn run again) needs a "sessionId" and a route with a session store.');
    // A new conversation of a server-managed agent gets its session id here, so that it is the user's from the start.
    if (snapshots && init.sessionId === undefined && init.snapshotId === undefined && init.state === undefined) init = { ...init, sessionId: randomUUID() };
    // The kit's `data.customPatch` (client-state.ts): taken off the input, applied to the session the turn loads.
    const { customPatch, ...data } = isRecord(body.data) ? body.data : {};
    const patch = clientPatchOf(customPatch);
    if (typeof patch === 'string') return invalidArgument(patch);
    const given = isRecord(body.data) ? data : body.data;
    // The snapshot's own session (another session's snapshot is refused here, before Genkit's message could name it).
    // An unreadable snapshot of the user's own session is Genkit's to report (it says which file is corrupt).
    const found = typeof init.snapshotId === 'string' ? (await sessionOf({ snapshotId: init.snapshotId }, snapshots)) ?? null : undefined;
    const ofSnapshot = found === 'unreadable' && typeof init.sessionId === 'string' ? init.sessionId : found === 'unreadable' ? null : found;
    const sessionId = typeof init.sessionId === 'string' ? init.sessionId : ofSnapshot ?? undefined;
    const named = init.sessionId !== undefined || init.snapshotId !== undefined;
    if (named && (sessionId === undefined || ofSnapshot === null || (ofSnapshot !== undefined && ofSnapshot !== sessionId) || !(await access.canWrite(user, sessionId)))) return noSuchConversation();
    // Only now, for the owner: a session's size says something about it.
    const refused = sessionSize && (await sessionSizeRefusal(sessionSize, { sessionId: init.sessionId, snapshotId: init.snapshotId, bytes: read.bytes }));
    if (refused) return refused;
    if (fromStart) init = { ...init, snapshotId: await saveStartSnapshot(store!, sessionId!) };
    // Answers to a sub-agent's questions go back to it: a restart of the tool call that runs it (sub-agent.ts).
    const input = snapshots && sessionId !== undefined && isRecord(given) && isRecord(given.resume)
      ? routeSubAgentAnswers(given, await openInterrupts(snapshots, sessionId).catch(() => []))
      : given;
    const begun = await turns.begin({
      route, sessionId, input: isMessage(data.message) ? data.message : undefined, user,
      request,
    });
    if ('response' in begun) return begun.response;
    const { turn } = begun;
    const signal = turns.signal(turn, { resumable: turns.isResumable(request), disconnect: request.signal });
    const context = { signal, ...(sessionId && { requestedSessionId: sessionId }), ...(patch && { clientState: { patch } }) };
    if (!wantsStream(request)) {
      return runInTurn(context, async () => {
        try {
          const response = await agent.run(input, { init, abortSignal: signal });
          return Response.json({ result: response.result });
        } catch (error) {
          onError?.(error);
          const { httpStatus, json } = genkitErrorOf(error);
          return jsonResponse(httpStatus, json);
        } finally {
          await turns.end(turn);
        }
      });
    }
    const append = (frame: string) => turns.append(turn, frame);
    const write = (chunk: AgentStreamChunk) => append(`data: ${JSON.stringify({ message: chunk })}`);
    // A sub-agent run in a tool writes its chunks into this stream too (forwardSubAgent).
    const subAgents = createSubAgentSink(write);
    void runInTurn({ ...context, subAgents }, async () => {
      try {
        const response = await agent.run(input, {
          init,
          abortSignal: signal,
          onChunk: (chunk: AgentStreamChunk) => {
            subAgents.observe(chunk);
            write(chunk);
          },
        });
        append(`data: ${JSON.stringify({ result: response.result })}`);
      } catch (error) {
        onError?.(error);
        append(`error: ${JSON.stringify({ error: genkitErrorOf(error).json })}`);
      } finally {
        await turns.end(turn);
      }
    });
    return turns.stream(turn, { after: -1, withIds: resumable, headers: streamHeaders(turn.turnId), request });
  }

  /** `<route>/getSnapshot` and `<route>/abort`: the action's `{result}`, or Genkit's error JSON with its HTTP status. */
  async function callAction(request: Request, action: RunnableAction, user: string): Promise<Response> {
    const read = await readJsonBody(request);
    if (!read || !isRecord(read.body) || !isRecord(read.body.data)) return invalidArgument('Expected a JSON body {"data": …}.');
    const { data } = read.body;
    const problem = checkId('sessionId', data.sessionId) ?? checkId('snapshotId', data.snapshotId);
    if (problem) return invalidArgument(problem);
    // Only the owner's sessions and snapshots: anything else (another user's, unknown) is the same 404.
    const sessionId = typeof data.sessionId === 'string' ? data.sessionId : typeof data.snapshotId === 'string' ? await sessionOf({ snapshotId: data.snapshotId }, snapshots) : undefined;
    if (sessionId === undefined || sessionId === 'unreadable' || !(await access.canRead(user, sessionId))) return noSuchConversation();
    try {
      const { result } = await action.run(data);
      if (action === snapshots) {
        const snapshot = snapshotOf(result);
        if (!snapshot || (snapshot.sessionId ?? snapshot.state?.sessionId) !== sessionId) return noSuchConversation();
      }
      return Response.json({ result });
    } catch (error) {
      const { httpStatus, json } = genkitErrorOf(error);
      return httpStatus === 404 ? noSuchConversation() : jsonResponse(httpStatus, json);
    }
  }

  // The Node adapter may hand it light requests (http/request-body.ts): everything here reads them through that module.
  return takesLightRequests(guardRequests(options)(async (request) => {
    const path = turnSubroute(route, request);
    if (path.kind === 'turns') return turnRoutes(request);
    const action = path.kind === 'sub' && path.segments.length === 1 && request.method === 'POST'
      ? (path.segments[0] === 'getSnapshot' && snapshots) || (path.segments[0] === 'abort' && abort) || undefined
      : undefined;
    if (path.kind !== 'route' && !action) return jsonResponse(404, { status: 'NOT_FOUND', message: 'No such route.' });
    if (!action && request.method !== 'POST') return jsonResponse(405, { status: 'METHOD_NOT_ALLOWED', message: 'Use POST.' }, { Allow: 'POST' });
    const user = await access.userOf(request);
    if (typeof user !== 'string') return user;
    return action ? callAction(request, action, user) : post(request, user);
  }));
}
