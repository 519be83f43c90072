import type { AgentResponse } from '../../model/chunk.js';
import { AgentChatError } from '../../model/error.js';
import type { ChatMessage, Message } from '../../model/message.js';
import { openInterrupts } from '../../model/sub-agent.js';
import { completeSessionState, type SessionState, type SessionStateInit, type SnapshotInfo } from '../../model/session.js';
import { markDenials } from '../../model/tool-outcome.js';
import type { StopTarget } from '../../transport/transport.js';
import { initialChatState, type ChatState } from '../state/chat-state.js';
import type { JsonPatchOperation } from '../../model/events.js';

/** Where a chat starts: a server-managed session, a snapshot, or a client-managed state. */
export interface SessionInit<S> {
  sessionId?: string;
  snapshotId?: string;
  state?: SessionStateInit<S>;
  /** Local writes not yet delivered, as `state.customWrites` held them (kept across a reload or a thread switch). */
  customWrites?: JsonPatchOperation[][] | undefined;
}

/** What carries from one turn to the next besides the store: the client-managed state and a detached run. */
export interface SessionContinuity<S> {
  /** Client-managed sessions: the state echoed back to the server next turn. */
  readonly clientState: SessionState<S> | null;
  /** A finished turn: keeps the state the server returned, and the snapshot of a detached run (for `stop`). */
  afterTurn(response: AgentResponse<S>, returnedState: SessionState<S> | null): void;
  /** What `stop` asks the server to stop; the detached run is forgotten. */
  takeStopTarget(sessionId: string | null): StopTarget;
  /** Starts over from `init`. */
  reset(init: SessionInit<S> | undefined): void;
}

/** Creates the continuity of a chat started from `init`. */
export function createSessionContinuity<S>(init: SessionInit<S>): SessionContinuity<S> {
  let clientState: SessionState<S> | null = init.state ? completeSessionState(init.state) : null;
  let detachedSnapshotId: string | null = null;
  return {
    get clientState() {
      return clientState;
    },
    afterTurn(response, returnedState) {
      if (returnedState) clientState = returnedState;
      detachedSnapshotId = response.finishReason === 'detached' ? response.snapshotId : null;
    },
    takeStopTarget(sessionId) {
      const target = { sessionId, snapshotId: detachedSnapshotId };
      detachedSnapshotId = null;
      return target;
    },
    reset(next) {
      clientState = next?.state ? completeSessionState(next.state) : null;
      detachedSnapshotId = null;
    },
  };
}

/** Messages brought in from outside (a client state, a snapshot): done, with the chat's own ids. */
const adopt = (messages: Message[] | undefined, createId: () => string): ChatMessage[] =>
  (messages ?? []).map((message) => ({ ...message, id: createId(), status: 'done' }));

/** The store's state for a chat started from `init`; its `customWrites` are re-applied on top by the store as it enters. */
export function stateFromInit<S>(init: SessionInit<S> = {}, createId: () => string): ChatState<S> {
  return initialChatState<S>({
    sessionId: init.sessionId ?? init.state?.sessionId ?? null,
    snapshotId: init.snapshotId ?? null,
    custom: init.state?.custom,
    // Always named, so that `reset` drops the old session's pending writes (store.replace keeps unnamed ones).
    customWrites: undefined,
    artifacts: init.state?.artifacts ?? [],
    messages: adopt(init.state?.messages, createId),
  });
}

/** The store's state for a stored snapshot: its conversation, and its interrupts when it ended interrupted. */
export function stateFromSnapshot<S>(info: SnapshotInfo<S>, createId: () => string): ChatState<S> {
  const state = info.state;
  // Refused answers keep their outcome: a snapshot's messages say it only by the answer.
  const messages = markDenials(adopt(state?.messages, createId));
  const last = messages[messages.length - 1];
  const interrupted = info.finishReason === 'interrupted';
  return initialChatState<S>({
    messages,
    error: info.error ? new AgentChatError('server-error', info.error.message, info.error.status ? { serverStatus: info.error.status } : {}) : null,
    status: info.error ? 'error' : 'ready',
    custom: state?.custom,
    artifacts: state?.artifacts ?? [],
    sessionId: info.sessionId ?? state?.sessionId ?? null,
    // A failed or stopped snapshot holds the last good state; the next turn continues from the last good snapshot.
    snapshotId: info.error && info.parentId ? info.parentId : info.snapshotId,
    finishReason: info.finishReason ?? null,
    turnEnd: info.finishReason ? { finishReason: info.finishReason, snapshotId: info.snapshotId } : null,
    interrupts: interrupted && last ? openInterrupts(last.content) : [],
  });
}
