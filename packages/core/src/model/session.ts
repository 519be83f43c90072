import type { FinishReason } from './finish-reason.js';
import type { Message } from './message.js';
import type { Metadata, Part } from './part.js';

/** A named or unnamed output of the agent: same name replaces, unnamed appends. */
export interface Artifact {
  name?: string;
  parts: Part[];
  metadata?: Metadata;
}

/** The whole state of a session, as client-managed agents exchange it. */
export interface SessionState<S = unknown> {
  sessionId?: string;
  messages: Message[];
  custom?: S;
  artifacts: Artifact[];
}

/**
 * A session state as an app gives it to a client-managed chat: Genkit's own `SessionState`, whose every field is
 * optional (a chat seeded with `{ custom: { tasks: [] } }` starts with no messages and no artifacts).
 */
export type SessionStateInit<S = unknown> = Partial<SessionState<S>>;

/** The complete state of a given one: missing `messages` and `artifacts` are empty lists. */
export function completeSessionState<S>(state: SessionStateInit<S>): SessionState<S> {
  return { ...state, messages: state.messages ?? [], artifacts: state.artifacts ?? [] };
}

/** Lifecycle of a stored snapshot; unknown server strings are kept as they are. */
export type SnapshotStatus = 'pending' | 'aborting' | 'completed' | 'failed' | 'aborted' | 'expired' | (string & {});

/** A stored snapshot of a server-managed session. */
export interface SnapshotInfo<S = unknown> {
  snapshotId: string;
  sessionId?: string;
  parentId?: string;
  createdAt?: string;
  updatedAt?: string;
  status?: SnapshotStatus;
  finishReason?: FinishReason;
  error?: { status?: string; message: string; details?: unknown };
  state?: SessionState<S>;
  /** A turn still running in the session (servers with resumable turns): reattach to it to see its end. */
  runningTurnId?: string;
  raw: unknown;
}

/** Which snapshot to read: an exact one, or the latest of a session. */
export type SnapshotQuery = { snapshotId: string } | { sessionId: string };

/** Upserts an artifact into a list in place: same name replaces, unnamed (or new name) appends. */
export function upsertArtifact(list: Artifact[], artifact: Artifact): number {
  if (artifact.name !== undefined) {
    const index = list.findIndex((existing) => existing.name === artifact.name);
    if (index >= 0) {
      list[index] = artifact;
      return index;
    }
  }
  list.push(artifact);
  return list.length - 1;
}
