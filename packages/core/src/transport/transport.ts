import type { AgentInput } from '../model/chunk.js';
import type { AgentContextEntry } from '../model/context.js';
import type { DecodedFrame, JsonPatchOperation } from '../model/events.js';
import type { Message } from '../model/message.js';
import type { ToolRequestPart } from '../model/part.js';
import type { SessionState, SnapshotInfo, SnapshotQuery } from '../model/session.js';
import type { StreamOptions } from '../wire/limits.js';
import type { ToolDeclaration } from '../model/tools.js';
import type { ResumableOptions } from './resumable-options.js';

/** One protocol's frame decoder (defined with the framing, in wire/). */
export type { FrameDecoder } from '../wire/frame.js';

/** Everything a transport may need to run one turn. */
export interface TurnRequest {
  input: AgentInput;
  /** The conversation before this turn, for protocols that send the whole history. */
  history: Message[];
  sessionId: string | null;
  snapshotId: string | null;
  /** Client-managed sessions only: the full state to echo back. */
  state: SessionState | null;
  /** The custom state as the client has it now. */
  custom: unknown;
  /** Interrupts the previous turn left open (answered by `input.resume`). */
  interrupts: ToolRequestPart[];
  /** Frame limits for the response stream, and a callback per network read (the idle deadline); see `createAgentChat`. */
  stream?: StreamOptions;
  /** Set when the turn runs again from an earlier point (`regenerate`, `edit`, `retry`): what it replaces. */
  rerun?: TurnRerun;
  /** The client-side tools the browser offers, for protocols that declare them (AG-UI `tools`). */
  tools?: ToolDeclaration[];
  /**
   * Local writes (`setCustom`) the agent has not seen, oldest first, as one RFC 6902 patch; `custom` already holds
   * them. Absent when none wait. A transport that cannot deliver them fails the turn with `unsupported` instead.
   */
  customWrites?: JsonPatchOperation[];
  /** App context for this turn (the chat's, the components', the call's), in that order; absent when there is none. */
  context?: AgentContextEntry[];
}

/** A turn run again from an earlier point of the conversation; `history` is the conversation up to that point. */
export interface TurnRerun {
  operation: 'regenerate' | 'edit' | 'retry';
  /** The first message of the continuation this turn replaces (the old answer, or the user message being edited). */
  replaced: Message | null;
}

/** What `stop()` knows when it asks the server to stop. */
export interface StopTarget {
  sessionId: string | null;
  /** A snapshot the server may still be running (a detached or running turn). */
  snapshotId: string | null;
}

/**
 * Turns one turn request into the decoded frames of its stream, one array per network read.
 * `signal` aborts the request and releases the reader.
 */
export interface Transport {
  readonly name: string;
  run(request: TurnRequest, signal: AbortSignal): AsyncIterable<DecodedFrame[]>;
  /** Ask the server to stop work it is doing for this session. */
  stop?(target: StopTarget): Promise<void>;
  /** The server streams a turn's tool answers (`resume.respond`) back as a tool message, so the chat need not record them. */
  readonly echoesToolAnswers?: boolean;
  /** Read a stored snapshot. */
  getSnapshot?(query: SnapshotQuery, signal?: AbortSignal): Promise<SnapshotInfo>;
  /**
   * What `getSnapshot` reads: any snapshot by id ('snapshot', the default), or only a session's latest state
   * ('session': AG-UI threads, AI SDK chats). `exportChatTree` then keeps every message's content, since no snapshot
   * can give it back.
   */
  readonly snapshotReads?: 'snapshot' | 'session';
  /**
   * Resumable transports: the stream of a turn still running on the server (a restored session's `runningTurnId`),
   * from its first frame, decoded as `run` decodes a turn it started.
   */
  reattach?(turnId: string, request: TurnRequest, signal: AbortSignal): AsyncIterable<DecodedFrame[]>;
  /**
   * Where a turn can run again from (`regenerate`, `edit`, `retry`): 'anywhere' (default: the request carries the
   * history or snapshot up to that point) or 'start' (only from the start of a conversation: a new thread).
   */
  readonly reruns?: 'anywhere' | 'start';
}

/** Headers, or a function that gives them per request (so a refreshed token applies to the next turn). */
export type HeadersOption = HeadersInit | (() => HeadersInit | Promise<HeadersInit>);

/** Options every HTTP transport takes. */
export interface HttpTransportOptions {
  headers?: HeadersOption;
  /** A fetch implementation; defaults to the global one, looked up at call time. */
  fetch?: typeof fetch;
  /**
   * Turns that survive the client (servers that implement `x-agent-resumable`, like the kit's agent server): a body
   * that breaks off with a network error is reattached with backoff (`GET <url>/turns/<id>/stream` after the last SSE
   * id; `state.connection` is `reconnecting` meanwhile), bounded by `attempts` (then the turn fails with
   * `connection-lost`); `stop()` cancels the turn on the server (`POST <url>/turns/<id>/cancel`); `detach()` leaves it
   * running. Default false.
   */
  resumable?: boolean | ResumableOptions;
}

