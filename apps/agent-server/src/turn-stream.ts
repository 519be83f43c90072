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
import { TurnGapError, type Turn, type TurnBuffers } from './turn-buffers.js';

export const TURN_ID_HEADER = 'x-agent-turn-id';
export const RESUMABLE_HEADER = 'x-agent-resumable';
const CANCELLED_WAIT_MS = 5000;

export interface TurnHttp {
  buffers: TurnBuffers;
  /** Whether turns outlive their request when the client does not say (default false). */
  keepTurnsOnDisconnect: boolean;
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
export async function beginTurn(http: TurnHttp, res: Response, route: string, sessionId?: string): Promise<Turn | undefined> {
  let started = http.buffers.start(route, sessionId);
  if ('conflict' in started && started.conflict.controller.signal.aborted) {
    const running = started.conflict;
    await Promise.race([running.ended, new Promise((resolve) => setTimeout(resolve, CANCELLED_WAIT_MS).unref())]);
    started = http.buffers.start(route, sessionId);
  }
  if ('turn' in started) return started.turn;
  const { turnId, route: runningRoute } = started.conflict;
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
  turn: Turn,
  res: Response,
  options: { after: number; withIds: boolean; headers: Record<string, string> },
): Promise<void> {
  if (options.after + 1 < http.buffers.firstSeq(turn)) {
    res.status(410).json({ status: 'OUT_OF_RANGE', message: `Turn ${turn.turnId} no longer keeps the frames after ${options.after}: reload the session instead.` });
    return;
  }
  const gone = new AbortController();
  res.on('close', () => gone.abort());
  res.writeHead(200, { ...options.headers, [TURN_ID_HEADER]: turn.turnId });
  res.flushHeaders();
  try {
    for await (const frame of http.buffers.read(turn, options.after, gone.signal)) {
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
    const turn = http.buffers.get(String(req.params.turnId));
    if (!turn || turn.route !== route) return void res.status(204).end();
    pipeTurn(http, turn, res, { after: lastSeenSeq(req), withIds: withIds(req), headers }).catch(next);
  };
}

/** `POST <route>/turns/:turnId/cancel`: stop a turn on the server. */
export function cancelTurnRoute(http: TurnHttp, route: string): RequestHandler {
  return (req, res) => {
    const turn = http.buffers.get(String(req.params.turnId));
    if (!turn || turn.route !== route) return void res.status(404).json({ status: 'NOT_FOUND', message: 'No such turn (unknown or expired).' });
    const ended = http.buffers.isDone(turn);
    if (!ended && !turn.controller.signal.aborted) turn.controller.abort('cancelled');
    res.json({ turnId: turn.turnId, status: ended ? 'ended' : 'cancelling' });
  };
}
