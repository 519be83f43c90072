/**
 * The abort reason of `AgentChat.detach()`: the local read ends, the turn goes on running on the server. A resumable
 * transport does not cancel a turn aborted with it, and the turn ends locally with finishReason `detached`.
 */
export class TurnDetached extends Error {
  override readonly name = 'TurnDetached';
  constructor() {
    super('The client detached from the turn; it goes on running on the server.');
  }
}

/** True when a signal was aborted by `detach()`. */
export function isDetached(reason: unknown): boolean {
  return reason instanceof TurnDetached || (reason instanceof Error && reason.name === 'TurnDetached');
}
