import type { AgentChatOptions } from './chat-options.js';

/**
 * Every option of `createAgentChat`, by name, and when the chat reads it: `'live'` options apply from the next use
 * after `configure` (transport, callbacks, limits, tools …), `'initial'` ones are read when the chat is made (`reset`
 * takes new ones). `satisfies` holds it to `AgentChatOptions`: an option added there and not here fails the build, so
 * no entry point (`useAgentChat`, `AgentChatProvider`, `AgentChatView`) can drop one or leak it onto the DOM.
 */
const AGENT_CHAT_OPTIONS = {
  transport: 'live',
  sessionId: 'initial',
  snapshotId: 'initial',
  state: 'initial',
  customWrites: 'initial',
  onChunk: 'live',
  onTurnEnd: 'live',
  onError: 'live',
  onFeedback: 'live',
  generateId: 'live',
  tools: 'live',
  maxToolRounds: 'live',
  pollDetached: 'live',
  context: 'live',
  maxContextBytes: 'live',
  timeout: 'live',
  idleTimeout: 'live',
  maxDepth: 'live',
  maxFrameBytes: 'live',
  maxSubAgentDepth: 'live',
  features: 'initial',
} as const satisfies Record<keyof AgentChatOptions, 'live' | 'initial'>;

/** The name of an option of `createAgentChat`. */
export type AgentChatOptionKey = keyof typeof AGENT_CHAT_OPTIONS;

/** The options `configure` takes: the ones a chat reads again at each use. */
export type LiveChatOptionKey = { [K in AgentChatOptionKey]: (typeof AGENT_CHAT_OPTIONS)[K] extends 'live' ? K : never }[AgentChatOptionKey];

/** Every option name of `createAgentChat` (the list the compiler checks against `AgentChatOptions`). */
export const agentChatOptionKeys = Object.keys(AGENT_CHAT_OPTIONS) as readonly AgentChatOptionKey[];

/** True for the name of an option of `createAgentChat`. */
export function isAgentChatOptionKey(key: string): key is AgentChatOptionKey {
  return Object.hasOwn(AGENT_CHAT_OPTIONS, key);
}

/**
 * The options a chat reads at each use, from a whole options object: what `configure` is given on every render (an
 * option left out goes back to its default, as TanStack Query's `observer.setOptions` does).
 */
export function liveChatOptions<S>(options: AgentChatOptions<S>): Pick<AgentChatOptions<S>, LiveChatOptionKey> {
  const live: Partial<Record<AgentChatOptionKey, unknown>> = {};
  for (const key of agentChatOptionKeys) if (AGENT_CHAT_OPTIONS[key] === 'live') live[key] = options[key];
  return live as Pick<AgentChatOptions<S>, LiveChatOptionKey>;
}

/**
 * Splits props into the chat's options (every key of `AgentChatOptions`, plus the `extra` names the caller forwards
 * too, e.g. `chat` and `throttle`) and the rest (DOM props): nothing of the chat's reaches the DOM.
 */
export function splitChatOptions<P extends object, E extends string = never>(
  props: P, extra: readonly E[] = [],
): { options: Pick<P, Extract<keyof P, AgentChatOptionKey | E>>; rest: Omit<P, AgentChatOptionKey | E> } {
  const options: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (isAgentChatOptionKey(key) || (extra as readonly string[]).includes(key)) options[key] = value;
    else rest[key] = value;
  }
  return { options: options as Pick<P, Extract<keyof P, AgentChatOptionKey | E>>, rest: rest as Omit<P, AgentChatOptionKey | E> };
}
