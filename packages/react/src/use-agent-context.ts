import type { AgentChat, AgentContextEntry } from '@agent-chat/core';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useOptionalAgentChatContext } from './agent-chat-provider.js';

/**
 * Tells the agent about part of the app while this component is mounted: the entry goes with every turn of the chat
 * (the nearest `AgentChatProvider`'s, or `chat`), with its latest value, and stops when the component unmounts.
 * Many components may register; entries keep their mount order.
 */
// As in use-agent-chat.ts: a layout effect in a browser, a plain one on a server (resolved per call, SSR-safe).
const useClientLayoutEffect: typeof useLayoutEffect = (effect, deps) =>
  (typeof document === 'undefined' ? useEffect : useLayoutEffect)(effect, deps);

export function useAgentContext(entry: AgentContextEntry, chat?: AgentChat): void {
  const provided = useOptionalAgentChatContext();
  const target = chat ?? provided;
  if (!target) throw new Error('useAgentContext() needs a chat: pass one, or call it inside an <AgentChatProvider>.');
  const latest = useRef(entry);
  // The value is read when a turn starts, so it is kept current after each commit, not registered again.
  useClientLayoutEffect(() => {
    latest.current = entry;
  });
  useEffect(() => target.addContext(() => latest.current), [target]);
}
