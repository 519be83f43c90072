import type { AgentInput } from '../../model/chunk.js';
import type { SessionStateInit } from '../../model/session.js';
import type { AgentContextEntry } from '../../model/context.js';
import type { JsonPatchOperation } from '../../model/events.js';
import { toGenkitPart } from './genkit-content.js';

/**
 * Genkit's `AgentInit`: which state a turn starts from. The kit's one addition: `snapshotId: null` with a `sessionId`,
 * a named session's turn run again from the empty state (its first answer regenerated, or its first message edited),
 * which the kit's server runs from an empty start snapshot of the session (a plain Genkit server refuses it: with the
 * session alone it would continue the session's latest state).
 */
export interface GenkitAgentInit {
  snapshotId?: string | null;
  sessionId?: string;
  state?: SessionStateInit;
}

/** What a Genkit turn request is built from. */
export interface GenkitTurnContext {
  input: AgentInput;
  snapshotId: string | null;
  sessionId: string | null;
  /** Set for client-managed sessions: the full state is echoed back every turn (any field may be missing, as in Genkit's). */
  state: SessionStateInit | null;
  /** Local writes the agent has not seen (server-managed sessions send them as `data.customPatch`). */
  customWrites?: readonly JsonPatchOperation[];
  /** App context, sent in the user message's `metadata.context`. */
  context?: readonly AgentContextEntry[];
  /** Set when the turn runs again from an earlier point (`regenerate`, `edit`, `retry`). */
  rerun?: unknown;
  /** The conversation before this turn. */
  history?: readonly unknown[];
}

/**
 * What the kit adds to Genkit's `AgentInput`: `customPatch`, the client's pending custom-state writes as one RFC 6902
 * patch, which the kit's agent server applies to the session's state before the turn (a plain Genkit server drops it).
 */
export interface GenkitTurnInput extends AgentInput {
  customPatch?: JsonPatchOperation[];
}

/**
 * The body of one Genkit agent turn: `{data: AgentInput, init: AgentInit}`.
 * A client-managed session sends its state (local writes included); otherwise the exact snapshot if known, else the
 * session (a first turn run again: the session from its empty start, `snapshotId: null`), and local writes as
 * `data.customPatch`. App context goes in the user message's `metadata.context` (a turn
 * without a user message, answering interrupts only, carries none).
 */
export function buildGenkitRequestBody(context: GenkitTurnContext): { data: GenkitTurnInput; init: GenkitAgentInit } {
  const { snapshotId, sessionId, customWrites, context: entries } = context;
  // Source parts of a client-managed history go in Genkit's own shape (`custom.source`), which its part schema accepts.
  // Genkit's `SessionState` has every field optional: a state without messages is sent without them.
  const given = context.state;
  const state = given && (given.messages ? { ...given, messages: given.messages.map((message) => ({ ...message, content: message.content.map(toGenkitPart) })) } : { ...given });
  const data: GenkitTurnInput = { ...context.input };
  // Client-managed: the writes are in `state.custom` already.
  if (customWrites?.length && !state) data.customPatch = [...customWrites];
  if (entries?.length && data.message) data.message = { ...data.message, metadata: { ...data.message.metadata, context: [...entries] } };
  // A named session's first turn run again: from the empty state, not from the session's latest snapshot.
  const fromStart = !!context.rerun && !snapshotId && !!sessionId && (context.history?.length ?? 0) === 0;
  return { data, init: state ? { state } : snapshotId ? { snapshotId } : fromStart ? { sessionId, snapshotId: null } : sessionId ? { sessionId } : {} };
}
