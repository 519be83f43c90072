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
import { isRecord, stringOr } from '../../util/guards.js';

const ENDS = ['done', 'failed', 'aborted', 'interrupted'];

/**
 * The events of a model chunk that carries `custom.subAgent`: its lifecycle, and its content decoded by `decode` as
 * the agent's own is (by the sub-agent's role and index), placed in the run. False for the agent's own chunks.
 */
export function genkitSubAgentEvents(chunk: Record<string, unknown>, decode: (chunk: Record<string, unknown>, events: AgentEvent[]) => void, events: AgentEvent[]): boolean {
  const run = isRecord(chunk.custom) ? chunk.custom.subAgent : undefined;
  const within = isRecord(run) ? run.path : undefined;
  if (!Array.isArray(within) || within.length === 0 || within.some((ref) => typeof ref !== 'string')) return false;
  const { status, agent, error } = run as Record<string, unknown>;
  if (status === 'running') events.push({ type: 'sub-agent-start', within, agent: stringOr(agent) } as AgentEvent);
  const own: AgentEvent[] = [];
  decode({ ...(run as Record<string, unknown>), content: chunk.content }, own);
  for (const event of own) events.push({ ...event, within } as AgentEvent);
  if (ENDS.includes(status as string)) events.push({ type: 'sub-agent-end', within, status, error: stringOr(error) } as AgentEvent);
  return true;
}
