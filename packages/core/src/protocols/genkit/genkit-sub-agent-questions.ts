// A Genkit session stored while a sub-agent's question waits. The tool call that runs the sub-agent is the agent's
// interrupt and carries what the sub-agent asked (@agent-chat/server's `askedBy`), the Genkit session's only record of it:
//
//   {toolRequest: {name: 'research', ref}, metadata: {interrupt: {subAgent: {
//     asks: [...the sub-agent's questions: toolRequest parts with metadata.interrupt],
//     state: {messages, ...}              the sub-agent's session state, to resume it from
//     agent?: 'researcher'                its name
//   }}}}
//
// Only a restore reads it (the live stream forwarded the sub-agent's own chunks instead), so it sits in the snapshot's chunk.
import type { Message } from '../../model/message.js';
import { isToolRequestPart, type Part, type ToolRequestPart } from '../../model/part.js';
import { SUB_AGENT_KEY, storedRun, type SubAgentRun } from '../../model/sub-agent.js';
import { isRecord } from '../../util/guards.js';

/** The sub-agent's questions a call carries as its interrupt, with the sub-agent's messages and name. */
function askedOf(part: Part): { asks: ToolRequestPart[]; messages: Message[]; agent?: string } | undefined {
  if (!isToolRequestPart(part) || !isRecord(part.metadata?.interrupt)) return undefined;
  const asked = part.metadata.interrupt.subAgent;
  if (!isRecord(asked) || !Array.isArray(asked.asks)) return undefined;
  const asks = asked.asks.filter((ask): ask is ToolRequestPart => isRecord(ask) && isToolRequestPart(ask as unknown as Part));
  if (asks.length === 0) return undefined;
  const state = isRecord(asked.state) ? asked.state.messages : undefined;
  // Its brief (the user message the agent sent it) is the call's input, not the sub-agent's work.
  const messages = (Array.isArray(state) ? state : []).filter((message): message is Message =>
    isRecord(message) && (message.role === 'model' || message.role === 'tool') && Array.isArray(message.content));
  return { asks, messages, ...(typeof asked.agent === 'string' && { agent: asked.agent }) };
}

/**
 * The messages of a session that ended interrupted, the last one as the live stream left it: a call whose sub-agent
 * asked carries the sub-agent's run (`interrupted`, its messages ending with its questions) and is no question of its
 * own, so the sub-agent's questions are the open ones (model/sub-agent.ts openInterrupts; answered by their refs, the
 * server takes the answers back to the sub-agent). O(last message).
 */
export function liftSubAgentQuestions(messages: Message[]): Message[] {
  const last = messages[messages.length - 1];
  if (!last?.content.some((part) => askedOf(part))) return messages;
  const content = last.content.map((part): Part => {
    const asked = askedOf(part);
    if (!asked) return part;
    const { interrupt: _carried, ...metadata } = part.metadata!;
    const shown = new Set(asked.messages.flatMap((message) => message.content).filter(isToolRequestPart).map((request) => request.toolRequest.ref));
    const missing = asked.asks.filter((ask) => !shown.has(ask.toolRequest.ref));
    // The messages as the store keeps them (ids, statuses) are storedRun's to give.
    const run = {
      ...(asked.agent !== undefined && { agent: asked.agent }),
      status: 'interrupted',
      messages: [...asked.messages, ...(missing.length > 0 ? [{ role: 'model' as const, content: missing }] : [])],
    } as SubAgentRun;
    return { ...part, metadata: { ...metadata, [SUB_AGENT_KEY]: storedRun(run, `run:${(part as ToolRequestPart).toolRequest.ref ?? ''}`) } };
  });
  return [...messages.slice(0, -1), { ...last, content }];
}
