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
import { isRecord } from '../../util/guards.js';

/**
 * The events of a model chunk that carries `custom.subAgent`: its lifecycle, and its content decoded by `decode` as
 * the agent's own is (by the sub-agent's role and index), placed in the run. False for the agent's own chunks. The
 * fields are passed on as they came: the subAgents() feature checks them (a chat without it drops them all).
 */
export function genkitSubAgentEvents(chunk: Record<string, unknown>, decode: (chunk: Record<string, unknown>, events: AgentEvent[]) => void, events: AgentEvent[]): boolean {
  const run = isRecord(chunk.custom) ? chunk.custom.subAgent : undefined;
  if (!isRecord(run) || !Array.isArray(run.path)) return false;
  const { path: within, status } = run;
  if (status === 'running') events.push({ type: 'sub-agent-start', within, agent: run.agent } as AgentEvent);
  const own: AgentEvent[] = [];
  decode({ ...run, content: chunk.content }, own);
  for (const event of own) events.push({ ...event, within } as AgentEvent);
  if (status && status !== 'running') events.push({ type: 'sub-agent-end', within, status, error: run.error } as unknown as AgentEvent);
  return true;
}
