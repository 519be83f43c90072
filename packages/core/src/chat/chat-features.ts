import type { Draft } from 'immer';
import type { AgentInput, AgentResponse } from '../model/chunk.js';
import { AgentChatError } from '../model/error.js';
import type { ChatMessage } from '../model/message.js';
import type { ToolResponsePart } from '../model/part.js';
import type { SnapshotInfo } from '../model/session.js';
import type { ToolDeclaration } from '../model/tools.js';
import type { TurnRerun } from '../transport/transport.js';
import type { ChatState } from './state/chat-state.js';

type ToolAnswers = ToolResponsePart[] | null;

/** The conversation tree's side of a turn and of the history operations (the `versionTree()` feature). */
export interface TreeSlot<S> {
  /** A token taken when a round starts: `settle` and `record` apply only while the tree was not replaced since. */
  epoch(): number;
  /** Last changes to the store in the update that ends a turn (its messages' sibling positions). */
  settle(draft: Draft<ChatState<S>>, start: number, ended: { finishReason: string; snapshotId?: string }, epoch: number): void;
  /** Records the turn that started at message `start` with `input` in the tree. */
  record(start: number, input: AgentInput, epoch: number): void;
  /** After `reset`: a new tree whose only line is what the store shows. */
  reset(): void;
  /** After `branch` rewound to a checkpoint: the shown line ends where the store's does. */
  cut(): void;
  /** After a snapshot was loaded: the tree of its conversation (`parent`: the snapshot before its last turn). */
  restored(parent: SnapshotInfo<S> | null): void;
  /** A message changed in place (feedback): the tree keeps the new value. */
  replace(message: ChatMessage): void;
}

/** The client-tool loop (the `clientTools()` feature). */
export interface ToolSlot<S> {
  /** The tools declared to the agent with each request. */
  declare(): ToolDeclaration[];
  /** Runs a turn, then as many tool rounds as the agent asks for (up to the bound). */
  drive(input: AgentInput, answers: ToolAnswers, signal: AbortSignal, runOne: (input: AgentInput, answers: ToolAnswers) => Promise<AgentResponse<S>>): Promise<AgentResponse<S>>;
}

/** Resumable turns on the chat's side (the `resumable()` feature): polling a detached run, reattaching to a running one. */
export interface ResumableSlot<S> {
  /** After a turn ended `detached`: polls its snapshot (unless `pollDetached` is false). */
  detached(response: AgentResponse<S>, from: string | null): void;
  /** The chat moved on (a turn, `reset`, `branch`, `restore`): polling ends. */
  stopPoll(): void;
  /** `stop()` while a detached run is polled: shows `aborting`; true when one was. */
  markAborting(): boolean;
  /** The server confirmed the stop of a run polled through its session. */
  confirmAborted(): void;
  /** A restored session whose turn still runs on the server: reads it to its end. */
  reattachRunning(info: SnapshotInfo<S>): void;
}

/** What a rerun (regenerate, edit, retry) runs, once the tree showed the line it runs from. */
export interface PreparedRerun {
  input: AgentInput;
  inputMessageId?: string | undefined;
  rerun: TurnRerun;
}

/** The name of an opt-in feature, as its factory is called (`chat.hasFeature(name)`). */
export type ChatFeatureName = 'versionTree' | 'clientTools' | 'resumable' | 'persist' | 'subAgents';

/**
 * An opt-in part of a chat, passed to `createAgentChat({ features: [...] })`: `versionTree()`, `clientTools()`,
 * `resumable()`. A feature the app does not import is not in its bundle.
 */
export interface ChatFeature {
  /** The feature's name, as its factory is called (`versionTree`, `clientTools`, `resumable`). */
  readonly name: string;
  /**
   * Internal: installs the feature into a new chat (its parts, and the chat); returns the chat methods it provides.
   * Typed opaquely so that the public types do not carry the chat's internals.
   */
  install(parts: never, chat: never): object;
}

/** The typed error of a method whose feature the chat was made without. */
export function featureMissing(feature: string, method: string): AgentChatError {
  return new AgentChatError('feature-missing', `${method} needs the ${feature}() feature: createAgentChat({ ..., features: [${feature}()] }).`, { details: { feature } });
}
