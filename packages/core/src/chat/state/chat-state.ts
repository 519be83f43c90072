import type { AgentChatError } from '../../model/error.js';
import type { FinishReason } from '../../model/finish-reason.js';
import type { ChatMessage } from '../../model/message.js';
import type { ToolRequestPart, ToolResponsePart } from '../../model/part.js';
import type { Artifact } from '../../model/session.js';
import type { TurnEnd } from '../../model/chunk.js';
import type { ConnectionState, JsonPatchOperation } from '../../model/events.js';
import type { Message } from '../../model/message.js';
import type { SnapshotStatus } from '../../model/session.js';

/** Where the chat is: idle, waiting for the first byte, streaming, or ended in error. */
export type ChatStatus = 'ready' | 'submitted' | 'streaming' | 'error';

/** A client tool call the chat is running or holding: `waiting` for `addToolResult`, `answered` until sent. */
export interface ClientToolCall {
  name: string;
  input?: unknown;
  status: 'running' | 'waiting' | 'answered' | 'error' | 'cancelled';
  /** The answer, until the turn that sends it records it as a tool message. */
  response?: ToolResponsePart;
}

/**
 * A turn running on the server, as a resumable transport named it: keep it across a reload (with the session id) and
 * give it to `chat.reattach` once the session is restored, to see the answer complete.
 */
export interface RunningTurn {
  /** The server's id of the turn (`x-agent-turn-id`). */
  turnId: string;
  /** The snapshot the turn continues from: reattaching applies only while the chat shows that point. */
  snapshotId: string | null;
  /** The user message the turn answers, shown again before the answer when the restored session lacks it. */
  input?: Message;
}

/**
 * A turn that went on without the client (`detach()`, or Genkit's `detach` input): its snapshot's lifecycle as polling
 * `getSnapshot` reads it. `pending` while it runs, `aborting` after `stop()` asked the server to abort it, then one
 * of Genkit's terminal statuses (`completed`: its result is loaded into the chat; `failed`, `aborted`, `expired`).
 */
export interface DetachedRun {
  /** The pending snapshot Genkit named; null when the chat polls the session for its next snapshot instead. */
  snapshotId: string | null;
  status: SnapshotStatus;
  /** False once polling ended: a terminal status, or the bounded attempts ran out (the status is the last one read). */
  polling: boolean;
}

/** Everything the store holds. Unchanged slices keep their identity across updates. */
export interface ChatState<S = unknown> {
  messages: ChatMessage[];
  custom: S | undefined;
  artifacts: Artifact[];
  status: ChatStatus;
  finishReason: FinishReason | null;
  /** The last turn's end signal, its own snapshot included (also a failed or aborted turn's); null while one runs. */
  turnEnd: TurnEnd | null;
  /** Interrupts waiting for an answer: non-empty when the last turn ended 'interrupted', or answered them and failed or was stopped. */
  interrupts: ToolRequestPart[];
  sessionId: string | null;
  /** The snapshot the next turn continues from: the last completed turn's (a failed or aborted turn's is in its response). */
  snapshotId: string | null;
  error: AgentChatError | null;
  /** Client tool calls by tool call id, while they run, wait or are not sent yet (and cancelled ones). */
  clientToolCalls: Record<string, ClientToolCall>;
  /**
   * The running turn's stream, for resumable transports: `reconnecting` while a broken stream is reattached, `closed`
   * when that was given up (the turn failed with `connection-lost`); absent when the transport said nothing.
   */
  connection?: ConnectionState | undefined;
  /** The running turn's replayable stream on the server (resumable transports); absent when no such turn runs. */
  runningTurn?: RunningTurn | undefined;
  /** The last turn, when it went on without the client: its snapshot's status as polled. Absent otherwise. */
  detached?: DetachedRun | undefined;
  /**
   * Local writes (`setCustom`) not yet delivered to the agent, each as the RFC 6902 patch it made, oldest first: sent
   * with the next turn, re-applied on top of the agent's state until then. Keep them with the session id across a
   * reload or a thread switch (`createAgentChat({ customWrites })`). Absent when none wait.
   */
  customWrites?: JsonPatchOperation[][] | undefined;
  /** Follow-up prompts the agent offered with the last turn; cleared when the next one starts. */
  suggestions?: string[] | undefined;
}

/** A fresh state. */
export function initialChatState<S>(init: Partial<ChatState<S>> = {}): ChatState<S> {
  return {
    messages: [],
    custom: undefined,
    artifacts: [],
    status: 'ready',
    finishReason: null,
    turnEnd: null,
    interrupts: [],
    sessionId: null,
    snapshotId: null,
    error: null,
    clientToolCalls: {},
    ...init,
  };
}
