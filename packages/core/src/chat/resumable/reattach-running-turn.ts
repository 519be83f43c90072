import type { AgentResponse } from '../../model/chunk.js';
import { textOf } from '../../model/part.js';
import type { SnapshotInfo } from '../../model/session.js';
import type { AgentChat } from '../agent-chat.js';
import type { ChatFeature } from '../chat-features.js';
import type { ChatParts } from '../chat-parts.js';
import { confirmAborted, markAborting, pollDetachedRun, stopDetachedPoll } from './detached-poll.js';
import type { DetachedPoll } from './detached-poll-types.js';
import { loadSnapshot } from '../session/load-snapshot.js';
import type { SendOptions } from '../chat-options.js';
import type { RunningTurn } from '../state/chat-state.js';
import { enqueueTurn } from '../turn/enqueue-turn.js';

/**
 * Reads the stream of a turn still running on the server as a turn of this chat (the earlier turns show at once, the
 * answer streams in to its end); `input` is its user message when the chat does not show it yet. Needs a resumable
 * transport; null without one.
 */
function readRunningTurn<S>(parts: ChatParts<S>, turnId: string, input: RunningTurn['input'], call?: SendOptions): Promise<AgentResponse<S>> | null {
  const source = parts.settings.options.transport;
  if (!source.reattach) return null;
  return enqueueTurn(parts, input ? { message: input } : {}, undefined, call, undefined, null, {
    name: source.name,
    run: (request, signal) => source.reattach!(turnId, request, signal),
  });
}

/** A restored session whose turn still runs on the server (`runningTurnId`): the server's snapshot already holds its question. */
function reattachRunningTurn<S>(parts: ChatParts<S>, info: SnapshotInfo<S>): void {
  if (info.runningTurnId) void readRunningTurn(parts, info.runningTurnId, undefined);
}

/**
 * `chat.reattach(turn)`: a running turn the app kept across a reload (`state.runningTurn`). Applies only while the chat
 * is idle and shows the point the turn continues from; its question is shown first unless it is already the last message.
 */
export function reattachKeptTurn<S>(parts: ChatParts<S>, turn: RunningTurn, call?: SendOptions): Promise<AgentResponse<S>> | null {
  const state = parts.store.getState();
  if (parts.queue.busy || state.status === 'submitted' || state.status === 'streaming') return null;
  if ((state.snapshotId ?? null) !== (turn.snapshotId ?? null)) return null;
  const last = state.messages[state.messages.length - 1];
  const shown = last?.role === 'user' && turn.input !== undefined && textOf(last.content) === textOf(turn.input.content);
  return readRunningTurn(parts, turn.turnId, shown ? undefined : turn.input, call);
}

/**
 * Resumable turns as a chat feature: `reattach(turn)`, reattaching to the turn a restored session still runs, and
 * polling a `detached` run's snapshot (the `pollDetached` option). The transport's side is its `resumable` option.
 * `createAgentChat({ transport, features: [resumable()] })`.
 */
export function resumable(): ChatFeature {
  return {
    name: 'resumable',
    install<S>(parts: ChatParts<S>): Partial<AgentChat<S>> {
      const poll: DetachedPoll = { controller: null, aborting: false, load: (info, signal) => loadSnapshot(parts, info as SnapshotInfo<S>, signal) };
      parts.resumable = {
        detached: (response, from) => pollDetachedRun(parts, poll, response, from),
        stopPoll: () => stopDetachedPoll(poll),
        markAborting: () => markAborting(parts, poll),
        confirmAborted: () => confirmAborted(parts, poll),
        reattachRunning: (info) => reattachRunningTurn(parts, info),
      };
      return { reattach: async (turn, options) => (await reattachKeptTurn(parts, turn, options)) ?? null };
    },
  };
}
