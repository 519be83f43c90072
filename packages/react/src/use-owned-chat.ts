import { createAgentChat, type AgentChat, type AgentChatOptions } from '@agent-chat/core';
import { liveChatOptions } from '@agent-chat/core/binding';
import { useEffect, useLayoutEffect, useState } from 'react';

// Resolved per call, not at module scope (SSR-safe); the branch taken never changes within one environment.
export const useClientLayoutEffect: typeof useLayoutEffect = (effect, deps) =>
  (typeof document === 'undefined' ? useEffect : useLayoutEffect)(effect, deps);

// Read where bundlers replace it (Vite, webpack, Next: 'production' in production builds); absent elsewhere.
declare const process: { env: { NODE_ENV?: string } };
let warned = false;

/** Once per page: a chat made without a transport fails every turn, which is rarely what was meant. */
function warnNoTransport(): void {
  if (warned) return;
  warned = true;
  console.warn(
    'agent-chat: a chat was made with no transport (every turn will fail). Give it a `transport` (or `protocol` and `url`), ' +
      'a `chat`, or render it inside an <AgentChatProvider> whose chat it then shows.',
  );
}

/**
 * The warning in development only. The test is written where a bundler's `process.env.NODE_ENV` replacement folds it,
 * so a production build drops the warning and its text; with no bundler and no Node (`process` undefined) it is not a
 * development build: nothing.
 */
function inDevelopmentWarnNoTransport(): void {
  try {
    if (process.env.NODE_ENV !== 'production') warnNoTransport();
  } catch {
    // no bundler and no Node: not a development build
  }
}

/**
 * A chat made from options once per mounted component (null without options), handed the whole options object on
 * every commit (`configure` with the live options, as TanStack Query's `observer.setOptions`): a new transport,
 * callback, tool or limit applies from its next use, callbacks are never stale, and the chat is never re-created.
 * `sessionId`, `snapshotId`, `state` and `customWrites` are read once (`reset` switches sessions).
 */
export function useOwnedChat<S>(options: AgentChatOptions<S> | undefined): AgentChat<S> | null {
  const [owned] = useState(() => ({ chat: null as AgentChat<S> | null }));
  if (options && !owned.chat) {
    // Created once, lazily: a chat has no side effects, so StrictMode's discarded render is harmless.
    // eslint-disable-next-line react-hooks/immutability -- a holder this component owns, filled once during render; setState would cost a second render
    owned.chat = createAgentChat<S>(options);
    if (!options.transport) inDevelopmentWarnNoTransport();
  }
  useClientLayoutEffect(() => {
    if (options && owned.chat) owned.chat.configure(liveChatOptions(options));
  });
  return options ? owned.chat : null;
}
