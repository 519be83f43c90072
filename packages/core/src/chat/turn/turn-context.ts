import type { AgentChatError } from '../../model/error.js';
import type { AgentEvent } from '../../model/events.js';
import type { MessageUsage, Role } from '../../model/message.js';
import type { Part, ToolRequestPart } from '../../model/part.js';
import type { Draft } from 'immer';
import type { ChatState } from '../state/chat-state.js';
import type { Artifact, SessionState } from '../../model/session.js';

/** What the reducer tracks for one sub-agent run while a turn streams into it (it outlives each store update's drafts). */
export interface SubAgentScope {
  readonly within: readonly string[];
  messageIndexByKey: Map<string, number>;
  lastIndexByRole: Partial<Record<Role, number>>;
  createId: () => string;
  asked: ReadonlySet<string>;
  subAgents?: Pick<SubAgentReducer, 'keep'>;
  /** Where the run's tool call was last found in its parent's messages: checked before use, searched again on a miss. */
  at?: { message: number; part: number };
  /** The scopes of the runs on its path, outermost first (itself last): found once, not per store update. */
  path?: SubAgentScope[];
}

/** The `subAgents()` feature's side of the reducer (installed into each turn's context). */
export interface SubAgentReducer {
  /** Reduces a sub-agent's event (one with `within`: true), or at the turn's end settles the runs still going (false). */
  reduce(draft: Draft<ChatState>, event: AgentEvent, turn: TurnContext): boolean;
  /** A completed message's content with the runs its streamed calls carried. */
  keep(streamed: readonly Part[], completed: Part[]): Part[];
}

/** What the reducer tracks while one turn runs. Owned by the controller, one per turn. */
export interface TurnContext {
  /** Index of the first message that belongs to this turn. */
  firstMessageIndex: number;
  /** Dialect message keys → index in `messages`. */
  messageIndexByKey: Map<string, number>;
  /** The latest message of this turn per role, for events without a key. */
  lastIndexByRole: Partial<Record<Role, number>>;
  /** Custom state as a plain (frozen) value: patches apply to it, not to the draft, so each costs O(patch). */
  custom: unknown;
  /** Artifacts produced this turn (or the authoritative list the server sent). */
  artifacts: Artifact[];
  /** The full state a client-managed server returned. */
  state: SessionState | null;
  interrupts: ToolRequestPart[];
  /** The tool calls that asked a human and were open when the turn started (a resume answers them). */
  asked: ReadonlySet<string>;
  /**
   * The interrupts a resume answers, and the last message before the turn (its id): the interrupts are pending again
   * when the turn fails or is stopped while that message is still where it was (see reopen-interrupts.ts).
   */
  answering?: { interrupts: readonly ToolRequestPart[]; afterId: string | undefined };
  errors: AgentChatError[];
  ended: Extract<AgentEvent, { type: 'turn-end' }> | null;
  createId: () => string;
  /** The chat's `maxDepth`, which custom-state patches are held to (default 500). */
  maxDepth?: number | undefined;
  /** How many pending local writes the request carried, until the server's first answer marks them delivered. */
  sentWrites?: number;
  /** When the turn started, and when the read being reduced arrived (ms since the epoch): the answer's timing. */
  startedAt: number;
  now: number;
  /** When the first text or reasoning token arrived. */
  firstTokenAt?: number | undefined;
  /** When the first reasoning token arrived, and how long the reasoning lasted once the answer started. */
  reasoningAt?: number | undefined;
  reasoningMs?: number | undefined;
  /** The `subAgents()` feature's reducer: without it a sub-agent's events are dropped (its call shows as one call). */
  subAgents?: SubAgentReducer | null | undefined;
  /** The sub-agent runs this turn streamed into, by their `within` path (see reduce-sub-agents.ts). */
  subAgentScopes?: Map<string, SubAgentScope> | undefined;
  /** The chat's `maxSubAgentDepth` (default 4); past it a run's events are dropped with one `too-deep` error. */
  maxSubAgentDepth?: number | undefined;
  subAgentTooDeep?: boolean | undefined;
  /** The runs found in the store update under way (its draft): reused by its later events, dropped with the draft. */
  subAgentCache?: { draft: object; runs: Map<string, unknown> } | undefined;
  /** The usage the protocol last reported for this turn. */
  usage?: MessageUsage | undefined;
}

/** A context for a turn that starts after `messageCount` messages with the given custom state. */
export function createTurnContext(messageCount: number, custom: unknown, createId: () => string): TurnContext {
  return {
    firstMessageIndex: messageCount,
    messageIndexByKey: new Map(),
    lastIndexByRole: {},
    custom,
    artifacts: [],
    state: null,
    interrupts: [],
    asked: new Set(),
    errors: [],
    ended: null,
    createId,
    startedAt: Date.now(),
    now: Date.now(),
  };
}
