import type { AgentChat, AgentChatOptionKey, AgentChatOptions, ChatState } from '@agent-chat/core';
import { splitChatOptions } from '@agent-chat/core/binding';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useOptionalAgentChatContext } from './agent-chat-provider.js';
import { coalesceStore, DEFAULT_THROTTLE, type CoalescedStore, type Throttle } from './frame-scheduler.js';
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

/** How many times the component that made a chat mounted it: a cleanup disposes the chat unless it mounted again since. */
const MOUNTS = new WeakMap<object, number>();

/**
 * The chat hook: creates an AgentChat once per mounted component (or uses `options.chat`, or the nearest
 * `AgentChatProvider`'s, also when the options name no transport) and renders its state, at most one commit per 50 ms (on an animation frame) while a turn streams. The whole options
 * object is handed to the chat on every commit: a changed transport, callback, tool or limit applies from its next use.
 * The component renders only for the state it reads from the result (as SWR's `data`): one that takes only `chat` or
 * actions does not render while a turn streams, one that reads `messages` renders at each commit.
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
  useEffect(() => {
    if (!ownsChat) return;
    const mount = (MOUNTS.get(chat) ?? 0) + 1;
    MOUNTS.set(chat, mount);
    // The chat this component made dies with it (chat.dispose(): its turn aborted, its features let go); a chat passed
    // in is its owner's. A microtask later, so that StrictMode's unmount and mount again keep the chat working.
    return () => queueMicrotask(() => {
      if (MOUNTS.get(chat) === mount) chat.dispose();
    });
  }, [chat, ownsChat]);

  const store = useMemo(() => coalesceStore(chat, options?.throttle ?? DEFAULT_THROTTLE), [chat, options?.throttle]);
  // The state keys this component read from the result (in a render or later): only a change to one of them renders it,
  // as SWR's `data` / `error` / `isValidating`. A component that takes only `chat` or actions never renders per token.
  const [tracked] = useState(() => new Set<keyof ChatState>());
  const getView = useMemo(() => trackedSnapshot(store, tracked), [store, tracked]);
  const view = useSyncExternalStore(store.subscribe, getView, getView);

  const actions = useMemo(
    (): UseAgentChatActions<S> => ({
      send: chat.send.bind(chat),
      sendStream: chat.sendStream.bind(chat),
      resume: chat.resume.bind(chat),
      addToolResult: chat.addToolResult.bind(chat),
      regenerate: chat.regenerate.bind(chat),
      edit: chat.edit.bind(chat),
      retry: chat.retry.bind(chat),
      stop: chat.stop.bind(chat),
      branch: chat.branch.bind(chat),
      reset: chat.reset.bind(chat),
      switchBranch: chat.switchBranch.bind(chat),
      clearError: chat.clearError.bind(chat),
      setCustom: chat.setCustom.bind(chat),
      setFeedback: chat.setFeedback.bind(chat),
    }),
    [chat],
  );

  return useMemo(() => trackedResult(view, tracked, actions, chat), [view, tracked, actions, chat]);
}

// Every key of the chat's state, optional ones included (absent ones read as undefined); `satisfies` keeps the list whole.
const STATE_KEYS = Object.keys({
  messages: true, custom: true, artifacts: true, status: true, finishReason: true, turnEnd: true, interrupts: true,
  sessionId: true, snapshotId: true, error: true, clientToolCalls: true, connection: true, runningTurn: true,
  detached: true, customWrites: true, suggestions: true,
} as const satisfies Record<keyof ChatState, true>) as (keyof ChatState)[];

/**
 * A `useSyncExternalStore` snapshot that moves only when a tracked key changed. Otherwise the same object comes back
 * with the untracked keys brought up to date in place (as SWR's cached snapshot): a render for another reason, or a
 * key read for the first time, sees the latest state.
 */
function trackedSnapshot<S>(store: CoalescedStore<S>, tracked: ReadonlySet<keyof ChatState>): () => ChatState<S> {
  let seen: ChatState<S> | null = null;
  let view: ChatState<S> | null = null;
  return () => {
    const state = store.getSnapshot();
    if (view && state === seen) return view;
    seen = state;
    if (view) {
      const current: ChatState<S> = view;
      let same = true;
      for (const key of tracked) if (!Object.is(current[key], state[key])) same = false;
      if (same) {
        const target = current as unknown as Record<string, unknown>;
        for (const key of STATE_KEYS) target[key] = state[key];
        return current;
      }
    }
    view = { ...state };
    return view;
  };
}

/** The hook's result: the state's keys (and `isThinking`) as getters that record what the component reads. */
function trackedResult<S>(view: ChatState<S>, tracked: Set<keyof ChatState>, actions: UseAgentChatActions<S>, chat: AgentChat<S>): UseAgentChatResult<S> {
  const result: Record<string, unknown> = { ...actions, chat };
  for (const key of STATE_KEYS) {
    Object.defineProperty(result, key, {
      enumerable: true,
      configurable: true,
      get: () => {
        tracked.add(key);
        return view[key];
      },
    });
  }
  Object.defineProperty(result, 'isThinking', {
    enumerable: true,
    configurable: true,
    get: () => {
      tracked.add('status');
      return view.status === 'submitted' || view.status === 'streaming';
    },
  });
  return result as unknown as UseAgentChatResult<S>;
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
