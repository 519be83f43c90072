import type { SnapshotInfo } from '../model/session.js';
import type { ChatParts } from './chat-parts.js';
import { enqueueTurn } from './enqueue-turn.js';

/**
 * A restored session whose turn still runs on the server: its stream is read as a turn without input (the page shows
 * the earlier turns at once, and the answer streams in to its end). Needs a resumable transport.
 */
export function reattachRunningTurn<S>(parts: ChatParts<S>, info: SnapshotInfo<S>): void {
  const source = parts.settings.options.transport;
  const turnId = info.runningTurnId;
  if (!turnId || !source.reattach) return;
  void enqueueTurn(parts, {}, undefined, undefined, undefined, null, {
    name: source.name,
    run: (request, signal) => source.reattach!(turnId, request, signal),
  });
}
