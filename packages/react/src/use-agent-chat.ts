import { createAgentChat, type AgentChat, type AgentChatOptions, type ChatState, type SendOptions } from '@agent-chat/core';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useOptionalAgentChatContext } from './agent-chat-provider.js';
import { coalesceStore, type Throttle } from './frame-scheduler.js';

/**
 * Options of {@link useAgentChat}: a chat to create (once per mounted component), or an existing one to share.
 * A changed transport or callback applies from the next turn; `sessionId`, `snapshotId` and `state` are read once
 * (use `reset` to switch sessions).
 */
export type UseAgentChatOptions<S = unknown> = (
  | (AgentChatOptions<S> & { chat?: undefined })
  | { chat: AgentChat<S> }
) & {
  /** Commit coalescing while a turn streams: per animation frame (default), per N ms, or none (`false`). */
  throttle?: Throttle;
};

/** What {@link useAgentChat} returns: the chat's state, `isThinking`, and its stable actions. */
export interface UseAgentChatResult<S = unknown> extends ChatState<S> {
  /** True from `send` until the turn ends (also by a failure or a stop); like all state, seen from the next frame. */
  isThinking: boolean;
  send: AgentChat<S>['send'];
  sendStream: AgentChat<S>['sendStream'];
  resume: AgentChat<S>['resume'];
  /** Answers a client tool call that has no `execute` (see the `tools` option). */
  addToolResult: AgentChat<S>['addToolResult'];
  stop: AgentChat<S>['stop'];
  branch: AgentChat<S>['branch'];
  reset: AgentChat<S>['reset'];
  regenerate: AgentChat<S>['regenerate'];
  edit: AgentChat<S>['edit'];
  switchBranch: AgentChat<S>['switchBranch'];
  retry: AgentChat<S>['retry'];
  clearError: AgentChat<S>['clearError'];
  /** Changes the custom state at once (an immer recipe or a value); the agent gets the change with the next turn. */
  setCustom: AgentChat<S>['setCustom'];
  /** Rates a message, or takes the rating back with null (see the `onFeedback` option). */
  setFeedback: AgentChat<S>['setFeedback'];
  chat: AgentChat<S>;
}

// Resolved per call, not at module scope (SSR-safe); the branch taken never changes within one environment.
const useClientLayoutEffect: typeof useLayoutEffect = (effect, deps) =>
  (typeof document === 'undefined' ? useEffect : useLayoutEffect)(effect, deps);

function linkSignals(first: AbortSignal, second: AbortSignal | undefined): AbortSignal {
  if (!second) return first;
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([first, second]);
  const controller = new AbortController();
  for (const signal of [first, second]) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

/**
 * The chat hook: creates an AgentChat once per mounted component (or uses `options.chat`, or the nearest
 * `AgentChatProvider`'s) and renders its state, at most one commit per frame while a turn streams.
 */
export function useAgentChat<S = unknown>(options?: UseAgentChatOptions<S>): UseAgentChatResult<S> {
  const ownOptions = options && !options.chat ? (options as AgentChatOptions<S>) : undefined;
  const latest = useRef(ownOptions);
  // The owned chat's callbacks: they call the latest options' ones.
  const [forward] = useState<Pick<AgentChatOptions<S>, 'onChunk' | 'onTurnEnd' | 'onError' | 'onFeedback'>>(() => ({
    onChunk: (chunk) => latest.current?.onChunk?.(chunk),
    onTurnEnd: (response) => latest.current?.onTurnEnd?.(response),
    onError: (error) => latest.current?.onError?.(error),
    onFeedback: (feedback) => latest.current?.onFeedback?.(feedback),
  }));
  const [owned] = useState(() => ({ chat: null as AgentChat<S> | null, lifetime: null as AbortController | null }));
  if (ownOptions && !owned.chat) {
    // Created once, lazily: a chat has no side effects, so StrictMode's discarded render is harmless.
    // eslint-disable-next-line react-hooks/immutability -- a holder this component owns, filled once during render; setState would cost a second render
    owned.chat = createAgentChat<S>({ ...ownOptions, ...forward });
  }
  const context = useOptionalAgentChatContext<S>();
  const chat = options?.chat ?? (ownOptions ? owned.chat : context);
  if (!chat) throw new Error('useAgentChat() needs options, a `chat`, or an <AgentChatProvider> above it.');
  const ownsChat = chat === owned.chat;

  useClientLayoutEffect(() => {
    latest.current = ownOptions;
  });
  const transport = ownOptions?.transport;
  const generateId = ownOptions?.generateId;
  useClientLayoutEffect(() => {
    // A new transport (url, headers, fetch) applies from the next turn.
    if (ownsChat && transport) chat.configure(generateId ? { transport, generateId } : { transport });
  }, [chat, ownsChat, transport, generateId]);
  const tools = ownOptions?.tools;
  const maxToolRounds = ownOptions?.maxToolRounds;
  useClientLayoutEffect(() => {
    // The latest tools (an inline object is new every render) run from the next tool call on.
    if (ownsChat) chat.configure({ tools, maxToolRounds });
  }, [chat, ownsChat, tools, maxToolRounds]);
  useEffect(() => {
    if (!ownsChat) return;
    // An owned chat dies with its component: unmounting aborts its turns and releases the reader.
    return () => {
      owned.lifetime?.abort();
      owned.lifetime = null;
    };
  }, [owned, ownsChat]);

  const store = useMemo(() => coalesceStore(chat, options?.throttle ?? 'frame'), [chat, options?.throttle]);
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);

  const actions = useMemo(() => {
    const signalOf = (signal: AbortSignal | undefined) =>
      ownsChat ? linkSignals((owned.lifetime ??= new AbortController()).signal, signal) : signal;
    const withLifetime = <O extends SendOptions>(sendOptions: O | undefined): O =>
      ({ ...sendOptions, signal: signalOf(sendOptions?.signal) }) as O;
    return {
      send: ((input, sendOptions) => chat.send(input, withLifetime(sendOptions))) as AgentChat<S>['send'],
      sendStream: ((input, onChunk, sendOptions) => chat.sendStream(input, onChunk, withLifetime(sendOptions))) as AgentChat<S>['sendStream'],
      resume: ((parts, resumeOptions) => chat.resume(parts, withLifetime(resumeOptions))) as AgentChat<S>['resume'],
      addToolResult: ((result, resultOptions) => chat.addToolResult(result, withLifetime(resultOptions))) as AgentChat<S>['addToolResult'],
      stop: () => chat.stop(),
      branch: (snapshotId: string) => chat.branch(snapshotId),
      reset: ((init) => chat.reset(init)) as AgentChat<S>['reset'],
      regenerate: ((messageId, operationOptions) => chat.regenerate(messageId, withLifetime(operationOptions))) as AgentChat<S>['regenerate'],
      edit: ((messageId, input, operationOptions) => chat.edit(messageId, input, withLifetime(operationOptions))) as AgentChat<S>['edit'],
      switchBranch: (messageId: string, index: number) => chat.switchBranch(messageId, index),
      retry: ((operationOptions) => chat.retry(withLifetime(operationOptions))) as AgentChat<S>['retry'],
      clearError: () => chat.clearError(),
      setCustom: ((update) => chat.setCustom(update)) as AgentChat<S>['setCustom'],
      setFeedback: ((messageId, feedback) => chat.setFeedback(messageId, feedback)) as AgentChat<S>['setFeedback'],
      chat,
    };
  }, [chat, owned, ownsChat]);

  return useMemo(
    () => ({ ...state, isThinking: state.status === 'submitted' || state.status === 'streaming', ...actions }),
    [state, actions],
  );
}
