import type { AgentResponse } from '../../model/chunk.js';
import type { SnapshotInfo, SnapshotQuery, SnapshotStatus } from '../../model/session.js';
import { abortableSleep, defaultReattachDelay } from '../../transport/resumable-options.js';
import type { ChatParts } from '../chat-parts.js';
import type { DetachedPoll } from './detached-poll-types.js';

export type { DetachedPoll, DetachedPollOptions } from './detached-poll-types.js';

const TERMINAL: ReadonlySet<string> = new Set(['completed', 'failed', 'aborted', 'expired']);

/** Ends the polling (a new turn, `reset`, `branch`, `restore`): the chat has moved on. */
export function stopDetachedPoll(poll: DetachedPoll): void {
  poll.controller?.abort();
  poll.controller = null;
  poll.aborting = false;
}

/**
 * The run's status in a snapshot read. Polling Genkit's pending snapshot: its own `status` (Genkit computes `expired`
 * from a stale heartbeat on read). Polling the session (a turn detached mid-stream, no pending snapshot): `pending`
 * while the server names it running or the session still ends at the snapshot the turn started from, then the status
 * of the snapshot that followed.
 */
function statusOf(info: SnapshotInfo, pendingId: string | null, from: string | null): SnapshotStatus {
  if (pendingId) return info.status ?? 'pending';
  if (info.runningTurnId || info.snapshotId === from) return 'pending';
  return info.status ?? 'completed';
}

/**
 * After a turn ended `detached`: reads its snapshot with backoff (bounded) and shows its lifecycle in
 * `state.detached`; a `completed` (or `failed`) snapshot is loaded into the chat, as `restore` does.
 */
export function pollDetachedRun<S>(parts: ChatParts<S>, poll: DetachedPoll, response: AgentResponse<S>, from: string | null): void {
  const { store, settings } = parts;
  const option = settings.options.pollDetached ?? true;
  const transport = settings.options.transport;
  if (!option || !transport.getSnapshot) return;
  const pendingId = response.snapshotId;
  const sessionId = response.sessionId ?? store.getState().sessionId;
  const query: SnapshotQuery | null = pendingId ? { snapshotId: pendingId } : sessionId ? { sessionId } : null;
  if (!query) return;
  const given = option === true ? {} : option;
  const attempts = given.attempts ?? 12;
  // The reconnect backoff: 1, 2, 4, 8, then 15 s.
  const delay = given.delay ?? defaultReattachDelay;
  // Nobody awaits the polling: its timers let a Node script end (the chat's state just stops following the run).
  const sleep = given.sleep ?? ((ms: number, signal: AbortSignal) => abortableSleep(ms, signal, true));
  stopDetachedPoll(poll);
  const controller = new AbortController();
  poll.controller = controller;
  const show = (status: SnapshotStatus, polling: boolean) => {
    if (!controller.signal.aborted) store.api.setState({ detached: { snapshotId: pendingId, status, polling } });
  };
  show('pending', true);
  void (async () => {
    let status: SnapshotStatus = 'pending';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        await sleep(delay(attempt), controller.signal);
      } catch {
        return;
      }
      let info: SnapshotInfo<S>;
      try {
        info = (await transport.getSnapshot!(query, controller.signal)) as SnapshotInfo<S>;
      } catch {
        if (controller.signal.aborted) return;
        continue; // unreachable for now: the next read may answer
      }
      if (controller.signal.aborted) return;
      status = statusOf(info, pendingId, from);
      if (!TERMINAL.has(status)) {
        show(poll.aborting ? 'aborting' : status, true);
        continue;
      }
      if (status === 'completed' || status === 'failed') await poll.load(info, controller.signal).catch(() => undefined);
      if (controller.signal.aborted) return;
      poll.controller = null;
      show(status, false);
      return;
    }
    if (controller.signal.aborted) return;
    poll.controller = null;
    show(poll.aborting ? 'aborting' : status, false);
  })();
}

/** `stop()` while a detached run is polled: it shows `aborting` until a read says it ended. */
export function markAborting<S>(parts: ChatParts<S>, poll: DetachedPoll): boolean {
  const detached = parts.store.getState().detached;
  if (!detached?.polling || !poll.controller) return false;
  poll.aborting = true;
  parts.store.api.setState({ detached: { ...detached, status: 'aborting' } });
  return true;
}

/**
 * After the server confirmed the stop of a run polled through its session (no pending snapshot to read `aborted`
 * from): it is aborted, and polling ends.
 */
export function confirmAborted<S>(parts: ChatParts<S>, poll: DetachedPoll): void {
  const detached = parts.store.getState().detached;
  if (!detached || detached.snapshotId !== null || !poll.controller) return;
  stopDetachedPoll(poll);
  parts.store.api.setState({ detached: { ...detached, status: 'aborted', polling: false } });
}
