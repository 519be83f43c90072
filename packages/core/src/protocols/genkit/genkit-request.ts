import type { AgentInput } from '../../model/chunk.js';
import type { SessionState } from '../../model/session.js';
import { toGenkitPart } from './genkit-content.js';

/** Genkit's `AgentInit`: which state a turn starts from. */
export interface GenkitAgentInit {
  snapshotId?: string;
  sessionId?: string;
  state?: SessionState;
}

/** What a Genkit turn request is built from. */
export interface GenkitTurnContext {
  input: AgentInput;
  snapshotId: string | null;
  sessionId: string | null;
  /** Set for client-managed sessions: the full state is echoed back every turn. */
  state: SessionState | null;
}

/**
 * The body of one Genkit agent turn: `{data: AgentInput, init: AgentInit}`.
 * A client-managed session sends its state; otherwise the exact snapshot if known, else the session.
 */
export function buildGenkitRequestBody(context: GenkitTurnContext): { data: AgentInput; init: GenkitAgentInit } {
  const { snapshotId, sessionId } = context;
  // Source parts of a client-managed history go in Genkit's own shape (`custom.source`), which its part schema accepts.
  const state = context.state && { ...context.state, messages: context.state.messages.map((message) => ({ ...message, content: message.content.map(toGenkitPart) })) };
  return { data: context.input, init: state ? { state } : snapshotId ? { snapshotId } : sessionId ? { sessionId } : {} };
}
