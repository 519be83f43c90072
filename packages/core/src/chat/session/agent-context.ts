import { DEFAULT_MAX_CONTEXT_BYTES, type AgentContextEntry, type AgentContextOption } from '../../model/context.js';
import { AgentChatError } from '../../model/error.js';

/** Context registered by parts of the app (`addContext`, `useAgentContext`): read at each turn, in registration order. */
export type ContextSources = Set<() => AgentContextEntry>;

/** Registers a context source; returns its removal. A getter is read at each turn, so its value is never stale. */
export function addContextSource(sources: ContextSources, entry: AgentContextEntry | (() => AgentContextEntry)): () => void {
  const source = typeof entry === 'function' ? entry : () => entry;
  sources.add(source);
  return () => void sources.delete(source);
}

/**
 * A turn's context: the chat option's entries, the registered ones, then the call's. Fails with `context-too-large`
 * when their JSON passes `maxBytes` (UTF-8), so nothing is sent that the agent would only see in part.
 */
export function turnContext(
  option: AgentContextOption | undefined, sources: ContextSources, call: readonly AgentContextEntry[] | undefined, maxBytes = DEFAULT_MAX_CONTEXT_BYTES,
): AgentContextEntry[] | AgentChatError {
  const entries = [...(typeof option === 'function' ? option() : option ?? []), ...[...sources].map((source) => source()), ...(call ?? [])];
  if (entries.length === 0) return entries;
  const bytes = new TextEncoder().encode(JSON.stringify(entries)).length;
  return bytes > maxBytes
    ? new AgentChatError('context-too-large', `The turn's context is ${bytes} bytes as JSON, over maxContextBytes (${maxBytes}); nothing was sent.`, { details: { bytes, maxBytes } })
    : entries;
}
