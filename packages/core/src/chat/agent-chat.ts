import type { StoreApi } from 'zustand/vanilla';
import type { AgentChunk, AgentInput, AgentResponse } from '../model/chunk.js';
import { AgentChatError, toAgentChatError } from '../model/error.js';
import type { AgentEvent } from '../model/events.js';
import { userMessage, type ChatMessage } from '../model/message.js';
import { isInterruptPart, type Part } from '../model/part.js';
import type { SessionState, SnapshotInfo, SnapshotQuery } from '../model/session.js';
import type { Transport } from '../transports/transport.js';
import { initialChatState, type ChatState } from './chat-state.js';
import { toResumeResponses } from './resume-parts.js';
import { runTurn } from './run-turn.js';
import { createChatStore } from './store.js';
import { ROOT_ID } from './branch-tree.js';
import {
  createChatTree, decoratedMessages, lineEndOf, lineState, planEdit, planRegenerate, planRetry, recordTurn, restoredTree, settleTurn,
  type ChatTree, type RerunPlan,
} from './chat-operations.js';

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
  /** Stops the running turn (keeping its partial text), drops queued ones, and asks the server to stop. */
  stop(): Promise<void>;
  /** Continues from an earlier snapshot: the local view rewinds to it and the next turn forks there. */
  branch(snapshotId: string): void;
  /** Starts over, optionally from a session, a snapshot or a client-managed state. */
  reset(init?: ResetInit<S>): void;
  /** Reads a stored snapshot from the server. */
  getSnapshot(query: SnapshotQuery): Promise<SnapshotInfo<S>>;
  /**
   * Loads the conversation of a stored snapshot (default: the current snapshot or session) into the store.
   * `restoreChatTree(chat, record)` restores every line of a conversation tree instead.
   */
  restore(query?: SnapshotQuery): Promise<SnapshotInfo<S>>;
  /**
   * Listens to every normalized event as it is reduced (with its frame's raw value), without replacing the
   * callbacks given to `createAgentChat`/`configure`: for devtools and inspectors. Returns the unsubscribe.
   */
  onEvent(listener: (event: AgentEvent, raw: unknown) => void): () => void;
  /** Replaces the transport or callbacks; takes effect from the next turn. */
  configure(options: Partial<Omit<AgentChatOptions<S>, 'sessionId' | 'snapshotId' | 'state'>>): void;
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

/** Internal access to a chat's conversation tree, for `exportChatTree`/`restoreChatTree` (kept apart so that apps not using them do not ship them). */
interface ChatTreeAccess<S> {
  tree(): ChatTree<S>;
  generation(): number;
  /** Shows a restored tree, unless the chat moved on since `generation` (a turn, a reset); false then. */
  load(tree: ChatTree<S>, generation: number): boolean;
}
const TREE_ACCESS = new WeakMap<AgentChat<any>, ChatTreeAccess<any>>();

/** The tree access of a chat made by {@link createAgentChat}. */
export function chatTreeOf<S>(chat: AgentChat<S>): ChatTreeAccess<S> {
  const access = TREE_ACCESS.get(chat);
  if (!access) throw new AgentChatError('unsupported', 'Not a createAgentChat chat.');
  return access;
}

/** Per-call options of `regenerate`, `edit` and `retry`. */
export type OperationOptions<S = unknown> = SendOptions & { onChunk?: (chunk: AgentChunk<S>) => void };

/**
 * The messages of one line of history. The live line reads the store (its first `n` messages are those of any
 * checkpoint taken on it: turns only append); a line left by `branch`/`reset`/`restore` keeps its last array.
 */
interface Lineage {
  messages: ChatMessage[] | null;
}

/** A turn-end state without its messages (they are the first `messageCount` of its lineage): O(1) per turn, not O(history). */
interface Checkpoint<S> {
  messageCount: number;
  lineage: Lineage;
  state: Omit<ChatState<S>, 'messages'>;
}

let chatCount = 0;

/** Creates an {@link AgentChat}. No network traffic happens until the first turn. */
export function createAgentChat<S = unknown>(initialOptions: AgentChatOptions<S>): AgentChat<S> {
  let options = initialOptions;
  const prefix = `m${(++chatCount).toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  let idCount = 0;
  const createId = () => (options.generateId ? options.generateId() : `${prefix}-${(++idCount).toString(36)}`);

  const stateFromInit = (init: ResetInit<S> = {}): ChatState<S> =>
    initialChatState<S>({
      sessionId: init.sessionId ?? init.state?.sessionId ?? null,
      snapshotId: init.snapshotId ?? null,
      custom: init.state?.custom,
      artifacts: init.state?.artifacts ?? [],
      messages: (init.state?.messages ?? []).map((message) => ({ ...message, id: createId(), status: 'done' as const })),
    });

  const store = createChatStore<S>(stateFromInit(initialOptions));
  let clientState: SessionState<S> | null = initialOptions.state ?? null;
  let pendingSnapshotId: string | null = null;
  const checkpoints = new Map<string, Checkpoint<S>>();
  let lineage: Lineage = { messages: null };
  const checkpoint = (messageCount: number, state: ChatState<S>): Checkpoint<S> => {
    const { messages: _messages, ...rest } = state;
    return { messageCount, lineage, state: rest };
  };
  const messagesOf = (saved: Checkpoint<S>): ChatMessage[] =>
    (saved.lineage.messages ?? store.getState().messages).slice(0, saved.messageCount);
  /** The history is about to be rewritten from `keep` messages on: the old line keeps its array; checkpoints within `keep` move on. */
  const forkLineage = (keep: number): void => {
    const previous = lineage;
    previous.messages = store.getState().messages;
    lineage = { messages: null };
    for (const saved of checkpoints.values()) if (saved.lineage === previous && saved.messageCount <= keep) saved.lineage = lineage;
  };
  let tree: ChatTree<S> = createChatTree(lineEndOf(store.getState(), clientState), store.getState().messages, lineEndOf(store.getState(), clientState));
  let treeEpoch = 0; // bumped whenever the tree or the shown line is replaced: a turn that ran across it is not recorded
  let queue: Promise<unknown> = Promise.resolve();
  let queued = 0;
  let generation = 0; // bumped by stop/branch/reset: queued turns of an older generation do not run
  const running = new Set<AbortController>();
  const eventListeners = new Set<(event: AgentEvent, raw: unknown) => void>();

  const safely = <A extends unknown[]>(callback: ((...args: A) => void) | undefined, ...args: A): void => {
    if (!callback) return;
    try {
      callback(...args);
    } catch (error) {
      console.error('[agent-chat] a callback threw:', error);
    }
  };

  const abortedResponse = (): AgentResponse<S> => {
    const state = store.getState();
    return {
      text: '', message: null, toolRequests: [], interrupts: state.interrupts, finishReason: 'aborted',
      snapshotId: null, sessionId: state.sessionId, custom: state.custom, state: null, artifacts: [], error: null, raw: null,
    };
  };

  function enqueue(
    input: AgentInput, onChunk: ((chunk: AgentChunk<S>) => void) | undefined, signal: AbortSignal | undefined,
    plan?: () => RerunPlan<S> | AgentChatError,
  ) {
    const queuedIn = generation;
    const job = async (): Promise<AgentResponse<S>> => {
      if (queuedIn !== generation || signal?.aborted) {
        const response = abortedResponse();
        safely(onChunk, { turnEnd: { finishReason: 'aborted' }, raw: { turnEnd: { finishReason: 'aborted' } } });
        return response;
      }
      const rerun = plan ? startRerun(plan()) : null;
      if (rerun instanceof AgentChatError) return refuse(rerun, onChunk);
      if (rerun) input = rerun.input;
      const start = store.getState().messages.length;
      const epoch = treeEpoch;
      const controller = new AbortController();
      const abort = () => controller.abort();
      signal?.addEventListener('abort', abort, { once: true });
      running.add(controller);
      try {
        const { response, returnedState } = await runTurn<S>({
          store,
          transport: options.transport,
          input,
          clientState,
          signal: controller.signal,
          createId,
          onChunk: (chunk) => {
            safely(onChunk, chunk);
            safely(options.onChunk, chunk);
          },
          onError: (error) => safely(options.onError, error),
          onEvents: (events) => {
            for (const listener of eventListeners) for (const { event, raw } of events) safely(listener, event, raw);
          },
          ...(rerun?.inputMessageId ? { inputMessageId: rerun.inputMessageId } : {}),
          ...(rerun ? { rerun: rerun.rerun } : {}),
          settle: (draft, ended) => {
            if (epoch === treeEpoch) settleTurn(tree, draft, start, ended);
          },
        });
        if (returnedState) clientState = returnedState;
        if (epoch === treeEpoch) recordTurn(tree, store, start, input, clientState);
        pendingSnapshotId = response.finishReason === 'detached' ? response.snapshotId : null;
        if (response.snapshotId) {
          checkpoints.set(response.snapshotId, checkpoint(store.getState().messages.length, store.getState()));
        }
        safely(options.onTurnEnd, response);
        return response;
      } finally {
        running.delete(controller);
        signal?.removeEventListener('abort', abort);
      }
    };
    return schedule(job);
  }

  /** Runs a job after the queued ones; an idle chat starts it synchronously (status is 'submitted' as send returns). */
  function schedule<T>(job: () => Promise<T>): Promise<T> {
    // Counted down before the caller's await resumes, so that an operation issued right after it starts at once.
    const run = () => job().finally(() => queued--);
    const result = queued === 0 ? run() : queue.then(run, run);
    queued++;
    queue = result.catch(() => undefined);
    return result;
  }

  /** Shows the line up to `ids`' end with the state `end` holds (a switch, or the point a turn runs again from). */
  function showLine(ids: string[], end: RerunPlan<S>['end']): void {
    const messages = decoratedMessages(tree, ids);
    const current = store.getState().messages;
    let keep = 0;
    while (keep < messages.length && keep < current.length && messages[keep]!.id === current[keep]!.id) keep++;
    forkLineage(keep);
    treeEpoch++;
    replaceState(lineState(messages, end));
    clientState = end.clientState;
    pendingSnapshotId = null;
  }

  /** Checks a rerun against what the transport can do, and shows the line it runs from. */
  function startRerun(plan: RerunPlan<S> | AgentChatError): RerunPlan<S> | AgentChatError {
    if (plan instanceof AgentChatError) return plan;
    if (plan.end.unknown) return new AgentChatError('unsupported', 'Unknown point of a restored chat: see restoreChatTree.');
    if (options.transport.reruns === 'start' && plan.parentId !== ROOT_ID) {
      return new AgentChatError('unsupported', `${options.transport.name} threads cannot fork: only a first turn runs again.`);
    }
    showLine(tree.pathTo(plan.parentId), plan.end);
    return plan;
  }

  /** An operation that cannot run: the chat shows the error (clearError dismisses it) and nothing else changes. */
  function refuse(error: AgentChatError, onChunk: ((chunk: AgentChunk<S>) => void) | undefined): AgentResponse<S> {
    store.setState({ status: 'error', error });
    safely(options.onError, error);
    safely(onChunk, { turnEnd: { finishReason: 'failed' }, raw: null });
    return { ...abortedResponse(), finishReason: 'failed', error };
  }

  const toInput = (input: string | AgentInput): AgentInput => (typeof input === 'string' ? { message: userMessage(input) } : input);

  function abortLocally(): void {
    generation++;
    for (const controller of running) controller.abort();
  }

  function replaceState(next: ChatState<S>): void {
    store.setState(next, true as false);
  }

  function hydrate(info: SnapshotInfo<S>, parent: SnapshotInfo<S> | null = null): void {
    const state = info.state;
    const messages: ChatMessage[] = (state?.messages ?? []).map((message) => ({ ...message, id: createId(), status: 'done' }));
    const last = messages[messages.length - 1];
    const interrupted = info.finishReason === 'interrupted';
    forkLineage(0);
    replaceState(initialChatState<S>({
      messages,
      error: info.error ? new AgentChatError('server-error', info.error.message, info.error.status ? { serverStatus: info.error.status } : {}) : null,
      status: info.error ? 'error' : 'ready',
      custom: state?.custom,
      artifacts: state?.artifacts ?? [],
      sessionId: info.sessionId ?? state?.sessionId ?? null,
      // A failed or stopped snapshot holds the last good state; the next turn continues from the last good snapshot.
      snapshotId: info.error && info.parentId ? info.parentId : info.snapshotId,
      finishReason: info.finishReason ?? null,
      turnEnd: info.finishReason ? { finishReason: info.finishReason, snapshotId: info.snapshotId } : null,
      interrupts: interrupted && last ? last.content.filter(isInterruptPart) : [],
    }));
    checkpoints.set(info.snapshotId, checkpoint(messages.length, store.getState()));
    treeEpoch++;
    const before = parent?.state && {
      count: parent.state.messages.length,
      end: lineEndOf(initialChatState<S>({
        custom: parent.state.custom, artifacts: parent.state.artifacts, snapshotId: parent.snapshotId, sessionId: store.getState().sessionId,
        finishReason: parent.finishReason ?? null,
      }), null),
    };
    tree = restoredTree(messages, lineEndOf(store.getState(), null), before || undefined);
  }

  function resetTree(rootEnd: RerunPlan<S>['end']): void {
    treeEpoch++;
    tree = createChatTree(rootEnd, store.getState().messages, lineEndOf(store.getState(), clientState));
  }

  const chat: AgentChat<S> = {
    store,
    getState: store.getState,
    subscribe: store.subscribe,
    send: (input, sendOptions) => enqueue(toInput(input), undefined, sendOptions?.signal),
    sendStream: (input, onChunk, sendOptions) => enqueue(toInput(input), onChunk, sendOptions?.signal),
    resume(parts, resumeOptions) {
      // The answers are computed when the turn starts, against the interrupts pending then.
      const respond = toResumeResponses(parts, store.getState().interrupts);
      return enqueue({ resume: { respond } }, resumeOptions?.onChunk, resumeOptions?.signal);
    },
    async stop() {
      const { sessionId } = store.getState();
      const target = { sessionId, snapshotId: pendingSnapshotId };
      abortLocally();
      pendingSnapshotId = null;
      if (!options.transport.stop) return;
      try {
        await options.transport.stop(target);
      } catch (error) {
        safely(options.onError, toAgentChatError(error));
      }
    },
    branch(snapshotId) {
      abortLocally();
      const saved = checkpoints.get(snapshotId);
      if (saved) {
        const messages = messagesOf(saved);
        forkLineage(saved.lineage === lineage ? saved.messageCount : 0);
        replaceState({ ...saved.state, messages, status: 'ready', error: null, snapshotId });
        treeEpoch++;
        const last = messages.length > 0 ? messages[messages.length - 1]!.id : ROOT_ID;
        if (last === ROOT_ID || tree.has(last)) tree.cut(last);
        return;
      }
      forkLineage(0);
      replaceState(initialChatState<S>({ snapshotId, sessionId: store.getState().sessionId }));
      if (options.transport.getSnapshot) {
        chat.restore({ snapshotId }).catch((error) => safely(options.onError, toAgentChatError(error)));
      }
    },
    reset(init) {
      abortLocally();
      checkpoints.clear();
      lineage = { messages: null };
      clientState = init?.state ?? null;
      pendingSnapshotId = null;
      replaceState(stateFromInit(init));
      resetTree(lineEndOf(store.getState(), clientState));
    },
    async getSnapshot(query) {
      if (!options.transport.getSnapshot) {
        throw new AgentChatError('unsupported', `The ${options.transport.name} transport cannot read snapshots.`);
      }
      return (await options.transport.getSnapshot(query)) as SnapshotInfo<S>;
    },
    async restore(query) {
      const { snapshotId, sessionId } = store.getState();
      const target = query ?? (snapshotId ? { snapshotId } : sessionId ? { sessionId } : null);
      if (!target) throw new AgentChatError('unsupported', 'There is no snapshot or session to restore.');
      const before = generation;
      const info = await chat.getSnapshot(target);
      // The snapshot before its last turn: that turn can then run again (regenerate, edit, retry).
      const parent = info.parentId ? await chat.getSnapshot({ snapshotId: info.parentId }).catch(() => null) : null;
      if (before === generation && running.size === 0) hydrate(info, parent);
      return info;
    },
    onEvent(listener) {
      eventListeners.add(listener);
      return () => void eventListeners.delete(listener);
    },
    configure(next) {
      options = { ...options, ...next };
    },
    regenerate: (messageId, operationOptions) =>
      enqueue({}, operationOptions?.onChunk, operationOptions?.signal, () => planRegenerate(tree, messageId)),
    edit(messageId, input, operationOptions) {
      const next = toInput(input);
      return enqueue(next, operationOptions?.onChunk, operationOptions?.signal, () => planEdit(tree, messageId, next));
    },
    retry: (operationOptions) => enqueue({}, operationOptions?.onChunk, operationOptions?.signal, () => planRetry(tree)),
    switchBranch(messageId, index) {
      const queuedIn = generation;
      const apply = () => {
        if (queuedIn !== generation) return;
        if (!tree.has(messageId) || tree.show(tree.parentOf(messageId)!, index) === undefined) {
          safely(options.onError, new AgentChatError('unsupported', `No sibling ${index} of ${messageId}.`));
        } else showLine(tree.lineIds(), tree.lineEnd());
      };
      // At once when idle; after the running and queued turns otherwise.
      if (queued === 0) apply();
      else void schedule(async () => apply());
    },
    clearError() {
      if (store.getState().status === 'error') store.setState({ status: 'ready', error: null });
    },
  };
  TREE_ACCESS.set(chat, {
    tree: () => tree,
    generation: () => generation,
    load(restored, since) {
      if (since !== generation || running.size > 0) return false;
      tree = restored;
      forkLineage(0);
      showLine(tree.lineIds(), tree.lineEnd());
      return true;
    },
  });
  return chat;
}
