import { isToolRequestPart, type Part, type SubAgentRun } from '@agent-chat/core';

/** The sub-agent run a tool call's part carries (`metadata.subAgent`, as the core's reducer keeps it), if any. */
export function subAgentRunOf(part: Part): SubAgentRun | undefined {
  if (!isToolRequestPart(part)) return undefined;
  const run = part.metadata?.subAgent;
  return typeof run === 'object' && run !== null && Array.isArray((run as SubAgentRun).messages) ? (run as SubAgentRun) : undefined;
}
