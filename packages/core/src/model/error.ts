/** What went wrong, as a stable machine-readable code. */
export type AgentChatErrorCode =
  | 'http-error'          // the server answered with a 4xx/5xx status (other than 401, 404 and a busy session's 409)
  | 'busy'                // a resumable transport's turn refused: the session runs another (409 ABORTED; `details.runningTurnId` names it)
  | 'unauthorized'        // the server answered 401: the request has no user (sign in)
  | 'not-found'           // the server answered 404: no such conversation, or not this user's
  | 'network-error'       // fetch failed or the body broke off
  | 'invalid-request'     // the turn's request could not be built or serialized from its input and state; nothing was sent
  | 'connection-lost'     // a resumable turn's stream broke off and reattaching to it failed every time
  | 'server-error'        // the server sent an error frame or a failed result
  | 'malformed-frame'     // a frame that is not valid JSON
  | 'incomplete-stream'   // the stream ended before the turn's end signal
  | 'patch-failed'        // a custom-state JSON Patch could not be applied (state unchanged)
  | 'unsafe-patch'        // a patch targeted __proto__, constructor or prototype (state unchanged)
  | 'unsupported'         // the transport cannot do what was asked
  | 'too-deep'            // a received value nests deeper than `maxDepth` (or than the engine's stack allows)
  | 'frame-too-large'     // a frame grew past `maxFrameBytes` without ending; the stream was given up
  | 'timeout'             // the turn ran past `timeout`, or no byte came for `idleTimeout`
  | 'internal-error'      // decoding or reducing a frame threw; the turn ended there
  | 'tool-rounds-exceeded' // the agent asked for client tools more than `maxToolRounds` times in one turn
  | 'context-too-large'   // the turn's context entries serialize past `maxContextBytes`; nothing was sent
  | 'feature-missing'     // a method or option of an opt-in feature (versionTree, clientTools, resumable) the chat was made without
  | 'aborted';            // the caller stopped the turn

/** Options for {@link AgentChatError}. */
export interface AgentChatErrorOptions {
  status?: number;
  serverStatus?: string;
  details?: unknown;
  cause?: unknown;
}

/** The one error type the kit reports: a code, the HTTP status if any, and the server's own message. */
export class AgentChatError extends Error {
  override readonly name = 'AgentChatError';
  readonly code: AgentChatErrorCode;
  /** HTTP status, when the server answered with one. */
  readonly status?: number;
  /** The server's own status name, e.g. Genkit's `NOT_FOUND` or `INTERNAL`. */
  readonly serverStatus?: string;
  readonly details?: unknown;

  constructor(code: AgentChatErrorCode, message: string, options: AgentChatErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options.status !== undefined) this.status = options.status;
    if (options.serverStatus !== undefined) this.serverStatus = options.serverStatus;
    if (options.details !== undefined) this.details = options.details;
  }

  /** A plain, serializable view (for logs, devtools and postMessage). */
  toJSON(): { name: string; code: AgentChatErrorCode; message: string; status?: number; serverStatus?: string } {
    const json: ReturnType<AgentChatError['toJSON']> = { name: this.name, code: this.code, message: this.message };
    if (this.status !== undefined) json.status = this.status;
    if (this.serverStatus !== undefined) json.serverStatus = this.serverStatus;
    return json;
  }
}

/** The code of an HTTP error status: `unauthorized` (401), `not-found` (404), else `http-error`. */
export function httpErrorCode(status: number): AgentChatErrorCode {
  return status === 401 ? 'unauthorized' : status === 404 ? 'not-found' : 'http-error';
}

/** True for an {@link AgentChatError}, across realms and bundle copies. */
export function isAgentChatError(value: unknown): value is AgentChatError {
  return value instanceof AgentChatError || (value instanceof Error && value.name === 'AgentChatError' && 'code' in value);
}

/** Wraps anything thrown into an {@link AgentChatError}. */
export function toAgentChatError(value: unknown, fallback: AgentChatErrorCode = 'network-error'): AgentChatError {
  if (isAgentChatError(value)) return value;
  if (value instanceof Error && value.name === 'AbortError') {
    return new AgentChatError('aborted', 'The turn was stopped.', { cause: value });
  }
  const message = value instanceof Error ? value.message : String(value);
  return new AgentChatError(fallback, message, { cause: value });
}
