/** One piece of app context the agent sees with the next turn: what it is, and its value (any JSON value). */
export interface AgentContextEntry {
  description: string;
  value: unknown;
}

/** Context a chat sends: entries, or a function read when each turn's request is built. */
export type AgentContextOption = readonly AgentContextEntry[] | (() => readonly AgentContextEntry[]);

/** The default bound on a turn's context, serialized as JSON: 64 KiB. */
export const DEFAULT_MAX_CONTEXT_BYTES = 64 * 1024;

/** A context value as text (AG-UI's `Context.value` is a string): strings as they are, anything else as JSON. */
export const contextValueText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? 'null');
