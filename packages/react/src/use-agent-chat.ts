import type { AgentChat, AgentChatOptionKey, AgentChatOptions, ChatState } from '@agent-chat/core';
import { splitChatOptions } from '@agent-chat/core/binding';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useOptionalAgentChatContext } from './agent-chat-provider.js';
import { coalesceStore, DEFAULT_THROTTLE, inTurn, type Throttle } from './frame-scheduler.js';
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
  /**
   * Commit coalescing while a turn streams, on animation frames: the render budget (`'auto'`, the default: one per 50 ms,
   * stretched up to 150 ms while commits cost more than a tenth of the main thread), one per N ms, per frame (`'frame'`),
   * or none (`false`).
   */
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
 * `AgentChatProvider`'s, also when the options name no transport) and renders its state, at most one commit per 50 ms (on an animation frame; up to 150 ms apart while commits are costly: `throttle: 'auto'`) while a turn streams. The whole options
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

  const throttle = options?.throttle ?? DEFAULT_THROTTLE;
  // Per chat (and cadence): its store; the actions bound to it, and the chat (stable, read without tracking); the state
  // keys this component read from the result (in a render or later), whose changes alone render it, as SWR's `data` /
  // `error` / `isValidating` (a component that takes only `chat` or actions never renders per token); and a snapshot
  // that moves only when a tracked key changed: the state last seen with such a change (the result reads the latest
  // state, so a render for another reason sees every key as it is now).
  const [subscribe, getView, resultOf] = useMemo(() => {
    const store = coalesceStore(chat, throttle);
    const actions: Record<string, unknown> = { chat };
    for (const name of ACTIONS) actions[name] = chat[name].bind(chat);
    const tracked = new Set<keyof ChatState>();
    let last = store.getSnapshot();
    return [
      store.subscribe,
      () => {
        const state = store.getSnapshot();
        // eslint-disable-next-line react-hooks/immutability -- `last` is this getSnapshot's own memo, as useAgentChatSelector's
        return [...tracked].every((key) => last[key] === state[key]) ? last : (last = state);
      },
      // The result's keys are those of the state the render saw; reading a state key (or `isThinking`, which is
      // `status`) gives its latest value and makes its changes render the component.
      (view: ChatState<S>) => new Proxy({ ...view, isThinking: false, ...actions }, {
        get: (target, key: string) => {
          if (key in actions) return target[key as keyof typeof target];
          const state = store.getSnapshot();
          const thinking = key === 'isThinking';
          tracked.add(thinking ? 'status' : key as keyof ChatState);
          return thinking ? inTurn(state) : state[key as keyof ChatState];
        },
      }) as unknown as UseAgentChatResult<S>,
    ] as const;
  }, [chat, throttle]);
  const view = useSyncExternalStore(subscribe, getView, getView);
  // A new result when a tracked key changed (as the state's identity did before).
  return useMemo(() => resultOf(view), [resultOf, view]);
}

const ACTIONS = [
  'send', 'sendStream', 'resume', 'addToolResult', 'regenerate', 'edit', 'retry', 'stop', 'branch', 'reset', 'switchBranch',
  'clearError', 'setCustom', 'setFeedback',
] as const satisfies readonly (keyof UseAgentChatActions)[];

// The list whole: an action added to the result without its name here fails to compile.
type _ActionsAreWhole<T extends never = Exclude<keyof UseAgentChatActions, (typeof ACTIONS)[number]>> = T;

// The options `useAgentChat` takes besides the chat's own; the type below keeps the list whole.
type HookOption = Exclude<keyof UseAgentChatOptions, AgentChatOptionKey>;
const HOOK_OPTION_KEYS = ['chat', 'throttle'] as const satisfies readonly HookOption[];
type _HookOptionsAreWhole<T extends never = Exclude<HookOption, (typeof HOOK_OPTION_KEYS)[number]>> = T;

/**
 * Splits a component's props into `useAgentChat` options (every chat option, `chat` and `throttle`) and the rest, e.g.
 * DOM props: for components that take the hook's options beside their own.
 */
export function splitUseAgentChatOptions<P extends object>(props: P) {
  return splitChatOptions(props, HOOK_OPTION_KEYS);
}
