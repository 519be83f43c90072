import type { ChatMessage, MessageUsage } from './message.js';
import { isInterruptPart, isToolRequestPart, isToolResponsePart, type Part, type ToolRequestPart, type ToolResponsePart } from './part.js';

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

/**
 * The questions a message leaves open (`content`: the last message of a turn that ended interrupted): its interrupts,
 * where a call whose sub-agent asked (its run `interrupted`) stands for the questions of that run's last message, at
 * any depth, as the live stream leaves them (reduce-sub-agents.ts settleSubAgents). For a restore, a version switch.
 */
export function openInterrupts(content: readonly Part[]): ToolRequestPart[] {
  return content.flatMap((part) => {
    const run = part.metadata?.[SUB_AGENT_KEY] as SubAgentRun | undefined;
    return run?.status === 'interrupted' ? openInterrupts(run.messages[run.messages.length - 1]?.content ?? []) : isInterruptPart(part) ? [part] : [];
  });
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

/** The run a tool response part carries (`metadata.subAgent`: a server that keeps the run with the tool's result). */
function keptRunOf(part: Part): SubAgentRun | undefined {
  const run = isToolResponsePart(part) ? part.metadata?.[SUB_AGENT_KEY] : undefined;
  return typeof run === 'object' && run !== null && Array.isArray((run as SubAgentRun).messages) ? (run as SubAgentRun) : undefined;
}

/** A kept run's messages as the store keeps messages: an id (from `key`) and a status, at every depth. */
export function storedRun(run: SubAgentRun, key: string): SubAgentRun {
  const messages = run.messages.map((message, index) => ({
    ...message,
    id: typeof message.id === 'string' ? message.id : `${key}:${index}`,
    status: message.status ?? 'done',
    content: message.content.map((part, partIndex) => {
      const nested = subAgentOf(part);
      return nested ? { ...part, metadata: { ...part.metadata, [SUB_AGENT_KEY]: storedRun(nested, `${key}:${index}:${partIndex}`) } } : part;
    }),
  }));
  return { ...run, status: run.status ?? 'done', messages };
}

/**
 * Messages loaded whole (a restored session) whose tool results carry their sub-agent's run: each run moves onto
 * its call's part, where a streamed run is kept, so a run has one place whether it was streamed or restored. O(messages).
 */
export function liftSubAgentRuns<M extends { content: Part[] }>(messages: M[]): M[] {
  const calls = new Map<string, { message: number; part: number }>();
  let lifted: M[] | undefined;
  messages.forEach((message, messageIndex) => {
    message.content.forEach((part, partIndex) => {
      if (isToolRequestPart(part) && part.toolRequest.ref !== undefined) calls.set(part.toolRequest.ref, { message: messageIndex, part: partIndex });
      const run = keptRunOf(part);
      const ref = isToolResponsePart(part) ? part.toolResponse.ref : undefined;
      const at = ref !== undefined ? calls.get(ref) : undefined;
      if (!run || !at) return;
      lifted ??= messages.map((each) => ({ ...each, content: [...each.content] }));
      const { [SUB_AGENT_KEY]: _moved, ...rest } = part.metadata!;
      lifted[messageIndex]!.content[partIndex] = Object.keys(rest).length > 0 ? { ...part, metadata: rest } : { toolResponse: (part as ToolResponsePart).toolResponse };
      const call = lifted[at.message]!.content[at.part]!;
      if (!subAgentOf(call)) lifted[at.message]!.content[at.part] = { ...call, metadata: { ...call.metadata, [SUB_AGENT_KEY]: storedRun(run, `run:${ref}`) } };
    });
  });
  return lifted ?? messages;
}
