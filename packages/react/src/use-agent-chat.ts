import type { AgentChat, AgentChatOptionKey, AgentChatOptions, ChatState, SendOptions } from '@agent-chat/core';
import { splitChatOptions } from '@agent-chat/core/binding';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useOptionalAgentChatContext } from './agent-chat-provider.js';
import { coalesceStore, DEFAULT_THROTTLE, type Throttle } from './frame-scheduler.js';
import { useOwnedChat } from './use-owned-chat.js';

/**
 * Options of {@link useAgentChat}: a chat to create (once per mounted component), or an existing one to share.
 * The whole object is handed to the chat on every render (a changed transport, callback, tool or limit applies from its
 * next use); `sessionId`, `snapshotId`, `state` and `customWrites` are read once (use `reset` to switch sessions).
 */
export type UseAgentChatOptions<S = unknown> = (
  | (AgentChatOptions<S> & { chat?: undefined })
  | { chat: AgentChat<S> }
) & {
  /** Commit coalescing while a turn streams: at most one per N ms on an animation frame (default 50), per frame (`'frame'`), or none (`false`). */
  throttle?: Throttle;
};

/** The chat's methods {@link useAgentChat} hands out, stable across renders (turns it starts end with the component). */
export type UseAgentChatActions<S = unknown> = Pick<
  AgentChat<S>,
  | 'send' | 'sendStream' | 'resume' | 'addToolResult' | 'stop' | 'branch' | 'reset'
  | 'regenerate' | 'edit' | 'switchBranch' | 'retry' | 'clearError' | 'setCustom' | 'setFeedback'
>;

/** What {@link useAgentChat} returns: the chat's state, `isThinking`, its stable actions (as on `AgentChat`) and the chat. */
export type UseAgentChatResult<S = unknown> = ChatState<S> & UseAgentChatActions<S> & {
  /** True from `send` until the turn ends (also by a failure or a stop); like all state, seen from the next frame. */
  isThinking: boolean;
  chat: AgentChat<S>;
};

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
 * `AgentChatProvider`'s, also when the options name no transport) and renders its state, at most one commit per 50 ms (on an animation frame) while a turn streams. The whole options
 * object is handed to the chat on every commit: a changed transport, callback, tool or limit applies from its next use.
 */
export function useAgentChat<S = unknown>(options?: UseAgentChatOptions<S>): UseAgentChatResult<S> {
  const context = useOptionalAgentChatContext<S>();
  // Options without a transport cannot make a working chat: inside a provider they take its chat instead (a view's
  // defaults, e.g. AgentChatView's features, must not hide the provider's conversation behind a new empty chat).
  const makes = options && !options.chat && !(context && !options.transport);
  const owned = useOwnedChat<S>(makes ? options : undefined);
  const chat = options?.chat ?? owned ?? context;
  if (!chat) throw new Error('useAgentChat() needs options, a `chat`, or an <AgentChatProvider> above it.');
  const ownsChat = chat === owned;
  const [lifetime] = useState(() => ({ controller: null as AbortController | null }));
  useEffect(() => {
    if (!ownsChat) return;
    // An owned chat dies with its component: unmounting aborts its turns and releases the reader.
    return () => {
      lifetime.controller?.abort();
      lifetime.controller = null;
    };
  }, [lifetime, ownsChat]);

  const store = useMemo(() => coalesceStore(chat, options?.throttle ?? DEFAULT_THROTTLE), [chat, options?.throttle]);
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);

  const actions = useMemo((): UseAgentChatActions<S> => {
    const signalOf = (signal: AbortSignal | undefined) =>
      ownsChat ? linkSignals((lifetime.controller ??= new AbortController()).signal, signal) : signal;
    const withLifetime = <O extends SendOptions>(callOptions: O | undefined) => ({ ...callOptions, signal: signalOf(callOptions?.signal) });
    return {
      send: (input, callOptions) => chat.send(input, withLifetime(callOptions)),
      sendStream: (input, onChunk, callOptions) => chat.sendStream(input, onChunk, withLifetime(callOptions)),
      resume: (parts, callOptions) => chat.resume(parts, withLifetime(callOptions)),
      addToolResult: (result, callOptions) => chat.addToolResult(result, withLifetime(callOptions)),
      regenerate: (messageId, callOptions) => chat.regenerate(messageId, withLifetime(callOptions)),
      edit: (messageId, input, callOptions) => chat.edit(messageId, input, withLifetime(callOptions)),
      retry: (callOptions) => chat.retry(withLifetime(callOptions)),
      stop: chat.stop.bind(chat),
      branch: chat.branch.bind(chat),
      reset: chat.reset.bind(chat),
      switchBranch: chat.switchBranch.bind(chat),
      clearError: chat.clearError.bind(chat),
      setCustom: chat.setCustom.bind(chat),
      setFeedback: chat.setFeedback.bind(chat),
    };
  }, [chat, lifetime, ownsChat]);

  return useMemo(
    () => ({ ...state, isThinking: state.status === 'submitted' || state.status === 'streaming', ...actions, chat }),
    [state, actions, chat],
  );
}

// The options `useAgentChat` takes besides the chat's own; `satisfies` keeps the list whole.
const HOOK_OPTIONS = { chat: true, throttle: true } as const satisfies Record<Exclude<keyof UseAgentChatOptions, AgentChatOptionKey>, true>;
const HOOK_OPTION_KEYS = Object.keys(HOOK_OPTIONS) as readonly (keyof typeof HOOK_OPTIONS)[];

/**
 * Splits a component's props into `useAgentChat` options (every chat option, `chat` and `throttle`) and the rest, e.g.
 * DOM props: for components that take the hook's options beside their own.
 */
export function splitUseAgentChatOptions<P extends object>(props: P) {
  return splitChatOptions(props, HOOK_OPTION_KEYS);
}
