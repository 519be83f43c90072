import type { AgentEvent } from '../model/events.js';
import type { FinishReason } from '../model/finish-reason.js';
import type { Message } from '../model/message.js';
import type { ToolRequestPart } from '../model/part.js';
import { upsertArtifact, type Artifact, type SnapshotInfo } from '../model/session.js';
import { SUB_AGENT_KEY, type SubAgentRun, type SubAgentStatus } from '../model/sub-agent.js';

/** Complete messages in stream order: a message completed again under the same key replaces its first completion. */
function messageList() {
  const messages: Message[] = [];
  const byKey = new Map<string, number>();
  return {
    messages,
    complete(message: Message, messageKey: string | undefined): void {
      const index = messageKey !== undefined ? byKey.get(messageKey) : undefined;
      if (index !== undefined) messages[index] = message;
      else {
        if (messageKey !== undefined) byKey.set(messageKey, messages.length);
        messages.push(message);
      }
    },
  };
}

interface FoldedRun extends ReturnType<typeof messageList> {
  within: readonly string[];
  agent?: string;
  runId?: string;
  status: SubAgentStatus;
}

/**
 * The sub-agent runs the stream carried (events `within` a tool call), each put on its call as `metadata.subAgent`
 * (deepest first, so a run's own calls carry theirs), with message ids and statuses as the store keeps them.
 */
function attachRuns(messages: Message[], runs: Map<string, FoldedRun>): void {
  const sorted = [...runs.values()].sort((a, b) => b.within.length - a.within.length);
  for (const run of sorted) {
    const holder = run.within.length === 1 ? messages : runs.get(run.within.slice(0, -1).join('\u0000'))?.messages;
    const ref = run.within[run.within.length - 1];
    const at = holder?.findIndex((message) => message.content.some((part) => 'toolRequest' in part && part.toolRequest.ref === ref)) ?? -1;
    if (!holder || at < 0) continue;
    const key = run.runId ?? `run:${ref}`;
    const kept: SubAgentRun = {
      ...(run.agent !== undefined ? { agent: run.agent } : {}),
      ...(run.runId !== undefined ? { runId: run.runId } : {}),
      status: run.status === 'running' ? 'done' : run.status,
      messages: run.messages.map((message, index) => ({ ...message, id: `${key}:${index}`, status: 'done' })),
    };
    const message = holder[at]!;
    holder[at] = {
      ...message,
      content: message.content.map((part) => ('toolRequest' in part && part.toolRequest.ref === ref ? { ...part, metadata: { ...part.metadata, [SUB_AGENT_KEY]: kept } } : part)),
    };
  }
}

/** One event of a sub-agent's run (`within` its call) folded into it. */
function foldRunEvent(runs: Map<string, FoldedRun>, event: AgentEvent, within: readonly string[]): void {
  const key = within.join('\u0000');
  let run = runs.get(key);
  if (!run) runs.set(key, (run = { ...messageList(), within, status: 'running' }));
  if (event.type === 'message-complete') run.complete(event.message, event.messageKey);
  else if (event.type === 'sub-agent-start') {
    if (typeof event.agent === 'string') run.agent = event.agent;
    if (event.runId !== undefined) run.runId = event.runId;
  } else if (event.type === 'sub-agent-end') run.status = event.status;
}

/**
 * A stored conversation sent as a stream (AG-UI's connect run: MESSAGES_SNAPSHOT, STATE_SNAPSHOT, artifacts, the open
 * interrupts) folded into a snapshot: complete messages in order, the last custom state, the artifacts, and the open
 * interrupts marked on the last model message (where a restored chat looks for them); the sub-agent runs it carried
 * (AG-UI's SUBAGENT_* events and attributed messages) on the tool calls that ran them.
 */
export function snapshotFromEvents(events: readonly AgentEvent[], fallbackId: string): SnapshotInfo {
  const { messages, complete } = messageList();
  const runs = new Map<string, FoldedRun>();
  const artifacts: Artifact[] = [];
  let custom: unknown;
  let interrupts: ToolRequestPart[] = [];
  let sessionId: string | undefined;
  let snapshotId: string | undefined;
  let finishReason: FinishReason | undefined;
  let raw: unknown = null;
  for (const event of events) {
    const within = 'within' in event ? event.within : undefined;
    if (within && within.length > 0) {
      foldRunEvent(runs, event, within);
      continue;
    }
    switch (event.type) {
      case 'message-complete':
        complete(event.message, event.messageKey);
        break;
      case 'custom-snapshot':
        custom = event.custom;
        break;
      case 'artifact-upsert':
        upsertArtifact(artifacts, event.artifact);
        break;
      case 'artifacts-snapshot':
        artifacts.splice(0, artifacts.length, ...event.artifacts);
        break;
      case 'interrupt-request':
        interrupts = interrupts.concat(event.parts);
        break;
      case 'session':
      case 'turn-start':
        sessionId = event.sessionId ?? sessionId;
        if (event.type === 'session') snapshotId = event.snapshotId ?? snapshotId;
        break;
      case 'turn-end':
        finishReason = event.finishReason;
        sessionId = event.sessionId ?? sessionId;
        snapshotId = event.snapshotId ?? snapshotId;
        raw = event.output ?? event.raw ?? null;
        break;
      default:
        break;
    }
  }
  attachRuns(messages, runs);
  markInterrupts(messages, interrupts);
  return {
    snapshotId: snapshotId ?? fallbackId,
    ...(sessionId ? { sessionId } : {}),
    ...(finishReason ? { finishReason } : {}),
    state: { ...(sessionId ? { sessionId } : {}), messages, custom, artifacts },
    raw,
  };
}

/** The open interrupts on the last model message: its own tool request of the same ref is marked, or the part added. */
function markInterrupts(messages: Message[], interrupts: readonly ToolRequestPart[]): void {
  if (interrupts.length === 0) return;
  let last = messages[messages.length - 1];
  if (!last || last.role !== 'model') {
    last = { role: 'model', content: [] };
    messages.push(last);
  }
  const content = [...last.content];
  for (const interrupt of interrupts) {
    const index = content.findIndex((part) => 'toolRequest' in part && part.toolRequest.ref === interrupt.toolRequest.ref);
    if (index >= 0) {
      const own = content[index] as ToolRequestPart;
      content[index] = { ...own, metadata: { ...own.metadata, ...interrupt.metadata, interrupt: interrupt.metadata?.interrupt ?? true } };
    } else content.push({ ...interrupt, metadata: { ...interrupt.metadata, interrupt: interrupt.metadata?.interrupt ?? true } });
  }
  messages[messages.length - 1] = { ...last, content };
}
