import type { AgentChatError } from './error.js';
import type { FinishReason } from './finish-reason.js';
import type { Message } from './message.js';
import type { Part, ToolRequestPart, ToolResponsePart } from './part.js';
import type { Artifact, SessionState } from './session.js';

/** What one turn sends: a message, answers to interrupts, or both. Genkit's `AgentInput`. */
export interface AgentInput {
  message?: Message;
  resume?: { respond?: ToolResponsePart[]; restart?: ToolRequestPart[] };
  /** Ask the server to run the turn in the background (Genkit `detach`). */
  detach?: boolean;
}

/** The turn-end signal: no more chunks are coming. */
export interface TurnEnd {
  finishReason: FinishReason;
  snapshotId?: string;
}

/** One streamed chunk, as `sendStream` callbacks receive it. */
export interface AgentChunk<S = unknown> {
  /** Streamed model text in this chunk. */
  text?: string;
  /** The raw model chunk (Genkit's `ModelResponseChunk`, or the dialect's message delta). */
  modelChunk?: { role?: string; index?: number; content: Part[] } | unknown;
  toolRequest?: ToolRequestPart;
  toolResponse?: ToolResponsePart;
  artifact?: Artifact;
  /** The whole custom state after this chunk's change. */
  custom?: S;
  /** Present on the last chunk of every turn, also a failed one. */
  turnEnd?: TurnEnd;
  /** The underlying wire value. */
  raw: unknown;
}

/** The result of one turn (the `AgentResponse` of Genkit's agent docs, Run and Stream). */
export interface AgentResponse<S = unknown> {
  /** The final model message's text ('' if none). */
  text: string;
  message: Message | null;
  toolRequests: ToolRequestPart[];
  /** Pending interrupts: non-empty exactly when `finishReason` is 'interrupted'. */
  interrupts: ToolRequestPart[];
  finishReason: FinishReason;
  snapshotId: string | null;
  sessionId: string | null;
  custom: S | undefined;
  /** The full session state: only for client-managed sessions, otherwise null. */
  state: SessionState<S> | null;
  /** Artifacts produced this turn (Genkit: the session's artifacts as the result lists them). */
  artifacts: Artifact[];
  /** What went wrong, if anything. */
  error: AgentChatError | null;
  /** The protocol's own final output. */
  raw: unknown;
}
