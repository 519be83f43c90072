import type { SnapshotInfo } from '../../model/session.js';
import type { ChatParts } from '../chat-parts.js';
import { stateFromSnapshot } from './session-continuity.js';

/**
 * Shows a stored snapshot's conversation (`restore`, a detached run's result). The snapshot before its last turn is
 * read too, so that turn can run again (regenerate, edit, retry). False, loading nothing, when the chat moved on
 * meanwhile: a turn runs, `signal` aborted, or `overtaken` says so.
 */
export async function loadSnapshot<S>(parts: ChatParts<S>, info: SnapshotInfo<S>, signal?: AbortSignal, overtaken?: () => boolean): Promise<boolean> {
  const { transport } = parts.settings.options;
  const parent = info.parentId && transport.getSnapshot
    ? ((await transport.getSnapshot({ snapshotId: info.parentId }, signal).catch(() => null)) as SnapshotInfo<S> | null)
    : null;
  if (signal?.aborted || overtaken?.() || parts.queue.busy) return false;
  const { store, history, createId } = parts;
  history.fork(0);
  store.replace(stateFromSnapshot(info, createId));
  history.checkpoint(info.snapshotId);
  parts.tree?.restored(parent);
  return true;
}
