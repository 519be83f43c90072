/**
 * The HTTP side of resumable turns, the same on every route:
 *
 *   every streaming response        header `x-agent-turn-id: <turnId>`; each SSE frame `id: <seq>` (0-based)
 *   GET  <route>/turns/<id>/stream  the frames after `Last-Event-ID` (or `?after=`; neither: from frame 0), then the
 *                                   live tail, ending when the turn ends; 204 when the turn is unknown or expired
 *   POST <route>/turns/<id>/cancel  stops the turn on the server → `{turnId, status: 'cancelling' | 'ended'}`; 404
 *   a second turn in a session      409 `{status: 'ABORTED', runningTurnId}` while one runs (a cancelled one is
 *                                   waited for, up to 5 s)
 *
 * A client that sends `x-agent-resumable: true` keeps its turn running when it disconnects; without it (the default
 * `keepTurnsOnDisconnect: false`) a response closed before the turn ended stops the turn, as clients that stop by
 * closing the request expect.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { MessageData } from 'genkit/beta';
import type { RedisTurns } from './redis-turns.js';
import { TurnGapError, type Turn, type TurnBuffers } from './turn-buffers.js';

export const TURN_ID_HEADER = 'x-agent-turn-id';
export const RESUMABLE_HEADER = 'x-agent-resumable';
const CANCELLED_WAIT_MS = 5000;

export interface TurnHttp {
  buffers: TurnBuffers;
  /** Whether turns outlive their request when the client does not say (default false). */
  keepTurnsOnDisconnect: boolean;
  /** Turns shared with other instances over Redis (`REDIS_URL`). */
  shared?: RedisTurns;
}

/** A turn to read: one this instance runs (or ran), or one another instance runs, known through Redis. */
export type FoundTurn = { turnId: string; route: string; local?: Turn; done?: boolean; input?: MessageData };

export async function findTurn(http: TurnHttp, turnId: string): Promise<FoundTurn | undefined> {
  const local = http.buffers.get(turnId);
  if (local) return { turnId, route: local.route, local };
  return http.shared?.info(turnId);
}

/** The turn running in a session, here or on another instance. */
export async function runningTurn(http: TurnHttp, sessionId: string): Promise<FoundTurn | undefined> {
  const local = http.buffers.running(sessionId);
  if (local) return { turnId: local.turnId, route: local.route, local, ...(local.input && { input: local.input }) };
  return http.shared?.running(sessionId);
}

/** The client reads SSE ids and reattaches: its turn must outlive its request. */
export function isResumableRequest(req: Request, http: TurnHttp): boolean {
  const value = req.get(RESUMABLE_HEADER)?.toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return http.keepTurnsOnDisconnect;
}

/** `Last-Event-ID` or `?after=`: the last frame the client has; -1 (from the start) when neither is a number. */
export function lastSeenSeq(req: Request): number {
  const raw = req.get('last-event-id') ?? (typeof req.query.after === 'string' ? req.query.after : undefined);
  const seq = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(seq) && seq >= -1 ? seq : -1;
}

/** One SSE frame: `id: <seq>` first (when ids are sent), then the frame's own lines, then the blank line. */
export function sseFrame(frame: { seq: number; data: string }, withIds: boolean): string {
  return `${withIds ? `id: ${frame.seq}\n` : ''}${frame.data}\n\n`;
}

/**
 * Starts a turn for `sessionId`, or answers 409 while another one runs there (one that is being cancelled is
 * waited for first). Returns undefined when it answered.
 */
export async function beginTurn(http: TurnHttp, res: Response, route: string, sessionId?: string, input?: MessageData): Promise<Turn | undefined> {
  let started = http.buffers.start(route, sessionId, input);
  if ('conflict' in started && started.conflict.controller.signal.aborted) {
    const running = started.conflict;
    await Promise.race([running.ended, new Promise((resolve) => setTimeout(resolve, CANCELLED_WAIT_MS).unref())]);
    started = http.buffers.start(route, sessionId, input);
  }
  let conflict: { turnId: string; route: string } | undefined = 'conflict' in started ? started.conflict : undefined;
  if ('turn' in started) {
    const other = await http.shared?.claim(started.turn);
    if (!other) return started.turn;
    http.buffers.discard(started.turn);
    conflict = other;
  }
  const { turnId, route: runningRoute } = conflict!;
  res.status(409).json({
    status: 'ABORTED',
    message: `Session ${sessionId} already has a turn running (${turnId}). Wait for it, reattach with GET ${runningRoute}/turns/${turnId}/stream, or cancel it with POST ${runningRoute}/turns/${turnId}/cancel.`,
    runningTurnId: turnId,
  });
  return undefined;
}

/**
 * The signal a turn runs with: its cancel endpoint, and (for a client that cannot resume) the response closing
 * before the turn ended. The reason says which: 'cancelled' or 'client closed'.
 */
export function turnSignal(turn: Turn, res: Response, resumable: boolean): AbortSignal {
  if (!resumable) {
    res.on('close', () => {
      if (!res.writableFinished && !turn.controller.signal.aborted) turn.controller.abort('client closed');
    });
  }
  return turn.controller.signal;
}

/** Writes the turn's frames after `after` to `res` (status and headers first) and ends it when the turn ends. */
export async function pipeTurn(
  http: TurnHttp,
  turn: Turn | FoundTurn,
  res: Response,
  options: { after: number; withIds: boolean; headers: Record<string, string> },
): Promise<void> {
  const local = 'controller' in turn ? turn : turn.local;
  if (local && options.after + 1 < http.buffers.firstSeq(local)) {
    res.status(410).json({ status: 'OUT_OF_RANGE', message: `Turn ${turn.turnId} no longer keeps the frames after ${options.after}: reload the session instead.` });
    return;
  }
  const gone = new AbortController();
  res.on('close', () => gone.abort());
  res.writeHead(200, { ...options.headers, [TURN_ID_HEADER]: turn.turnId });
  res.flushHeaders();
  const frames = local ? http.buffers.read(local, options.after, gone.signal) : http.shared!.read(turn.turnId, options.after, gone.signal);
  try {
    for await (const frame of frames) {
      if (res.destroyed || res.writableEnded) break;
      res.write(sseFrame(frame, options.withIds));
    }
  } catch (error) {
    if (!(error instanceof TurnGapError)) throw error; // the reader fell behind the cap: end, the client reloads
  }
  if (!res.writableEnded) res.end();
}

/** `GET <route>/turns/:turnId/stream`: reattach to a turn (204 when unknown or expired). */
export function resumeTurnRoute(http: TurnHttp, route: string, headers: Record<string, string>, withIds: (req: Request) => boolean): RequestHandler {
  return (req, res, next) => {
    void (async () => {
      const turn = await findTurn(http, String(req.params.turnId));
      if (!turn || turn.route !== route) return void res.status(204).end();
      await pipeTurn(http, turn, res, { after: lastSeenSeq(req), withIds: withIds(req), headers });
    })().catch(next);
  };
}

/** `POST <route>/turns/:turnId/cancel`: stop a turn on the server. */
export function cancelTurnRoute(http: TurnHttp, route: string): RequestHandler {
  return (req, res, next) => {
    void (async () => {
      const turnId = String(req.params.turnId);
      const turn = await findTurn(http, turnId);
      if (!turn || turn.route !== route) return void res.status(404).json({ status: 'NOT_FOUND', message: 'No such turn (unknown or expired).' });
      if (!turn.local) {
        if (!turn.done) await http.shared!.cancel(turnId);
        return void res.json({ turnId, status: turn.done ? 'ended' : 'cancelling' });
      }
      const ended = http.buffers.isDone(turn.local);
      if (!ended && !turn.local.controller.signal.aborted) turn.local.controller.abort('cancelled');
      res.json({ turnId, status: ended ? 'ended' : 'cancelling' });
    })().catch(next);
  };
}
