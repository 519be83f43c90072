import { AgentChatError, isAgentChatError } from './error.js';

/** True for the engine's own "stack overflowed" error (V8 and JavaScriptCore: RangeError; SpiderMonkey: InternalError). */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof Error && (error.name === 'RangeError' || error.name === 'InternalError') && /call stack|too much recursion/i.test(error.message);
}

/**
 * The typed error a turn ends with when decoding or reducing threw: an {@link AgentChatError} as it is, a stack
 * overflow as `too-deep` (a value nested too deeply for this engine), anything else as `internal-error`.
 */
export function toTurnFailure(error: unknown, what: string): AgentChatError {
  if (isAgentChatError(error)) return error;
  if (isStackOverflow(error)) {
    return new AgentChatError('too-deep', `${what}: a value nests too deeply for this engine's stack.`, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new AgentChatError('internal-error', `${what}: ${message}`, { cause: error });
}

/**
 * The typed error a turn ends with when building its request threw (an input or a state the protocol cannot send, a
 * body that cannot be serialized): an {@link AgentChatError} as it is, a stack overflow as `too-deep`, anything else as
 * `invalid-request` — never a network error, since nothing was sent.
 */
export function toRequestFailure(error: unknown, what: string): AgentChatError {
  if (isAgentChatError(error) || isStackOverflow(error)) return toTurnFailure(error, what);
  const message = error instanceof Error ? error.message : String(error);
  return new AgentChatError('invalid-request', `${what}: ${message}`, { cause: error });
}

/** Runs one step of building a request; a throw becomes {@link toRequestFailure}'s typed error. */
export function buildingRequest<T>(what: string, build: () => T): T {
  try {
    return build();
  } catch (error) {
    throw toRequestFailure(error, what);
  }
}
