/**
 * A sub-agent on Genkit's wire. Genkit has no sub-agent event: an agent that runs another agent inside a tool forwards
 * the sub-agent's stream as model chunks of the tool phase (`role: 'tool'`) whose `custom.subAgent` says whose they
 * are (`custom` is the model chunk's free slot for provider data):
 *
 *   {modelChunk: {role: 'tool', content: [...the sub-agent's parts], custom: {subAgent: {
 *     path: ['<ref of the tool call that runs it>', ...deeper calls],   outermost first
 *     agent?: 'researcher',              the sub-agent's name
 *     role?: 'model' | 'tool', index?,   the sub-agent's own chunk role and message index
 *     status?: 'running' | 'done' | 'failed' | 'aborted' | 'interrupted',   its start and end (content empty)
 *     error?: string                     why it failed
 *   }}}}
 *
 * @agent-chat/server writes it (`forwardSubAgent`), and translates it to AG-UI's and the AI SDK's own shapes.
 */
import type { AgentEvent } from '../../model/events.js';
import type { SubAgentStatus } from '../../model/sub-agent.js';
import { isRecord, stringOr } from '../../util/guards.js';

const STATUSES: ReadonlySet<string> = new Set(['running', 'done', 'failed', 'aborted', 'interrupted']);

/** The sub-agent a model chunk belongs to: its path and the fields above; undefined for the agent's own chunks. */
export function genkitSubAgentOf(chunk: Record<string, unknown>): { within: string[]; agent?: string; status?: SubAgentStatus; role?: unknown; index?: unknown; error?: string } | undefined {
  const subAgent = isRecord(chunk.custom) ? chunk.custom.subAgent : undefined;
  if (!isRecord(subAgent) || !Array.isArray(subAgent.path)) return undefined;
  const within = subAgent.path.filter((ref): ref is string => typeof ref === 'string');
  if (within.length === 0 || within.length !== subAgent.path.length) return undefined;
  const status = stringOr(subAgent.status);
  const agent = stringOr(subAgent.agent);
  const error = stringOr(subAgent.error);
  return {
    within,
    ...(agent !== undefined ? { agent } : {}),
    ...(status !== undefined && STATUSES.has(status) ? { status: status as SubAgentStatus } : {}),
    ...(subAgent.role !== undefined ? { role: subAgent.role } : {}),
    ...(subAgent.index !== undefined ? { index: subAgent.index } : {}),
    ...(error !== undefined ? { error } : {}),
  };
}

/** The lifecycle event a sub-agent chunk's `status` announces, if any. */
export function genkitSubAgentLifecycle(subAgent: NonNullable<ReturnType<typeof genkitSubAgentOf>>): AgentEvent | undefined {
  const { within, agent, status, error } = subAgent;
  if (status === 'running') return { type: 'sub-agent-start', within, ...(agent !== undefined ? { agent } : {}) };
  if (status === undefined) return undefined;
  return { type: 'sub-agent-end', within, status, ...(error !== undefined ? { error } : {}) };
}
