import type { ChatMessage, MessageUsage } from './message.js';
import { isToolRequestPart, type Part, type ToolRequestPart } from './part.js';

/** Where a sub-agent's run stands: `interrupted` while a question it asked waits for the user. */
export type SubAgentStatus = 'running' | 'done' | 'failed' | 'aborted' | 'interrupted';

/**
 * The run of another agent that a tool call started (an agent used as a tool): its own messages (text, reasoning,
 * its own tool calls, whose runs nest the same way), status, timing and usage. Kept on the tool call's part as
 * `metadata.subAgent`, so everything that keeps messages (the version tree, restore, threads, recordings) keeps it.
 */
export interface SubAgentRun {
  /** Which kind of agent this is (`researcher`), where the protocol names it. */
  agent?: string;
  /** The protocol's id of this one invocation, where it has one. */
  runId?: string;
  status: SubAgentStatus;
  messages: ChatMessage[];
  /** When the run started (ms since the epoch), as the kit saw it. */
  startedAt?: number;
  /** From its start to its end, as the kit measured it. */
  durationMs?: number;
  usage?: MessageUsage;
  /** What went wrong, for a failed run. */
  error?: string;
}

/** The metadata key of a tool call's part that carries its sub-agent's run. */
export const SUB_AGENT_KEY = 'subAgent';

/** How deep sub-agents may nest by default (a sub-agent's sub-agent is depth 2). */
export const DEFAULT_SUB_AGENT_DEPTH = 4;

/** The run a tool call's part carries, if it started a sub-agent. */
export function subAgentOf(part: Part): SubAgentRun | undefined {
  if (!isToolRequestPart(part)) return undefined;
  const run = part.metadata?.[SUB_AGENT_KEY];
  return typeof run === 'object' && run !== null && Array.isArray((run as SubAgentRun).messages) ? (run as SubAgentRun) : undefined;
}

/** The tool calls among `parts` that started a sub-agent, with their runs. */
export function subAgentCalls(parts: readonly Part[]): { part: ToolRequestPart; run: SubAgentRun }[] {
  const calls: { part: ToolRequestPart; run: SubAgentRun }[] = [];
  for (const part of parts) {
    const run = subAgentOf(part);
    if (run) calls.push({ part: part as ToolRequestPart, run });
  }
  return calls;
}
