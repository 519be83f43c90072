import type { StoreApi } from 'zustand/vanilla';
import type { AgentChunk, AgentInput, AgentResponse } from '../model/chunk.js';
import { AgentChatError, toAgentChatError } from '../model/error.js';
import type { AgentEvent } from '../model/events.js';
import { userMessage } from '../model/message.js';
import type { Part } from '../model/part.js';
import type { SessionState, SnapshotInfo, SnapshotQuery } from '../model/session.js';
import type { Transport } from '../transport/transport.js';
import { createChatHistory, type ChatHistory } from './chat-history.js';
import { initialChatState, type ChatState } from './chat-state.js';
import { toResumeResponses } from './resume-parts.js';
import { runTurn } from './run-turn.js';
import { createSessionContinuity, stateFromInit, stateFromSnapshot, type SessionContinuity } from './session-continuity.js';
import { createChatStore, type ChatStore } from './store.js';
import { createTurnQueue, type TurnQueue } from './turn-queue.js';
import { createToolLoop, declareTools, type ClientTools, type ToolLoop, type ToolResult } from './client-tools.js';
import type { ToolResponsePart } from '../model/part.js';

/** Options of {@link createAgentChat}. */
export interface AgentChatOptions<S = unknown> {
  transport: Transport;
  /** Continue a server-managed session (its latest snapshot). */
  sessionId?: string;
  /** Continue from an exact snapshot (a branch point). */
  snapshotId?: string;
  /** Client-managed: the full state, echoed back to the server every turn. */
  state?: SessionState<S>;
  onChunk?: (chunk: AgentChunk<S>) => void;
  onTurnEnd?: (response: AgentResponse<S>) => void;
  onError?: (error: AgentChatError) => void;
  /** Message ids; defaults to a per-chat counter with a random prefix. */
  generateId?: () => string;
  /** Tools the browser runs when the agent asks for them; the turn continues with their results. */
  tools?: ClientTools;
  /** Automatic tool rounds per turn before it ends with `tool-rounds-exceeded` (default 10). */
  maxToolRounds?: number;
}

/** Per-call options of `send`, `sendStream` and `resume`. */
export interface SendOptions {
  /** Aborts this turn (or drops it from the queue). */
  signal?: AbortSignal;
}

/** What `reset` may start from. */
export type ResetInit<S> = Pick<AgentChatOptions<S>, 'sessionId' | 'snapshotId' | 'state'>;

/** A chat with one agent: a store, a serial turn queue, and session continuity. */
export interface AgentChat<S = unknown> {
  readonly store: StoreApi<ChatState<S>>;
  getState(): ChatState<S>;
  subscribe(listener: (state: ChatState<S>, previous: ChatState<S>) => void): () => void;
  /** Runs one turn. A send while another turn runs is queued and runs after it. Never rejects. */
  send(input: string | AgentInput, options?: SendOptions): Promise<AgentResponse<S>>;
  /** Like `send`, with a callback per chunk; the turn-end chunk comes last, also when the turn failed. */
  sendStream(input: string | AgentInput, onChunk: (chunk: AgentChunk<S>) => void, options?: SendOptions): Promise<AgentResponse<S>>;
  /** Answers the pending interrupts and runs the next turn. */
  resume(parts: Part[], options?: SendOptions & { onChunk?: (chunk: AgentChunk<S>) => void }): Promise<AgentResponse<S>>;
  /** Answers a client tool call that has no `execute`; once none of its turn waits, the turn continues. */
  addToolResult(result: ToolResult, options?: SendOptions): Promise<AgentResponse<S>>;
  /** Stops the running turn (keeping its partial text), drops queued ones, and asks the server to stop. */
  stop(): Promise<void>;
  /** Continues from an earlier snapshot: the local view rewinds to it and the next turn forks there. */
  branch(snapshotId: string): void;
  /** Starts over, optionally from a session, a snapshot or a client-managed state. */
  reset(init?: ResetInit<S>): void;
  /** Reads a stored snapshot from the server. */
  getSnapshot(query: SnapshotQuery): Promise<SnapshotInfo<S>>;
  /** Loads the conversation of a stored snapshot (default: the current snapshot or session) into the store. */
  restore(query?: SnapshotQuery): Promise<SnapshotInfo<S>>;
  /**
   * Listens to every normalized event as it is reduced (with its frame's raw value), without replacing the
   * callbacks given to `createAgentChat`/`configure`: for devtools and inspectors. Returns the unsubscribe.
   */
  onEvent(listener: (event: AgentEvent, raw: unknown) => void): () => void;
  /** Replaces the transport or callbacks; takes effect from the next turn. */
  configure(options: Partial<Omit<AgentChatOptions<S>, 'sessionId' | 'snapshotId' | 'state'>>): void;
}

/** The parts a chat is made of, each with one job; the operations below are written against them. */
interface ChatParts<S> {
  /** The options as `configure` last left them. */
  settings: { options: AgentChatOptions<S> };
  store: ChatStore<S>;
  queue: TurnQueue;
  history: ChatHistory<S>;
  session: SessionContinuity<S>;
  eventListeners: Set<(event: AgentEvent, raw: unknown) => void>;
  createId: () => string;
  tools: ToolLoop<S>;
}

let chatCount = 0;

/** Message ids: the option's generator when there is one (read per id: `configure` may set it), else a counter with a random prefix. */
function idGenerator(generateId: () => (() => string) | undefined): () => string {
  const prefix = `m${(++chatCount).toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  let idCount = 0;
  return () => {
    const generate = generateId();
    return generate ? generate() : `${prefix}-${(++idCount).toString(36)}`;
  };
}

/** Calls a user callback; one that throws is reported on the console and does not break the turn. */
function safely<A extends unknown[]>(callback: ((...args: A) => void) | undefined, ...args: A): void {
  if (!callback) return;
  try {
    callback(...args);
  } catch (error) {
    console.error('[agent-chat] a callback threw:', error);
  }
}

/** The response of a queued turn dropped before it started (by `stop`, `branch`, `reset` or its signal). */
function abortedResponse<S>(state: ChatState<S>): AgentResponse<S> {
  return {
    text: '', message: null, toolRequests: [], interrupts: state.interrupts, finishReason: 'aborted',
    snapshotId: null, sessionId: state.sessionId, custom: state.custom, state: null, artifacts: [], error: null, raw: null,
  };
}

const ABORTED_CHUNK = { turnEnd: { finishReason: 'aborted' as const }, raw: { turnEnd: { finishReason: 'aborted' } } };

/** Queues one turn; when it ends, its snapshot becomes a checkpoint and the session carries on from it. */
function enqueueTurn<S>(parts: ChatParts<S>, input: AgentInput, onChunk: ((chunk: AgentChunk<S>) => void) | undefined, signal: AbortSignal | undefined, answers: ToolResponsePart[] | null = null) {
  const { store, queue, history, session, eventListeners, createId } = parts;
  const dropped = (): AgentResponse<S> => {
    const response = abortedResponse(store.getState());
    safely(onChunk, ABORTED_CHUNK);
    return response;
  };
  return queue.run((turnSignal) => parts.tools.drive(input, answers, turnSignal, async (turnInput, turnAnswers) => {
    const { options } = parts.settings;
    const { response, returnedState } = await runTurn<S>({
      store,
      transport: options.transport,
      input: turnInput,
      answers: turnAnswers,
      tools: declareTools(options.tools),
      clientState: session.clientState,
      signal: turnSignal,
      createId,
      onChunk: (chunk) => {
        safely(onChunk, chunk);
        safely(options.onChunk, chunk);
      },
      onError: (error) => safely(options.onError, error),
      onEvents: (events) => {
        for (const listener of eventListeners) for (const { event, raw } of events) safely(listener, event, raw);
      },
    });
    session.afterTurn(response, returnedState);
    if (response.snapshotId) history.checkpoint(response.snapshotId);
    safely(options.onTurnEnd, response);
    return response;
  }), dropped, signal);
}

const toInput = (input: string | AgentInput): AgentInput => (typeof input === 'string' ? { message: userMessage(input) } : input);

/** send, sendStream, resume and stop: the turn queue's side of the chat. */
function turnOperations<S>(parts: ChatParts<S>): Pick<AgentChat<S>, 'send' | 'sendStream' | 'resume' | 'addToolResult' | 'stop'> {
  const { store, queue, session } = parts;
  return {
    send: (input, sendOptions) => enqueueTurn(parts, toInput(input), undefined, sendOptions?.signal),
    sendStream: (input, onChunk, sendOptions) => enqueueTurn(parts, toInput(input), onChunk, sendOptions?.signal),
    resume(answers, resumeOptions) {
      // The answers are computed when the turn starts, against the interrupts pending then.
      const respond = toResumeResponses(answers, store.getState().interrupts);
      return enqueueTurn(parts, { resume: { respond } }, resumeOptions?.onChunk, resumeOptions?.signal);
    },
    async addToolResult(result, resultOptions) {
      const answers = parts.tools.answer(result);
      // Other calls of the turn still wait: nothing is sent yet, the turn's end stands.
      if (!answers) return { ...abortedResponse(store.getState()), finishReason: store.getState().finishReason ?? 'other' };
      return enqueueTurn(parts, { resume: { respond: answers } }, undefined, resultOptions?.signal, answers);
    },
    async stop() {
      const target = session.takeStopTarget(store.getState().sessionId);
      queue.cancel();
      const { transport, onError } = parts.settings.options;
      if (!transport.stop) return;
      try {
        await transport.stop(target);
      } catch (error) {
        safely(onError, toAgentChatError(error));
      }
    },
  };
}

/** branch, reset, getSnapshot and restore: the history's side of the chat. */
function historyOperations<S>(parts: ChatParts<S>): Pick<AgentChat<S>, 'branch' | 'reset' | 'getSnapshot' | 'restore'> {
  const { store, queue, history, session, createId } = parts;
  const operations: Pick<AgentChat<S>, 'branch' | 'reset' | 'getSnapshot' | 'restore'> = {
    branch(snapshotId) {
      queue.cancel();
      const rewound = history.rewind(snapshotId);
      if (rewound) return store.replace(rewound);
      history.fork(0);
      store.replace(initialChatState<S>({ snapshotId, sessionId: store.getState().sessionId }));
      if (parts.settings.options.transport.getSnapshot) {
        operations.restore({ snapshotId }).catch((error) => safely(parts.settings.options.onError, toAgentChatError(error)));
      }
    },
    reset(init) {
      queue.cancel();
      history.clear();
      session.reset(init);
      store.replace(stateFromInit(init, createId));
    },
    async getSnapshot(query) {
      const { transport } = parts.settings.options;
      if (!transport.getSnapshot) throw new AgentChatError('unsupported', `The ${transport.name} transport cannot read snapshots.`);
      return (await transport.getSnapshot(query)) as SnapshotInfo<S>;
    },
    async restore(query) {
      const { snapshotId, sessionId } = store.getState();
      const target = query ?? (snapshotId ? { snapshotId } : sessionId ? { sessionId } : null);
      if (!target) throw new AgentChatError('unsupported', 'There is no snapshot or session to restore.');
      const before = queue.generation;
      const info = await operations.getSnapshot(target);
      // A turn, stop, branch or reset since the request: the chat has moved on and the snapshot is not loaded.
      if (before !== queue.generation || queue.busy) return info;
      const next = stateFromSnapshot(info, createId);
      history.fork(0);
      store.replace(next);
      history.checkpoint(info.snapshotId);
      return info;
    },
  };
  return operations;
}

/** Creates an {@link AgentChat}. No network traffic happens until the first turn. */
export function createAgentChat<S = unknown>(options: AgentChatOptions<S>): AgentChat<S> {
  const settings = { options };
  const createId = idGenerator(() => settings.options.generateId);
  const store = createChatStore<S>(stateFromInit(options, createId));
  const eventListeners = new Set<(event: AgentEvent, raw: unknown) => void>();
  const parts: ChatParts<S> = {
    settings, store, createId, eventListeners,
    tools: createToolLoop<S>({
      store,
      tools: () => settings.options.tools,
      maxToolRounds: () => settings.options.maxToolRounds,
      onError: (error) => safely(settings.options.onError, error),
    }),
    queue: createTurnQueue(),
    history: createChatHistory(store.getState),
    session: createSessionContinuity(options),
  };
  return {
    store: store.api,
    getState: store.api.getState,
    subscribe: store.api.subscribe,
    ...turnOperations(parts),
    ...historyOperations(parts),
    onEvent(listener) {
      eventListeners.add(listener);
      return () => void eventListeners.delete(listener);
    },
    configure(next) {
      settings.options = { ...settings.options, ...next };
    },
  };
}
