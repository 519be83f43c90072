import type { AgentInput, AgentResponse } from '../model/chunk.js';
import type { AgentEvent } from '../model/events.js';
import { userMessage } from '../model/message.js';
import type { ContextSources } from './session/agent-context.js';
import type { ChatHistory } from './session/chat-history.js';
import type { ChatOptionsHolder } from './chat-options.js';
import type { ResumableSlot, ToolSlot, TreeSlot } from './chat-features.js';
import type { ChatState } from './state/chat-state.js';
import type { SessionContinuity } from './session/session-continuity.js';
import type { ChatStore } from './state/store.js';
import type { TurnQueue } from './turn/turn-queue.js';
import type { SubAgentReducer } from './turn/turn-context.js';

/** The parts a chat is made of, each with one job; the operations below are written against them. */
export interface ChatParts<S> {
  /** The options as `configure` last left them. */
  settings: ChatOptionsHolder<S>;
  store: ChatStore<S>;
  queue: TurnQueue;
  history: ChatHistory<S>;
  session: SessionContinuity<S>;
  eventListeners: Set<(event: AgentEvent, raw: unknown) => void>;
  createId: () => string;
  /** The conversation tree (the `versionTree()` feature); null without it. */
  tree: TreeSlot<S> | null;
  /** Client-side tools (the `clientTools()` feature): runs them when the agent asks and continues the turn; null without it. */
  tools: ToolSlot<S> | null;
  /** Resumable turns (the `resumable()` feature): detached polling, reattaching; null without it. */
  resumable: ResumableSlot<S> | null;
  /** Sub-agent runs (the `subAgents()` feature): their events reduced into their calls' runs; null without it. */
  subAgents: SubAgentReducer | null;
  /** Context registered with `addContext`, read at each turn. */
  contextSources: ContextSources;
  /** Run once by `chat.dispose()`, before the running turn is aborted (features unsubscribe and save here). */
  disposers: Set<() => void>;
}

/** Calls a user callback; one that throws is reported on the console and does not break the turn. */
export function safely<A extends unknown[]>(callback: ((...args: A) => void) | undefined, ...args: A): void {
  if (!callback) return;
  try {
    callback(...args);
  } catch (error) {
    console.error('[agent-chat] a callback threw:', error);
  }
}

/** The response of a queued turn dropped before it started (by `stop`, `branch`, `reset` or its signal). */
export function abortedResponse<S>(state: ChatState<S>): AgentResponse<S> {
  return {
    text: '', message: null, toolRequests: [], interrupts: state.interrupts, finishReason: 'aborted',
    snapshotId: null, sessionId: state.sessionId, custom: state.custom, state: null, artifacts: [], error: null, raw: null,
  };
}

export const ABORTED_CHUNK = { turnEnd: { finishReason: 'aborted' as const }, raw: { turnEnd: { finishReason: 'aborted' } } };


/** A string input is one user message. */
export const toInput = (input: string | AgentInput): AgentInput => (typeof input === 'string' ? { message: userMessage(input) } : input);
