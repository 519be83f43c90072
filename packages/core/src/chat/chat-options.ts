import type { AgentChunk, AgentInput, AgentResponse } from '../model/chunk.js';
import type { AgentContextEntry, AgentContextOption } from '../model/context.js';
import type { AgentChatError } from '../model/error.js';
import type { JsonPatchOperation } from '../model/events.js';
import type { SessionStateInit } from '../model/session.js';
import type { Transport } from '../transport/transport.js';
import type { ClientTools } from '../model/tools.js';
import type { ChatFeature } from './chat-features.js';
import type { RunningTurn } from './state/chat-state.js';
import type { TurnDeadlineOptions, TurnLimitOptions } from './turn/deadlines.js';
import type { DetachedPollOptions } from './resumable/detached-poll-types.js';
import type { ChatMessage, MessageFeedback } from '../model/message.js';

/** What `onFeedback` hears: the rated message (with its feedback) and the rating, or null when it was taken back. */
export interface FeedbackEvent {
  messageId: string;
  feedback: MessageFeedback | null;
  message: ChatMessage;
}

/**
 * Options of {@link createAgentChat}. Limits: `maxDepth` (default 500 levels) and `maxFrameBytes` (default 8 MiB) end a
 * turn `failed` with `too-deep` / `frame-too-large`; `maxSubAgentDepth` (default 4) drops deeper sub-agent runs with a
 * `too-deep` error; `timeout` (whole turn) and `idleTimeout` (no byte for that long),
 * in ms, end it `failed` with `timeout` and tell the server as `stop()` does. No deadline by default.
 */
export interface AgentChatOptions<S = unknown> extends TurnLimitOptions {
  transport: Transport;
  /**
   * Opt-in parts of the chat, each imported from `@agent-chat/core`: `versionTree()`, `clientTools()`, `resumable()`.
   * Read when the chat is made (`configure` does not change them).
   */
  features?: readonly ChatFeature[];
  /** Continue a server-managed session (its latest snapshot). */
  sessionId?: string;
  /** Continue from an exact snapshot (a branch point). */
  snapshotId?: string;
  /**
   * Client-managed: the state to start from, echoed back to the server every turn (as Genkit's `SessionState`, every
   * field optional: missing messages and artifacts start empty).
   */
  state?: SessionStateInit<S>;
  onChunk?: (chunk: AgentChunk<S>) => void;
  onTurnEnd?: (response: AgentResponse<S>) => void;
  onError?: (error: AgentChatError) => void;
  /** Called by `setFeedback` with the rated message: send the rating where the app keeps them. */
  onFeedback?: (feedback: FeedbackEvent) => void;
  /** Message ids; defaults to a per-chat counter with a random prefix. */
  generateId?: () => string;
  /** Tools the browser runs when the agent asks for them; the turn continues with their results. Needs `clientTools()`. */
  tools?: ClientTools;
  /** Automatic tool rounds per turn before it ends with `tool-rounds-exceeded` (default 10). */
  maxToolRounds?: number;
  /**
   * A turn that ends `detached` (`detach()`, or Genkit's `detach` input) is followed by polling `getSnapshot` with
   * backoff, bounded (`state.detached` shows its status; a completed result is loaded). Default true (transports with
   * `getSnapshot`); false turns it off. Needs `resumable()`.
   */
  pollDetached?: boolean | DetachedPollOptions;
  /**
   * App context the agent sees with every turn (entries, or a function read when a turn's request is built), before
   * the entries components register (`addContext`, `useAgentContext`) and a call's own `context`.
   */
  context?: AgentContextOption;
  /** Bound on a turn's context serialized as JSON (default 64 KiB): past it the turn fails with `context-too-large`, unsent. */
  maxContextBytes?: number;
  /** Local writes not yet delivered, as `state.customWrites` held them: re-applied on top of whatever state the chat shows. */
  customWrites?: JsonPatchOperation[][];
}

/** Per-call options of `send`, `sendStream` and `resume`; `timeout` and `idleTimeout` override the chat's for this turn. */
export interface SendOptions extends TurnDeadlineOptions {
  /** Aborts this turn (or drops it from the queue). */
  signal?: AbortSignal;
  /** Context for this turn only, after the chat's own. */
  context?: readonly AgentContextEntry[];
}

/**
 * What `restore` brings back: a snapshot or a session (default: the chat's current one), and the turn the page kept
 * running (`state.runningTurn`) to join. A null id names nothing (a Genkit chat before its first turn ended).
 */
export interface RestoreQuery {
  snapshotId?: string | null | undefined;
  sessionId?: string | null | undefined;
  runningTurn?: RunningTurn | null | undefined;
}

/** What `reset` may start from. */
export type ResetInit<S> = Pick<AgentChatOptions<S>, 'sessionId' | 'snapshotId' | 'state' | 'customWrites'>;

/** Per-call options of `regenerate`, `edit` and `retry`. */
export type OperationOptions<S = unknown> = SendOptions & { onChunk?: (chunk: AgentChunk<S>) => void };

/** The options as `configure` last left them. */
export interface ChatOptionsHolder<S> {
  options: AgentChatOptions<S>;
}

/** The chat operations over the conversation tree (on `AgentChat`). */
export interface ChatBranchOperations<S = unknown> {
  /**
   * Runs again the turn that produced a model message (default: the shown line's last one), from the conversation as
   * it was before that turn. The old answer stays as a sibling. Queued like `send`; never rejects.
   */
  regenerate(messageId?: string, options?: OperationOptions<S>): Promise<AgentResponse<S>>;
  /** Replaces a user message's content and runs from there; the old continuation stays as a sibling. Queued like `send`. */
  edit(messageId: string, input: string | AgentInput, options?: OperationOptions<S>): Promise<AgentResponse<S>>;
  /** Shows sibling `index` (0-based) at that message's place, with its line's messages, custom state and artifacts. */
  switchBranch(messageId: string, index: number): void;
  /** Runs again the shown line's last turn when it failed or was stopped: same input, same point. */
  retry(options?: OperationOptions<S>): Promise<AgentResponse<S>>;
  /** Back to `ready` without a turn (the error is dismissed). */
  clearError(): void;
}
