/**
 * `POST /api/agent` (and `/api/agent-client`): a Genkit agent turn, in @genkit-ai/express's wire format, run into a
 * replayable turn buffer (@agent-chat/server's resumableTurns) instead of straight into the response.
 *
 * Streaming (`Accept: text/event-stream` or `?stream=true`), as @genkit-ai/express writes it: `Content-Type:
 * text/plain`, frames `data: {"message": chunk}`, then `data: {"result": output}` or `error: {"error": {status,
 * message}}`. Genkit's own client (`streamFlow`) reads a frame as "everything after `data: `", so the `id: <seq>`
 * lines are only written for a client that sends `x-agent-resumable: true`.
 * Reattaching, two ways: `GET /api/agent/turns/<turnId>/stream` (@agent-chat/server), or Genkit's durable-streaming
 * convention, the same POST again with `x-genkit-stream-id: <turnId>` (what `streamFlow({streamId})` sends;
 * 204 when unknown). Both replay from `Last-Event-ID` when given, else from the first frame.
 * Non-streaming requests (and detached turns, `data.detach: true`, whose result comes by polling `getSnapshot`) go
 * through @genkit-ai/express itself, holding the session's turn slot while the action runs.
 */
import type { Request, RequestHandler } from 'express';
import type { MessageData } from 'genkit/beta';
import type { SnapshotReader } from '../genkit-bridge.js';
import { expressHandler, genkitLogger, getCallableJSON, type RunnableAction } from '../../agent/genkit-runtime.js';
import { clientPatchOf } from '../../turns/client-state.js';
import { runInTurn } from '../../turns/turn-context.js';
import { disconnectSignal, nodeHeaders, sendResponse, type ResumableTurns, type Turn } from '@agent-chat/server';

/** The headers of a Genkit streaming response (as @genkit-ai/express sends them). */
export const GENKIT_STREAM_HEADERS = { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache' };
export const GENKIT_STREAM_ID_HEADER = 'x-genkit-stream-id';

export interface GenkitTurnRouteOptions {
  route: string;
  action: RunnableAction;
  turns: ResumableTurns;
  /** Resolves a request's snapshotId to its session (the turn slot is per session); absent for client-managed state. */
  snapshots?: SnapshotReader;
}

interface GenkitBody {
  data?: unknown;
  init?: { sessionId?: unknown; snapshotId?: unknown };
}

/** The session a turn continues: `init.sessionId`, else the session of `init.snapshotId` (undefined: a new one). */
async function sessionOf(body: GenkitBody, snapshots: SnapshotReader | undefined): Promise<string | undefined> {
  const init = body.init ?? {};
  if (typeof init.sessionId === 'string') return init.sessionId;
  if (typeof init.snapshotId !== 'string' || !snapshots) return undefined;
  try {
    const snapshot = (await snapshots.run({ snapshotId: init.snapshotId })).result as { sessionId?: unknown } | undefined;
    return typeof snapshot?.sessionId === 'string' ? snapshot.sessionId : undefined;
  } catch {
    return undefined; // Genkit answers the unknown snapshot itself
  }
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null && !Array.isArray(value);

const wantsStream = (req: Request) => !!req.get('accept')?.toLowerCase().includes('text/event-stream') || req.query.stream === 'true';

export function genkitTurnRoute({ route, action, turns, snapshots }: GenkitTurnRouteOptions): RequestHandler {
  /** The action, ending the turn (and freeing the session's slot) when it settles. */
  const ending = (turn: Turn, signal: AbortSignal): RunnableAction => ({
    async run(input, options) {
      try {
        return await action.run(input, { ...options, abortSignal: signal });
      } finally {
        turns.end(turn);
      }
    },
  });
  const plain = (turn: Turn, signal: AbortSignal) => expressHandler(ending(turn, signal));

  return (req, res, next) => {
    void (async () => {
      const body = (req.body ?? {}) as GenkitBody;
      const request = { headers: nodeHeaders(req), url: req.originalUrl };
      const resumable = turns.isResumable(request);
      const streamId = req.get(GENKIT_STREAM_ID_HEADER);
      if (streamId !== undefined) {
        const turn = await turns.find(streamId);
        if (!turn || turn.route !== route) return void res.status(204).end();
        await sendResponse(res, await turns.stream(turn, { after: turns.lastSeen(request), withIds: resumable, headers: { ...GENKIT_STREAM_HEADERS, [GENKIT_STREAM_ID_HEADER]: turn.turnId } }));
        return;
      }
      // The kit's `data.customPatch` (client-state.ts): taken off the input, applied to the session the turn loads.
      const { customPatch, ...data } = (isObject(body.data) ? body.data : {}) as Record<string, unknown>;
      const patch = clientPatchOf(customPatch);
      if (typeof patch === 'string') return void res.status(400).json({ status: 'INVALID_ARGUMENT', message: patch });
      if (isObject(body.data)) body.data = data;
      const sessionId = await sessionOf(body, snapshots);
      const message = (body.data as { message?: MessageData } | undefined)?.message;
      const begun = await turns.begin({ route, sessionId, input: message && typeof message === 'object' ? message : undefined });
      if ('response' in begun) return void (await sendResponse(res, begun.response));
      const { turn } = begun;
      const signal = turns.signal(turn, { resumable, disconnect: disconnectSignal(res) });
      const context = { signal, ...(sessionId && { requestedSessionId: sessionId }), ...(patch && { clientState: { patch } }) };
      if (!wantsStream(req)) return void runInTurn(context, () => plain(turn, signal)(req, res, next));

      const append = (data: string) => turns.append(turn, data);
      void runInTurn(context, async () => {
        try {
          const response = await action.run(body.data, {
            init: body.init,
            abortSignal: signal,
            onChunk: (chunk: unknown) => append(`data: ${JSON.stringify({ message: chunk })}`),
          });
          append(`data: ${JSON.stringify({ result: response.result })}`);
        } catch (error) {
          genkitLogger.error(`Streaming request failed with error: ${(error as Error)?.message}\n${(error as Error)?.stack}`);
          append(`error: ${JSON.stringify({ error: getCallableJSON(error) })}`);
        } finally {
          turns.end(turn);
        }
      });
      await sendResponse(res, await turns.stream(turn, { after: -1, withIds: resumable, headers: { ...GENKIT_STREAM_HEADERS, [GENKIT_STREAM_ID_HEADER]: turn.turnId } }));
    })().catch(next);
  };
}
