import type { AgentChat } from '@agent-chat/core';

// AgentChat<S> is invariant in S (its store and `reset` take an S), so neither `unknown` nor `never` accepts every
// chat; the components take any chat and never read its session state's shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one place the state type is erased, see above
export type AnySessionState = any;

/** A chat whatever its session state type. */
export type AnyAgentChat = AgentChat<AnySessionState>;
