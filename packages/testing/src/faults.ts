/**
 * A failure injected into a replayed turn. `turn` (0-based) picks the turn; without it the fault hits every turn.
 * - `cut`: after `afterFrames` frames the connection drops (the body errors): the chat keeps the partial reply and
 *   ends in status 'error' with a `network-error`.
 * - `corrupt`: frame `frame`'s first JSON value is made unparseable: the dialect reports a `malformed-frame` error
 *   and the turn ends in status 'error' (the rest of the stream still applies).
 * - `stall`: the server goes quiet for `ms` after `afterFrames` frames (not scaled by `speed`), then goes on.
 * - `http`: the server answers with HTTP `status` (and `message` in the body) instead of the stream.
 */
export type ReplayFault =
  | { kind: 'cut'; afterFrames: number; turn?: number }
  | { kind: 'corrupt'; frame: number; turn?: number }
  | { kind: 'stall'; afterFrames: number; ms: number; turn?: number }
  | { kind: 'http'; status: number; message?: string; turn?: number };

/** A fault without its turn (the turn it hits is chosen elsewhere, e.g. by a story control). */
export type ReplayFaultKind = ReplayFault extends infer Fault ? (Fault extends unknown ? Omit<Fault, 'turn'> : never) : never;

/** The faults that apply to turn `index`. */
export function faultsFor(faults: readonly ReplayFault[], index: number): ReplayFault[] {
  return faults.filter((fault) => fault.turn === undefined || fault.turn === index);
}

/** `raw` with its first JSON value broken: a `#` right after the first `{` or `[` (or in front, if it has neither). */
export function corruptText(raw: string): string {
  const at = raw.search(/[{[]/);
  return at < 0 ? `#${raw}` : `${raw.slice(0, at + 1)}#${raw.slice(at + 1)}`;
}
