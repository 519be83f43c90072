import type { AgentEvent } from '../model/events.js';
import type { FinishReason } from '../model/finish-reason.js';
import type { Message } from '../model/message.js';
import type { ToolRequestPart } from '../model/part.js';
import { upsertArtifact, type Artifact, type SnapshotInfo } from '../model/session.js';

/**
 * A stored conversation sent as a stream (AG-UI's connect run: MESSAGES_SNAPSHOT, STATE_SNAPSHOT, artifacts, the open
 * interrupts) folded into a snapshot: complete messages in order, the last custom state, the artifacts, and the open
 * interrupts marked on the last model message (where a restored chat looks for them).
 */
export function snapshotFromEvents(events: readonly AgentEvent[], fallbackId: string): SnapshotInfo {
  const messages: Message[] = [];
  const byKey = new Map<string, number>();
  const artifacts: Artifact[] = [];
  let custom: unknown;
  let interrupts: ToolRequestPart[] = [];
  let sessionId: string | undefined;
  let snapshotId: string | undefined;
  let finishReason: FinishReason | undefined;
  let raw: unknown = null;
  for (const event of events) {
    switch (event.type) {
      case 'message-complete': {
        const index = event.messageKey !== undefined ? byKey.get(event.messageKey) : undefined;
        if (index !== undefined) messages[index] = event.message;
        else {
          if (event.messageKey !== undefined) byKey.set(event.messageKey, messages.length);
          messages.push(event.message);
        }
        break;
      }
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
