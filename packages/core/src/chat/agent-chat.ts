import type { AgentChunk, AgentInput, AgentResponse } from '../model/chunk.js';
import { AgentChatError, toAgentChatError } from '../model/error.js';
import type { AgentEvent } from '../model/events.js';
import type { Part } from '../model/part.js';
import type { SnapshotInfo, SnapshotQuery } from '../model/session.js';
import type { ToolResult } from '../model/tools.js';
import { createChatHistory } from './session/chat-history.js';
import { featureMissing, type ChatFeatureName } from './chat-features.js';
import type { AgentChatOptions, ChatBranchOperations, ResetInit, RestoreQuery, SendOptions } from './chat-options.js';
import { abortedResponse, safely, toInput, type ChatParts } from './chat-parts.js';
import { initialChatState, type ChatState, type RunningTurn } from './state/chat-state.js';
import { enqueueTurn } from './turn/enqueue-turn.js';
import { toResumeResponses } from './turn/resume-parts.js';
import { createSessionContinuity, stateFromInit } from './session/session-continuity.js';
import { createChatStore } from './state/store.js';
import { registerChatStore } from './chat-store-of.js';
import { createTurnQueue } from './turn/turn-queue.js';
import { loadSnapshot } from './session/load-snapshot.js';
import { TurnDetached } from '../transport/detach.js';
import type { AgentContextEntry } from '../model/context.js';
import type { MessageFeedback } from '../model/message.js';
import { addContextSource } from './session/agent-context.js';
import type { CustomUpdate } from './state/custom-writes.js';
import { setMessageFeedback } from './state/feedback.js';
import { writeCustom } from './state/set-custom.js';

export type { AgentChatOptions, SendOptions, OperationOptions, ResetInit, RestoreQuery, ChatBranchOperations } from './chat-options.js';
export type { CustomUpdate } from './state/custom-writes.js';
export type { FeedbackEvent } from './chat-options.js';
export type { ChatFeature, ChatFeatureName } from './chat-features.js';

/**
 * A chat with one agent: its state (read-only: `getState`, `subscribe`, `select`; changed only through the operations
 * below), a serial turn queue, and session continuity. React reads a slice with `useAgentChatSelector`.
 */
export interface AgentChat<S = unknown> extends ChatBranchOperations<S> {
  /** The current state (immutable: a change makes a new object, unchanged slices keep their identity). */
  getState(): ChatState<S>;
  /** Calls `listener` after every change of the state, with the new and the previous one. Returns the unsubscribe. */
  subscribe(listener: (state: ChatState<S>, previous: ChatState<S>) => void): () => void;
  /**
   * Calls `listener` when `selector`'s result changes (by `equals`, default `Object.is`), with the new and the previous
   * selection: `chat.select((state) => state.status, (status) => …)`. Returns the unsubscribe.
   */
  select<T>(selector: (state: ChatState<S>) => T, listener: (selected: T, previous: T) => void, equals?: (a: T, b: T) => boolean): () => void;
  /** Runs one turn. A send while another turn runs is queued and runs after it. Never rejects. */
  send(input: string | AgentInput, options?: SendOptions): Promise<AgentResponse<S>>;
  /** Like `send`, with a callback per chunk; the turn-end chunk comes last, also when the turn failed. */
  sendStream(input: string | AgentInput, onChunk: (chunk: AgentChunk<S>) => void, options?: SendOptions): Promise<AgentResponse<S>>;
  /** Answers the pending interrupts and runs the next turn. */
  resume(parts: Part[], options?: SendOptions & { onChunk?: (chunk: AgentChunk<S>) => void }): Promise<AgentResponse<S>>;
  /**
   * Answers a client tool call that has no `execute`; once none of its turn waits, the turn continues. Needs the
   * `clientTools()` feature (without it: a `failed` response with the error code `feature-missing`).
   */
  addToolResult(result: ToolResult, options?: SendOptions): Promise<AgentResponse<S>>;
  /** Stops the running turn (keeping its partial text), drops queued ones, and asks the server to stop. */
  stop(): Promise<void>;
  /**
   * Leaves the running turn going on the server and releases the client (leaving the page): the turn ends locally with
   * finishReason `detached`, queued turns are dropped. A resumable transport's turn can be restored later; `stop()` cancels it.
   */
  detach(): Promise<void>;
  /**
   * Reattaches to a turn that was running when the page went away (its `state.runningTurn`, kept with the session id
   * across the reload), once the session is restored: its question shows again and its answer streams in from the
   * server's replay buffer to its end. Resolves null, changing nothing, when the transport is not resumable, a turn
   * runs, or the chat shows another point than the one the turn continues from (it ended and was restored already),
   * or the chat was made without the `resumable()` feature.
   */
  reattach(turn: RunningTurn, options?: SendOptions): Promise<AgentResponse<S> | null>;
  /** Continues from an earlier snapshot: the local view rewinds to it and the next turn forks there. */
  branch(snapshotId: string): void;
  /** Starts over, optionally from a session, a snapshot or a client-managed state. */
  reset(init?: ResetInit<S>): void;
  /** Reads a stored snapshot from the server. */
  getSnapshot(query: SnapshotQuery): Promise<SnapshotInfo<S>>;
  /**
   * Brings a conversation back (after a reload, a thread switch): loads the stored snapshot (default: the current
   * snapshot or session) into the store and joins the turn still running in it, in one call. The server names a
   * running turn itself where it can (AG-UI, the AI SDK route); `runningTurn` is the one the page kept
   * (`state.runningTurn`, what `persist()` keeps), joined once the session shows the point it continues from. With
   * neither a session nor a snapshot yet (a Genkit chat's first turn, named only at its end), a `runningTurn` is
   * joined on the empty chat and the promise resolves null. Joining a kept turn needs a resumable transport and the
   * `persist()` feature (`@agent-chat/core/persist`); without it `runningTurn` is not read (`reattach` joins it), and a
   * query naming nothing fails `unsupported`.
   * `restoreChatTree(chat, record)` restores every line of a conversation tree instead.
   */
  restore(query: SnapshotQuery): Promise<SnapshotInfo<S>>;
  restore(query?: RestoreQuery): Promise<SnapshotInfo<S> | null>;
  /**
   * Listens to every normalized event as it is reduced (with its frame's raw value), without replacing the
   * callbacks given to `createAgentChat`/`configure`: for devtools and inspectors. Returns the unsubscribe.
   */
  onEvent(listener: (event: AgentEvent, raw: unknown) => void): () => void;
  /**
   * Changes the custom state locally, at once (an immer recipe, or the new value), and delivers the change to the agent
   * with the next turn, in the protocol's own shape. Until then it waits in `state.customWrites` and is re-applied on
   * top of whatever the agent sends (the agent's result, then the pending local writes: see the README).
   */
  setCustom<T extends S = S>(update: CustomUpdate<T>): void; // generic so that AgentChat<S> stays assignable to AgentChat<unknown>
  /**
   * Registers app context the agent sees with every turn from now on (an entry, or a getter read at each turn), after
   * the `context` option's; returns its removal. Entries keep their registration order.
   */
  addContext(entry: AgentContextEntry | (() => AgentContextEntry)): () => void;
  /**
   * Rates a message (`null` takes the rating back): kept on `message.feedback` (across branch switches and in
   * `exportChatTree`) and passed to `onFeedback`. False when no shown message has that id.
   */
  setFeedback(messageId: string, feedback: MessageFeedback | null): boolean;
  /**
   * Whether the chat was made with an opt-in feature (`'versionTree'`, `'clientTools'`, `'resumable'`, as its factory is
   * called): a UI hides what the chat cannot do, e.g. regenerate and edit without `versionTree()`.
   */
  hasFeature(name: ChatFeatureName): boolean;
  /** Replaces the transport or callbacks; takes effect from the next turn. */
  configure(options: Partial<Omit<AgentChatOptions<S>, 'sessionId' | 'snapshotId' | 'state'>>): void;
  /**
   * Lets the chat go, once (a second call does nothing): its features stop listening (`persist()` saves what is due
   * first and keeps the running turn to rejoin), its message queue and detached polling stop, the running turn is
   * aborted here (a resumable one goes on on the server) and any later turn is dropped (`aborted`). `useAgentChat`
   * disposes the chat it made when its component unmounts.
   */
  dispose(): void;
}

let chatCount = 0;

/**
 * Message ids: the option's generator when there is one (read per id: `configure` may set it), else a counter with a
 * random prefix. The prefix is drawn with the first id, not when the chat is made: `createAgentChat` stays pure, so a
 * React render may call it (no `Math.random()` during a server or client render, e.g. under Next's cacheComponents).
 */
function idGenerator(generateId: () => (() => string) | undefined): () => string {
  let prefix: string | undefined;
  let idCount = 0;
  return () => {
    const generate = generateId();
    if (generate) return generate();
    prefix ??= `m${(++chatCount).toString(36)}${Math.random().toString(36).slice(2, 7)}`;
    return `${prefix}-${(++idCount).toString(36)}`;
  };
}


/**
 * Ids for the messages a chat starts with (`state.messages`): the same on the server and in the browser (`h1`, `h2` …),
 * so that a server-rendered history hydrates with the ids it was rendered with. Later ids come from `idGenerator`.
 */
function historyIds(): () => string {
  let count = 0;
  return () => `h${(++count).toString(36)}`;
}

/** The response of an operation whose feature the chat was made without: `failed`, with the error (told to `onError`). */
function missing<S>(parts: ChatParts<S>, feature: string, method: string): AgentResponse<S> {
  const error = featureMissing(feature, method);
  safely(parts.settings.options.onError, error);
  return { ...abortedResponse(parts.store.getState()), finishReason: 'failed', error };
}

/** What a chat made without features does for their methods: a typed `feature-missing` error, or nothing where harmless. */
function withoutFeatures<S>(parts: ChatParts<S>): Pick<AgentChat<S>, 'regenerate' | 'edit' | 'retry' | 'switchBranch' | 'addToolResult' | 'reattach'> {
  return {
    regenerate: async () => missing(parts, 'versionTree', 'regenerate'),
    edit: async () => missing(parts, 'versionTree', 'edit'),
    retry: async () => missing(parts, 'versionTree', 'retry'),
    switchBranch: () => safely(parts.settings.options.onError, featureMissing('versionTree', 'switchBranch')),
    addToolResult: async () => missing(parts, 'clientTools', 'addToolResult'),
    // Documented: null, changing nothing, when the chat cannot reattach.
    reattach: async () => null,
  };
}

/** send, sendStream, resume, stop and detach: the turn queue's side of the chat. */
function turnOperations<S>(parts: ChatParts<S>): Pick<AgentChat<S>, 'send' | 'sendStream' | 'resume' | 'stop' | 'detach' | 'clearError'> {
  const { store, queue, session } = parts;
  return {
    send: (input, sendOptions) => enqueueTurn(parts, toInput(input), undefined, sendOptions),
    sendStream: (input, onChunk, sendOptions) => enqueueTurn(parts, toInput(input), onChunk, sendOptions),
    resume(answers, resumeOptions) {
      // The answers are computed when the turn starts, against the interrupts pending then.
      const respond = toResumeResponses(answers, store.getState().interrupts);
      return enqueueTurn(parts, { resume: { respond } }, resumeOptions?.onChunk, resumeOptions);
    },
    async detach() {
      queue.cancel(new TurnDetached());
    },
    async stop() {
      const target = session.takeStopTarget(store.getState().sessionId);
      const aborting = parts.resumable?.markAborting() ?? false;
      queue.cancel();
      const { transport, onError } = parts.settings.options;
      if (!transport.stop) return;
      try {
        await transport.stop(target);
        if (aborting) parts.resumable?.confirmAborted();
      } catch (error) {
        safely(onError, toAgentChatError(error));
      }
    },
    clearError() {
      if (store.getState().status === 'error') store.api.setState({ status: 'ready', error: null });
    },
  };
}

/** branch, reset, getSnapshot and restore: the history's side of the chat. */
function historyOperations<S>(parts: ChatParts<S>): Pick<AgentChat<S>, 'branch' | 'reset' | 'getSnapshot' | 'restore'> {
  const { store, queue, history, session, createId } = parts;
  const operations: Pick<AgentChat<S>, 'branch' | 'reset' | 'getSnapshot' | 'restore'> = {
    branch(snapshotId) {
      parts.resumable?.stopPoll();
      queue.cancel();
      const rewound = history.rewind(snapshotId);
      if (rewound) {
        store.replace(rewound);
        return parts.tree?.cut();
      }
      history.fork(0);
      store.replace(initialChatState<S>({ snapshotId, sessionId: store.getState().sessionId }));
      if (parts.settings.options.transport.getSnapshot) {
        operations.restore({ snapshotId }).catch((error) => safely(parts.settings.options.onError, toAgentChatError(error)));
      }
    },
    reset(init) {
      parts.resumable?.stopPoll();
      queue.cancel();
      history.clear();
      session.reset(init);
      store.replace(stateFromInit(init, createId), init?.customWrites);
      parts.tree?.reset();
    },
    async getSnapshot(query) {
      const { transport } = parts.settings.options;
      if (!transport.getSnapshot) throw new AgentChatError('unsupported', `The ${transport.name} transport cannot read snapshots.`);
      return (await transport.getSnapshot(query)) as SnapshotInfo<S>;
    },
    async restore(query?: RestoreQuery): Promise<SnapshotInfo<S>> {
      parts.resumable?.stopPoll();
      const { snapshotId, sessionId } = query ?? store.getState();
      const target = snapshotId ? { snapshotId } : sessionId ? { sessionId } : null;
      if (!target) throw new AgentChatError('unsupported', 'There is no snapshot or session to restore.');
      const before = queue.generation;
      const info = await operations.getSnapshot(target);
      // A turn, stop, branch or reset since the request: the chat has moved on and the snapshot is not loaded.
      if (await loadSnapshot(parts, info, undefined, () => before !== queue.generation)) parts.resumable?.reattachRunning(info);
      return info;
    },
  };
  return operations;
}

/**
 * Creates an {@link AgentChat}. No network traffic happens until the first turn. Opt-in features are passed in
 * `features`: `versionTree()` (regenerate, edit, retry, switchBranch, exportChatTree), `clientTools()` (the `tools`
 * option, addToolResult), `resumable()` (reattach, detached polling); a feature the app does not import is not bundled.
 */
export function createAgentChat<S = unknown>(options: AgentChatOptions<S>): AgentChat<S> {
  const settings = { options };
  const createId = idGenerator(() => settings.options.generateId);
  const store = createChatStore<S>(stateFromInit(options, options.generateId ?? historyIds()), options.customWrites);
  const eventListeners = new Set<(event: AgentEvent, raw: unknown) => void>();
  const parts: ChatParts<S> = {
    settings, store, createId, eventListeners,
    session: createSessionContinuity(options),
    queue: createTurnQueue(),
    history: createChatHistory(store.getState),
    contextSources: new Set(),
    disposers: new Set(),
    tree: null,
    tools: null,
    resumable: null,
    subAgents: null,
  };
  const chat: AgentChat<S> = {
    getState: store.api.getState,
    subscribe: store.api.subscribe,
    select(selector, listener, equals = Object.is) {
      let selected = selector(store.getState());
      return store.api.subscribe((state) => {
        const next = selector(state);
        if (equals(next, selected)) return;
        const previous = selected;
        selected = next;
        listener(next, previous);
      });
    },
    ...withoutFeatures(parts),
    ...turnOperations(parts),
    ...historyOperations(parts),
    onEvent(listener) {
      eventListeners.add(listener);
      return () => void eventListeners.delete(listener);
    },
    setCustom: (update) => writeCustom(store, update as CustomUpdate<S>),
    addContext: (entry) => addContextSource(parts.contextSources, entry),
    configure(next) {
      settings.options = { ...settings.options, ...next };
    },
    setFeedback: (messageId, feedback) => setMessageFeedback(parts, messageId, feedback),
    hasFeature: (name) => options.features?.some((feature) => feature.name === name) ?? false,
    dispose() {
      for (const disposer of parts.disposers) safely(disposer);
      parts.disposers.clear();
      parts.resumable?.stopPoll();
      parts.queue.dispose();
    },
  };
  for (const feature of options.features ?? []) Object.assign(chat, feature.install(parts as never, chat as never));
  registerChatStore(chat, store.api, parts.disposers);
  return chat;
}
