/**
 * @agent-chat/core/contract: the wire contract between the kit's clients and a server (the kit's own
 * `@agent-chat/server`, or yours), defined once: the resumable-turn headers, the turn paths, the frame ids, the routes
 * of the kit's server and the ids they accept. Core's transports build requests from it and `@agent-chat/server`
 * parses them with it; docs/WIRE-CONTRACT.md describes it and a test checks the page against this module.
 */

/** Request header: a client that reattaches sends `x-agent-resumable: true`, and its turn outlives its request. */
export const RESUMABLE_HEADER = 'x-agent-resumable';
/** Response header: every streaming response of a turn names the turn in it. */
export const TURN_ID_HEADER = 'x-agent-turn-id';
/** Response header: a restore (AG-UI `connect`) names the turn still running in the conversation. */
export const RUNNING_TURN_HEADER = 'x-agent-running-turn-id';
/** Request header of a reattach: the id of the last frame the client has (SSE's own `Last-Event-ID`). */
export const LAST_EVENT_ID_HEADER = 'last-event-id';
/** Query parameter of a reattach, for clients that cannot set a header: `?after=<seq>`. */
export const AFTER_PARAM = 'after';

/** What a turn's path does: `stream` (GET, reattach) or `cancel` (POST, stop it on the server). */
export type TurnAction = 'stream' | 'cancel';
export const TURN_ACTIONS: readonly TurnAction[] = ['stream', 'cancel'];

/** The path of a turn under its route, relative: `turns/<id>/stream` or `turns/<id>/cancel` (the id URI-encoded). */
export function turnPath(turnId: string, action: TurnAction): string {
  return `turns/${encodeURIComponent(turnId)}/${action}`;
}

const TURN_PATH = /\/turns\/([^/]+)\/(stream|cancel)\/?$/;

/** The turn and action a request path names (`…/turns/<id>/stream|cancel`), or null; the id is decoded. */
export function parseTurnPath(pathname: string): { turnId: string; action: TurnAction } | null {
  const match = TURN_PATH.exec(pathname);
  if (!match) return null;
  let turnId: string;
  try {
    turnId = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return { turnId, action: match[2] as TurnAction };
}

/**
 * A frame's id: its sequence number in the turn, from 0, the same for every reader. Written as the SSE line
 * `id: <seq>` before the frame's own lines.
 */
export function frameIdLine(seq: number): string {
  return `id: ${seq}\n`;
}

/** The sequence number of a frame id (`Last-Event-ID`, `?after=`): an integer ≥ -1, or -1 (from the start) for anything else. */
export function parseFrameId(raw: string | null | undefined): number {
  const seq = raw === null || raw === undefined || raw === '' ? NaN : Number(raw);
  return Number.isInteger(seq) && seq >= -1 ? seq : -1;
}

/** The value of `x-agent-resumable`: `true` / `1` or `false` / `0`; undefined when absent or anything else. */
export function parseResumableHeader(value: string | null | undefined): boolean | undefined {
  const lower = value?.toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  return undefined;
}

/**
 * The routes of the kit's server under its base path (`/api`): the route each protocol it serves is at, and the
 * threads route. `genkitRoutes` mounts them; the demo and the examples call them.
 */
export const ROUTES = { genkit: 'agent', agui: 'agui', 'ai-sdk': 'ai-sdk' } as const;
/** A protocol the kit's server serves: `genkit`, `agui` or `ai-sdk` (a test table over them is `satisfies Record<RouteProtocol, …>`). */
export type RouteProtocol = keyof typeof ROUTES;
/** A route of a protocol on the kit's server: `agent`, `agui` or `ai-sdk`. */
export type RouteName = (typeof ROUTES)[keyof typeof ROUTES];
/** The three route names, in order. */
export const ROUTE_NAMES: readonly RouteName[] = /* @__PURE__ */ Object.values(ROUTES);
/** Each user's threads: `GET|POST <base>/threads`, `GET|PATCH|DELETE <base>/threads/<id>`. */
export const THREADS_ROUTE = 'threads';
/** The kit server's default base path. */
export const DEFAULT_BASE = '/api';

/** `<base>/<route>` without a doubled slash: `routePath('/api', 'agui')` is `/api/agui`. */
export function routePath(base: string, route: RouteName | typeof THREADS_ROUTE): string {
  return `${base.replace(/\/+$/, '')}/${route}`;
}

/** Letters, digits, `_` and `-`, 1 to 128 characters: what the server accepts as a session, snapshot, turn or thread id. */
export const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** True for a string of 1-128 letters, digits, `_` or `-` (UUIDs fit; `..`, `/`, `\`, `.` and NUL do not). */
export function isSafeId(value: unknown): value is string {
  return typeof value === 'string' && SAFE_ID.test(value);
}

/** The message for an unsafe id, or undefined when `value` is absent or safe. */
export function checkId(label: string, value: unknown): string | undefined {
  if (value === undefined || value === null || isSafeId(value)) return undefined;
  return `Invalid ${label}: expected 1-128 characters of A-Z, a-z, 0-9, "_" or "-".`;
}
