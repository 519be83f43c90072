import type { AgentChatError } from './error.js';
import type { FinishReason } from './finish-reason.js';
import type { Message, MessageUsage, Role } from './message.js';
import type { Part, ToolRequestPart, ToolResponsePart } from './part.js';
import type { Artifact, SessionState } from './session.js';
import type { SubAgentStatus } from './sub-agent.js';

/** One RFC 6902 operation. */
export interface JsonPatchOperation {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  path: string;
  from?: string;
  value?: unknown;
}

/** Where streamed content goes: `messageKey` tells a turn's messages apart; `role` names a new one's author. */
export interface MessageTarget {
  messageKey?: string;
  role?: Role;
  /** The dialect's own model chunk this came from, exposed as `chunk.modelChunk`. */
  source?: unknown;
}

/**
 * Where a sub-agent's event belongs: the refs of the tool calls that started the runs it nests in, outermost first
 * (`['call-1']`: the run of tool call `call-1` of this turn; `['call-1', 'call-7']`: the run that run's call `call-7`
 * started). Absent or empty: the chat's own messages.
 */
export interface RunTarget {
  within?: readonly string[];
}

/** The stream's connection: `reconnecting` while a broken stream is being reattached, `closed` once that was given up. */
export type ConnectionState = 'open' | 'reconnecting' | 'closed';

/**
 * The normalized event set every dialect maps onto. The reducer never knows which dialect an event came from.
 * Names are `<noun>-<action>`.
 */
export type AgentEvent =
  | { type: 'turn-start'; sessionId?: string; runId?: string }
  | ({ type: 'text-delta'; text: string } & MessageTarget & RunTarget)
  | ({ type: 'reasoning-delta'; text: string } & MessageTarget & RunTarget)
  | ({ type: 'part-add'; part: Part } & MessageTarget & RunTarget)
  | ({ type: 'tool-request'; part: ToolRequestPart } & MessageTarget & RunTarget)
  | ({ type: 'tool-response'; part: ToolResponsePart } & MessageTarget & RunTarget)
  | ({ type: 'message-complete'; message: Message; messageKey?: string } & RunTarget)
  | { type: 'custom-patch'; patch: JsonPatchOperation[] }
  | { type: 'custom-snapshot'; custom: unknown }
  | { type: 'artifact-upsert'; artifact: Artifact }
  | { type: 'artifacts-snapshot'; artifacts: Artifact[] }
  | { type: 'state-snapshot'; state: SessionState }
  | ({ type: 'interrupt-request'; parts: ToolRequestPart[] } & RunTarget)
  | { type: 'session'; sessionId?: string; snapshotId?: string }
  | { type: 'error'; error: AgentChatError }
  /** The tokens the turn used so far (the whole count, not an increment); it lands on the turn's last model message. */
  | ({ type: 'usage'; usage: MessageUsage } & RunTarget)
  /**
   * A tool call started another agent (`within` ends with that call's ref); the run's own events follow with the same
   * `within`. `name` names the tool call, for a protocol whose sub-agent starts before (or without) its call.
   */
  | { type: 'sub-agent-start'; within: readonly string[]; agent?: string; runId?: string; name?: string }
  /** The sub-agent's run ended (its tool call's result may follow). */
  | { type: 'sub-agent-end'; within: readonly string[]; status: Exclude<SubAgentStatus, 'running'>; error?: string; usage?: MessageUsage }
  /** Follow-up prompts the agent offers after this turn (replacing any earlier ones). */
  | { type: 'suggestions'; suggestions: string[] }
  /** From the transport, not the wire: the stream broke off and is being reattached (`reconnecting`), or was (`open`). */
  | { type: 'connection'; state: ConnectionState }
  /** From a resumable transport: the server named the turn's replayable stream (to reattach to after a reload). */
  | { type: 'stream-open'; turnId: string }
  /** No state change: the frame still reaches `onChunk` (AG-UI STEP_*, ACTIVITY_*, CUSTOM, RAW). */
  | { type: 'passthrough' }
  | {
      type: 'turn-end';
      finishReason: FinishReason;
      snapshotId?: string;
      sessionId?: string;
      error?: AgentChatError;
      /** The protocol's final output for the turn (Genkit's AgentOutput), exposed as `response.raw`. */
      output?: unknown;
      /** The wire value that signalled the end, exposed as the turn-end chunk's `raw`. */
      raw?: unknown;
    };

/** The type names of {@link AgentEvent}. */
export type AgentEventType = AgentEvent['type'];

/** The events one wire frame decoded into, with the frame itself (chunks expose it as `raw`). */
export interface DecodedFrame {
  raw: unknown;
  events: AgentEvent[];
}
